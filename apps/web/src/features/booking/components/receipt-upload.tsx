import type { Booking } from '@kwenda/contracts';
import { BOOKING_LIMITS } from '@kwenda/contracts/rules';
import { Alert, Button, FileInput, Stack, TextInput, Title, useDirection } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { makeIcon } from '../../../components/icons';
import { ApiRequestError } from '../../../lib/api-client';
import { useUploadReceipt } from '../api/booking-api';
import { loadBookingContracts } from '../api/booking-contracts';
import { ReceiptFeedback } from './receipt-feedback';
import { ReceiptNumberHint } from './receipt-number-hint';
import classes from './receipt.module.css';

/** An arrow up out of a tray: the usual sign for choosing a file to send. */
const IconUpload = makeIcon(
  'IconUpload',
  <>
    <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5" />
    <path d="M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15" />
  </>,
);

/**
 * The bank transfer receipt (image or PDF) and the transfer's transaction number, both required: the
 * file is checked here and again by the server; the number is typed as the receipt prints it (Arabic-Indic
 * digits, spaces and dashes too) and sent normalized. Below, what the server read on each receipt.
 */
export function ReceiptUpload({ booking }: { booking: Booking }) {
  const { t } = useTranslation('booking');
  const { dir } = useDirection();
  const upload = useUploadReceipt(booking.id);
  const [file, setFile] = useState<File | null>(null);
  const [number, setNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [numberError, setNumberError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const fileProblem = (chosen: File | null) =>
    !chosen
      ? null
      : chosen.size > BOOKING_LIMITS.receiptMaxBytes
        ? t('receipt.tooLarge')
        : !(BOOKING_LIMITS.receiptTypes as readonly string[]).includes(chosen.type)
          ? t('receipt.badType')
          : null;
  /** The number's contract (transactionNumberSchema) comes with the contracts, loaded at the first check. */
  const transactionNumber = async (typed: string) => (await loadBookingContracts()).transactionNumberSchema.safeParse(typed);
  const numberProblem = async (typed: string) =>
    !typed.trim() ? t('receipt.number.missing') : (await transactionNumber(typed)).success ? null : t('receipt.number.invalid');

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setDone(false);
    setProblem(fileProblem(chosen));
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    const [parsed, numberError] = await Promise.all([transactionNumber(number), numberProblem(number)]);
    const missingFile = file ? fileProblem(file) : t('receipt.fileMissing');
    setProblem(missingFile);
    setNumberError(numberError);
    if (!file || missingFile || !parsed.success) return;
    upload.mutate(
      { file, transactionNumber: parsed.data },
      {
        onSuccess: () => {
          setDone(true);
          setFile(null);
          setNumber('');
        },
        onError: (error) => {
          if (!(error instanceof ApiRequestError)) return setProblem(t('loadFailed'));
          // The server refused the number it was sent: said under the number, not under the file.
          if (error.status === 400 && error.body?.fields?.some((field) => field.path === 'transactionNumber'))
            return setNumberError(t('receipt.number.invalid'));
          setProblem(
            error.status === 413
              ? t('receipt.tooLarge')
              : error.status === 403
                ? t(`codes.${error.code}` as never, { defaultValue: t('loadFailed') })
                : error.status === 400
                  ? t('receipt.badType')
                  : t('loadFailed'),
          );
        },
      },
    );
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
      <form
        onSubmit={(event) => void send(event).catch(() => setProblem(t('loadFailed')))}
        noValidate
        aria-labelledby="receipt-title"
        className={classes.form}
      >
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
          required
        />
        <div>
          <TextInput
            label={t('receipt.number.label')}
            description={t('receipt.number.description')}
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            value={number}
            onChange={(event) => {
              setNumber(event.currentTarget.value);
              setDone(false);
              if (numberError) setNumberError(null);
            }}
            onBlur={() => number && void numberProblem(number).then(setNumberError, () => undefined)}
            error={numberError}
            // Bankak's numbers are digits: the phone opens its number pad; letters typed or pasted are kept.
            inputMode="numeric"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            // The number reads left to right; its label, hint and error follow the page.
            dir="ltr"
            wrapperProps={{ dir }}
            data-testid="transaction-number"
            required
          />
          <ReceiptNumberHint />
        </div>
        <Button type="submit" loading={upload.isPending} style={{ alignSelf: 'flex-start' }} data-testid="receipt-submit">
          {t('receipt.upload')}
        </Button>
      </form>
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
      {booking.receipts.length > 0 && <ReceiptFeedback booking={booking} />}
    </Stack>
  );
}
