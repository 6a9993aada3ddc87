import type { FareCondition, FareConditions } from '@kwenda/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { fareConditionKey, fareConditionState } from '../../../lib/format/fare-condition-state';
import classes from './booking.module.css';

/**
 * Refund and change before departure as the offer was booked (the same words as on the offers page),
 * penalties in the booking's currency. Nothing for bookings made before conditions were recorded.
 */
export function BookingFareConditions({
  conditions,
  travellers,
  price,
}: {
  conditions: FareConditions | null;
  travellers: number;
  price: (amount: number) => string;
}) {
  const { t } = useTranslation('booking');
  if (!conditions) return null;
  const value = (condition: FareCondition | null) => {
    const state = fareConditionState(condition);
    return state === 'fee' ? t('conditions.fee', { amount: price(condition!.penaltyAmount!) }) : t(fareConditionKey[state]);
  };
  const anyFee = [conditions.refundBeforeDeparture, conditions.changeBeforeDeparture].some(
    (condition) => fareConditionState(condition) === 'fee',
  );
  const changeState = fareConditionState(conditions.changeBeforeDeparture);
  const notes = [
    anyFee && travellers > 1 && t('conditions.forAllTravellers'),
    changeState !== 'not-allowed' && changeState !== 'unknown' && t('conditions.fareDifference'),
  ].filter(Boolean);
  return (
    <Stack gap={4} component="section" aria-labelledby="booking-conditions-title">
      <Title order={3} size="h6" id="booking-conditions-title">
        {t('conditions.title')}
      </Title>
      {[
        { key: 'refund', label: t('conditions.refund'), condition: conditions.refundBeforeDeparture },
        { key: 'change', label: t('conditions.change'), condition: conditions.changeBeforeDeparture },
      ].map(({ key, label, condition }) => (
        <div key={key} className={classes.summaryRow}>
          <span>{label}</span>
          {/* A fee stays on one line ("Fee: SDG 260,000"), however narrow the column. */}
          <span style={fareConditionState(condition) === 'fee' ? { whiteSpace: 'nowrap' } : undefined}>{value(condition)}</span>
        </div>
      ))}
      {notes.length > 0 && (
        <Text size="xs" c="gray.7">
          {notes.join(' ')}
        </Text>
      )}
    </Stack>
  );
}
