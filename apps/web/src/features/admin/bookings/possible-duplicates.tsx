import type { PossibleDuplicate } from '@kwenda/contracts/admin';
import { Alert, Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';

/** The other bookings' references, each a link to its page. */
function References({ duplicates }: { duplicates: PossibleDuplicate[] }) {
  const { t } = useTranslation('admin-bookings');
  return (
    <>
      {duplicates.map((other, index) => (
        <Fragment key={other.id}>
          {index > 0 ? t('duplicates.separator') : null}
          <Anchor component={Link} to={`/admin/bookings/${other.id}`} inherit fw={700}>
            <bdi dir="ltr">{other.bookingReference}</bdi>
          </Anchor>
        </Fragment>
      ))}
    </>
  );
}

/**
 * A booking whose passenger is booked on the same flights by someone else: taken (a stranger must
 * not learn that the person flies, nor block them), so staff check it before ticketing.
 */
export function PossibleDuplicateFlag({ duplicates }: { duplicates: PossibleDuplicate[] }) {
  const { t } = useTranslation('admin-bookings');
  if (!duplicates.length) return null;
  return (
    <Text size="xs" fw={600} c="orange.9">
      {t('duplicates.flag')} <References duplicates={duplicates} />
    </Text>
  );
}

/** The same, said in full at the top of the booking's page. */
export function PossibleDuplicateAlert({ duplicates }: { duplicates: PossibleDuplicate[] }) {
  const { t } = useTranslation('admin-bookings');
  if (!duplicates.length) return null;
  return (
    <Alert color="orange" variant="light" title={t('duplicates.title')} role="note">
      <Text size="sm">{t('duplicates.body')}</Text>
      <Text size="sm" mt={4}>
        {t('duplicates.others')} <References duplicates={duplicates} />
      </Text>
    </Alert>
  );
}
