import type { FareCondition, FareConditions } from '@kwenda/contracts';
import { Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { fareConditionKey, fareConditionState, type FareConditionState } from '../../../lib/format/fare-condition-state';
import type { OfferFormat } from '../hooks/use-offer-format';
import classes from './fare-conditions.module.css';

type Tone = 'yes' | 'no';

/** ✓ for what the fare allows, ✕ for what it does not: the badge's colour is never its only sign. */
function ToneIcon({ tone }: { tone: Tone }) {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.6}
      aria-hidden="true"
      focusable={false}
    >
      {tone === 'yes' ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />}
    </svg>
  );
}

/** The card's short badges: refundable or not, changeable or not. Nothing for a condition the airline does not state. */
export function FareConditionBadges({ conditions }: { conditions: FareConditions }) {
  const { t } = useTranslation('offers');
  const refund = fareConditionState(conditions.refundBeforeDeparture);
  const change = fareConditionState(conditions.changeBeforeDeparture);
  const badges: { key: string; tone: Tone; label: string }[] = [];
  if (refund === 'not-allowed') badges.push({ key: 'refund', tone: 'no', label: t('conditions.badges.nonRefundable') });
  else if (refund !== 'unknown') badges.push({ key: 'refund', tone: 'yes', label: t('conditions.badges.refundable') });
  if (change === 'not-allowed') badges.push({ key: 'change', tone: 'no', label: t('conditions.badges.notChangeable') });
  else if (change === 'free') badges.push({ key: 'change', tone: 'yes', label: t('conditions.badges.freeChanges') });
  else if (change !== 'unknown') badges.push({ key: 'change', tone: 'yes', label: t('conditions.badges.changeable') });
  if (badges.length === 0) return null;
  return (
    <ul className={classes.badges} aria-label={t('conditions.badges.label')}>
      {badges.map((badge) => (
        <li key={badge.key} className={classes.badge} data-tone={badge.tone}>
          <ToneIcon tone={badge.tone} />
          {badge.label}
        </li>
      ))}
    </ul>
  );
}

/** The details modal's section: each condition with its penalty in the offer's currency. */
export function FareConditionsSection({
  conditions,
  format,
  travellers,
}: {
  conditions: FareConditions;
  format: OfferFormat;
  travellers: number;
}) {
  const { t } = useTranslation('offers');
  const value = (condition: FareCondition | null, state: FareConditionState) =>
    state === 'fee'
      ? t('conditions.fee', { amount: format.price(condition!.penaltyAmount!, condition!.penaltyCurrency!) })
      : t(fareConditionKey[state]);
  const rows = [
    { key: 'refund', label: t('conditions.refund'), condition: conditions.refundBeforeDeparture },
    { key: 'change', label: t('conditions.change'), condition: conditions.changeBeforeDeparture },
  ].map((row) => ({ ...row, state: fareConditionState(row.condition) }));
  const anyFee = rows.some((row) => row.state === 'fee');
  const changeAllowed = rows[1]!.state !== 'not-allowed' && rows[1]!.state !== 'unknown';
  return (
    <section aria-labelledby="offer-conditions-title">
      <Title order={3} size="h5" id="offer-conditions-title" mb="xs">
        {t('conditions.title')}
      </Title>
      <dl className={classes.list}>
        {rows.map((row) => (
          <div key={row.key} className={classes.row}>
            <dt className={classes.term}>
              {row.state !== 'unknown' && (
                <span className={classes.icon} data-tone={row.state === 'not-allowed' ? 'no' : 'yes'}>
                  <ToneIcon tone={row.state === 'not-allowed' ? 'no' : 'yes'} />
                </span>
              )}
              {row.label}
            </dt>
            <dd className={classes.value}>{value(row.condition, row.state)}</dd>
          </div>
        ))}
      </dl>
      {(anyFee && travellers > 1) || changeAllowed ? (
        <Text size="xs" c="gray.7" mt={4}>
          {[anyFee && travellers > 1 && t('conditions.forAllTravellers'), changeAllowed && t('conditions.fareDifference')]
            .filter(Boolean)
            .join(' ')}
        </Text>
      ) : null}
    </section>
  );
}
