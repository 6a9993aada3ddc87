import type { Booking } from '@kwenda/contracts';
import { BOOKING_LIMITS } from '@kwenda/contracts/rules';
import { Alert, Button, FileInput, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { makeIcon } from '../../../components/icons';
import { ApiRequestError } from '../../../lib/api-client';
import { useUploadReceipt } from '../api/booking-api';

/** An arrow up out of a tray: the usual sign for choosing a file to send. */
const IconUpload = makeIcon(
  'IconUpload',
  <>
    <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5" />
    <path d="M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15" />
  </>,
);

/** The bank transfer receipt (image or PDF): checked here, checked again by the server. */
export function ReceiptUpload({ booking }: { booking: Booking }) {
  const { t } = useTranslation('booking');
  const upload = useUploadReceipt(booking.id);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setDone(false);
    if (!chosen) return setProblem(null);
    if (chosen.size > BOOKING_LIMITS.receiptMaxBytes) return setProblem(t('receipt.tooLarge'));
    if (!(BOOKING_LIMITS.receiptTypes as readonly string[]).includes(chosen.type)) return setProblem(t('receipt.badType'));
    setProblem(null);
  };
  const send = () => {
    if (!file || problem || upload.isPending) return;
    upload.mutate(file, {
      onSuccess: () => {
        setDone(true);
        setFile(null);
      },
      onError: (error) =>
        setProblem(
          error instanceof ApiRequestError && error.status === 413
            ? t('receipt.tooLarge')
            : error instanceof ApiRequestError && error.status === 403
              ? t(`codes.${error.code}` as never, { defaultValue: t('loadFailed') })
              : error instanceof ApiRequestError && error.status === 400
                ? t('receipt.badType')
                : t('loadFailed'),
        ),
    });
  };
  const rejected = booking.statusTrigger === 'receipt-rejected';
  return (
    <Stack gap="sm" component="section" aria-labelledby="receipt-title">
      <Title order={3} size="h4" id="receipt-title">
        {t('receipt.title')}
      </Title>
      {rejected && (
        <Alert color="red" role="alert">
          {t('receipt.rejected')}
        </Alert>
      )}
      <FileInput
        label={t('receipt.file')}
        // Without a prompt the empty field reads as a blank box, not as something to press.
        placeholder={t('receipt.placeholder')}
        leftSection={<IconUpload size={18} />}
        description={t('receipt.hint')}
        styles={{
          description: { color: 'var(--mantine-color-gray-7)' },
          placeholder: { color: 'var(--mantine-color-gray-7)' },
        }}
        accept={BOOKING_LIMITS.receiptTypes.join(',')}
        value={file}
        onChange={choose}
        error={problem}
        clearable
      />
      <Button onClick={send} disabled={!file || Boolean(problem)} loading={upload.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('receipt.upload')}
      </Button>
      {done && (
        <Alert color="teal" role="status">
          {t('receipt.uploaded')}
        </Alert>
      )}
      {/* Said, not refused: one transfer may pay two bookings. The other booking is never named. */}
      {done && booking.receipts.at(-1)?.sameFileElsewhere && (
        <Alert color="yellow" role="alert">
          {t('receipt.sameFile')}
        </Alert>
      )}
      {booking.receipts.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            {t('receipt.list')}
          </Text>
          <List size="sm">
            {booking.receipts.map((r) => (
              <List.Item key={r.id}>
                <span dir="ltr">{r.fileName}</span> — {t(`receipt.status.${r.status}`)}
                {r.sameFileElsewhere ? ` — ${t('receipt.sameFileShort')}` : null}
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}
