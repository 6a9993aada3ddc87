import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { adminFileUrl } from '../lib/admin-api';
import classes from './desk.module.css';

/**
 * A transfer receipt shown inline: the file is fetched with the staff token (it is never public) and
 * shown as an image, or a PDF in the browser's own viewer, with a link to open it full size.
 */
export function ReceiptViewer({ fileUrl, contentType, title }: { fileUrl: string; contentType: string; title: string }) {
  const { t } = useTranslation('admin-desk');
  const [file, setFile] = useState<{ url: string; type: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    // The API serves under /api/v1; adminFileUrl takes the path after it.
    adminFileUrl(fileUrl.replace(/^\/api\/v1/, ''), controller.signal)
      .then((loaded) => {
        url = loaded.url;
        setFile(loaded);
      })
      .catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileUrl]);
  if (failed)
    return (
      <Text c="red.8" role="alert">
        {t('transfers.receiptFailed')}
      </Text>
    );
  if (!file)
    return (
      <Center className={classes.receiptFrame} role="status">
        <Stack align="center" gap={4}>
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('transfers.receiptLoading')}</Text>
        </Stack>
      </Center>
    );
  const isPdf = (file.type || contentType) === 'application/pdf';
  return (
    <Stack gap={4}>
      {isPdf ? (
        <iframe src={file.url} title={title} className={classes.receiptPdf} />
      ) : (
        <img src={file.url} alt={title} className={classes.receiptImage} />
      )}
      <Anchor href={file.url} target="_blank" rel="noopener" size="sm">
        {t('transfers.openFile')}
      </Anchor>
    </Stack>
  );
}
