import type { Booking } from '@kwenda/contracts';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDeadline } from '../../../lib/format/format-date';
import { formatPrice } from '../../../lib/format/format-price';
import classes from './booking.module.css';

/**
 * Where to send a transfer: each of the agency's accounts with the amount in the account's own
 * currency (a Bankak account in pounds is never asked for dollars), computed by the server at the
 * booking's rates. When no account takes the money, what to do instead.
 */
export function TransferInstructions({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation('booking');
  const language = i18n.language;
  if (!booking.transferAccounts.length)
    return (
      <Alert color="yellow" role="status" title={t('final.noAccountTitle')}>
        {t('final.noAccount', {
          currency: booking.currency,
          time: booking.holdExpiresAt ? formatDeadline(booking.holdExpiresAt, language) : '',
        })}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Text>{t('final.payToAccounts')}</Text>
      <div className={classes.accounts}>
        {booking.transferAccounts.map((account) => (
          <div key={account.accountNumber} className={classes.account} data-testid="transfer-account">
            <Text fw={700}>{language === 'ar' ? account.bankAr : account.bankEn}</Text>
            <Text size="lg" fw={700} data-testid="transfer-amount">
              {formatPrice(account.amount, account.currency, language)}
            </Text>
            <Text size="sm">
              {t('final.accountName')}: {account.accountName}
            </Text>
            <Text size="sm">
              {t('final.accountNumber')}: <strong dir="ltr">{account.accountNumber}</strong>
            </Text>
            {account.currency !== booking.currency && (
              // Mantine's dimmed grey is too faint to read on white (WCAG AA).
              <Text size="sm" c="gray.7">
                {t('final.convertedAmount', {
                  amount: formatPrice(booking.amount, booking.currency, language),
                  converted: formatPrice(account.amount, account.currency, language),
                })}
              </Text>
            )}
            {(language === 'ar' ? account.noteAr : account.noteEn) && (
              <Text size="sm">{language === 'ar' ? account.noteAr : account.noteEn}</Text>
            )}
          </div>
        ))}
      </div>
    </Stack>
  );
}
