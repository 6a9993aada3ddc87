import { receiptSearchQuerySchema, type ReceiptSearchItem } from '@kwenda/contracts/admin';
import { Badge, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ApiErrorAlert } from '../components/api-error-alert';
import { BookingLink } from '../components/booking-link';
import { BidiText, ltr } from '../lib/bidi';
import { useReceiptSearch } from './desk-api';
import { deskTime } from './desk-format';
import { ReceiptViewer } from './receipt-viewer';

const STATUS_COLOR = { submitted: 'blue', accepted: 'teal', rejected: 'red' } as const;

/**
 * Every receipt of any booking and status with a transaction number, typed by the traveller or read on
 * the receipt: the number is written as the server compares it (Arabic-Indic digits, spaces and dashes
 * as the bank prints them are accepted).
 */
export function ReceiptSearch() {
  const { t } = useTranslation('admin-desk');
  const [typed, setTyped] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const search = useReceiptSearch(searched);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule: written plainly (Latin digits, no spaces or dashes), 4 to 40 letters and digits.
    const parsed = receiptSearchQuerySchema.safeParse({ transactionNumber: typed });
    setInvalid(!parsed.success);
    if (parsed.success) setSearched(parsed.data.transactionNumber);
  };
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="receipt-search-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="receipt-search-title">
          {t('search.title')}
        </Title>
        <form onSubmit={submit} role="search" aria-labelledby="receipt-search-title" noValidate>
          <TextInput
            label={t('search.label')}
            description={t('search.hint')}
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={invalid ? t('search.invalid') : undefined}
            maxLength={80}
            autoComplete="off"
            dir="ltr"
            data-testid="receipt-search-input"
            // The button sits beside the field itself, below its label and hint.
            inputContainer={(input) => (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
                <Button type="submit" loading={search.isFetching}>
                  {t('search.submit')}
                </Button>
              </Group>
            )}
          />
        </form>
        {searched ? <SearchResults number={searched} query={search} /> : null}
      </Stack>
    </Card>
  );
}

function SearchResults({ number, query }: { number: string; query: ReturnType<typeof useReceiptSearch> }) {
  const { t } = useTranslation('admin-desk');
  if (query.isPending) return <Loader size="sm" role="status" aria-label={t('loading')} />;
  if (query.isError) return <ApiErrorAlert error={query.error} />;
  const receipts = query.data.receipts;
  return (
    <div role="status" data-testid="receipt-search-results">
      {receipts.length === 0 ? (
        <Text data-testid="receipt-search-empty">
          <BidiText>{t('search.empty', { number: ltr(number) })}</BidiText>
        </Text>
      ) : (
        <Stack gap="xs">
          <Text fw={600}>
            <BidiText>{t('search.results', { number: ltr(number), n: receipts.length })}</BidiText>
          </Text>
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {receipts.map((receipt) => (
              <SearchResult key={receipt.receiptId} receipt={receipt} />
            ))}
          </Stack>
        </Stack>
      )}
    </div>
  );
}

function SearchResult({ receipt }: { receipt: ReceiptSearchItem }) {
  const { t, i18n } = useTranslation('admin-desk');
  const [showFile, setShowFile] = useState(false);
  const number = (value: string | null) => (value ? <bdi dir="ltr">{value}</bdi> : t('search.none'));
  return (
    <li data-testid="receipt-search-item">
      <Card withBorder padding="sm" radius="sm">
        <Stack gap={4}>
          <Group gap="xs" justify="space-between">
            <Text fw={700}>
              <BookingLink id={receipt.bookingId} reference={receipt.bookingReference} inherit />
            </Text>
            <Badge color={STATUS_COLOR[receipt.status]} variant="light">
              {t(`sameFile.statuses.${receipt.status}`)}
            </Badge>
          </Group>
          <Text size="sm">{t('search.uploaded', { time: deskTime(receipt.uploadedAt, i18n.language) })}</Text>
          <Text size="sm">
            {t('search.typed')}: <b>{number(receipt.typedTransactionNumber)}</b> · {t('search.read')}:{' '}
            <b>{number(receipt.readTransactionNumber)}</b>
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setShowFile((shown) => !shown)}
            aria-expanded={showFile}
            style={{ alignSelf: 'flex-start' }}
          >
            {showFile ? t('search.hideFile') : t('search.showFile')}
          </Button>
          {showFile ? (
            <ReceiptViewer
              fileUrl={receipt.fileUrl}
              contentType=""
              title={t('search.fileOf', { reference: receipt.bookingReference })}
            />
          ) : null}
        </Stack>
      </Card>
    </li>
  );
}
