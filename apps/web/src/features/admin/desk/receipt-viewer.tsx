import type { DeskReceiptReading } from '@kwenda/contracts/admin';
import { ActionIcon, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { adminFileUrl } from '../lib/admin-api';
import { DeskModal } from '../components/desk-modal';
import classes from './desk.module.css';
import type { ReceiptField } from './receipt-reading';

/** Where the reader found each value on the image, in the pixels of `size`. */
export interface ReceiptBoxes {
  boxes: DeskReceiptReading['boxes'];
  size: NonNullable<DeskReceiptReading['size']>;
}

/**
 * A transfer receipt shown inline: the file is fetched with the staff token (it is never public) and
 * shown as an image, or a PDF in the browser's own viewer, with a link to open it full size. An image
 * opens larger in a dialog when tapped, and shows where each value read was found (`marks`), the
 * `highlighted` one stronger.
 */
export function ReceiptViewer({
  fileUrl,
  contentType,
  title,
  marks,
  highlighted = null,
}: {
  fileUrl: string;
  contentType: string;
  title: string;
  marks?: ReceiptBoxes | null;
  highlighted?: ReceiptField | null;
}) {
  const { t } = useTranslation('admin-desk');
  const [enlarged, setEnlarged] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
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
        <div className={classes.receiptFigure} dir="ltr" data-testid="receipt-figure">
          {/* The image opens larger on a tap; the button beside it does the same from the keyboard. */}
          <img src={file.url} alt={title} className={classes.receiptImage} onClick={() => setEnlarged(true)} />
          <BoxesOverlay marks={marks} highlighted={highlighted} />
          <ActionIcon
            className={classes.enlarge}
            variant="default"
            size="lg"
            aria-label={t('reading.enlarge')}
            onClick={() => setEnlarged(true)}
          >
            <span aria-hidden="true">⤢</span>
          </ActionIcon>
        </div>
      )}
      {enlarged ? (
        <DeskModal title={title} onClose={() => setEnlarged(false)} size="xl" fullScreen={phone}>
          <div className={`${classes.receiptFigure} ${classes.receiptFigureLarge}`} dir="ltr">
            <img src={file.url} alt={title} className={classes.receiptImage} />
            <BoxesOverlay marks={marks} highlighted={highlighted} />
          </div>
        </DeskModal>
      ) : null}
      <Anchor href={file.url} target="_blank" rel="noopener" size="sm">
        {t('transfers.openFile')}
      </Anchor>
    </Stack>
  );
}

/** The boxes of the values read, drawn over the image at its displayed size (the image's pixels, from its top-left). */
function BoxesOverlay({ marks, highlighted }: { marks?: ReceiptBoxes | null; highlighted: ReceiptField | null }) {
  if (!marks || marks.size.width <= 0 || marks.size.height <= 0) return null;
  const boxes = Object.entries(marks.boxes) as [ReceiptField, ReceiptBoxes['boxes'][ReceiptField]][];
  if (!boxes.length) return null;
  return (
    <svg
      className={classes.receiptBoxes}
      viewBox={`0 0 ${marks.size.width} ${marks.size.height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid="receipt-boxes"
    >
      {boxes.map(([field, box]) =>
        box ? (
          <rect
            key={field}
            data-field={field}
            data-highlighted={field === highlighted || undefined}
            x={Math.min(box.x0, box.x1)}
            y={Math.min(box.y0, box.y1)}
            width={Math.abs(box.x1 - box.x0)}
            height={Math.abs(box.y1 - box.y0)}
            className={field === highlighted ? classes.boxOn : classes.box}
            vectorEffect="non-scaling-stroke"
          />
        ) : null,
      )}
    </svg>
  );
}
