import type { ReceiptSameFile } from '@kwenda/contracts/admin';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';

/**
 * A receipt whose very file was uploaded for another booking (an approved receipt sent again is no
 * proof of a second payment): said first, with the other bookings, before staff approve it.
 */
export function ReceiptSameFileAlert({ sameFileAs }: { sameFileAs: ReceiptSameFile[] }) {
  const { t } = useTranslation('admin-desk');
  if (!sameFileAs.length) return null;
  return (
    <Alert color="red" variant="light" title={t('sameFile.title')} role="note">
      <Text size="sm">{t('sameFile.body')}</Text>
      <List size="sm" mt={4}>
        {sameFileAs.map((other) => (
          <List.Item key={other.receiptId}>
            <Anchor component={Link} to={`/admin/bookings/${other.bookingId}`} inherit fw={700}>
              {t('sameFile.item', {
                reference: `\u2066${other.bookingReference}\u2069`,
                status: t(`sameFile.statuses.${other.status}`),
              })}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
