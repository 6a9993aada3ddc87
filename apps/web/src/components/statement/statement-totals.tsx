import type { AgentStatement } from '@kwenda/contracts/admin';
import { SimpleGrid, Text } from '@mantine/core';
import { formatPrice } from '../../lib/format/format-price';
import type { StatementT } from './statement-table';
import classes from './statement.module.css';

/**
 * A commission statement's month in three figures: the net commission in US dollars (and what it
 * comes to in the bookings' other currencies), the bookings earned and those reversed.
 */
export function StatementTotals({
  totals,
  language,
  t,
  totalLabel,
  figureSize,
  totalTestId,
}: {
  totals: AgentStatement['totals'];
  language: string;
  /** The translate function of the agent's or the desk's catalog: both name the figures alike. */
  t: StatementT;
  totalLabel: string;
  /** The agent's own page shows the figures larger than the desk's dialog. */
  figureSize: 'lg' | 'xl';
  totalTestId: string;
}) {
  const figure = `${classes.figure} ${figureSize === 'xl' ? classes.figureXl : classes.figureLg}`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <div>
        <Text size="sm" c="gray.7">
          {totalLabel}
        </Text>
        <Text className={figure} data-testid={totalTestId}>
          <bdi dir="ltr">{formatPrice(totals.commissionUsd, 'USD', language)}</bdi>
        </Text>
        {totals.byCurrency
          .filter((entry) => entry.currency !== 'USD')
          .map((entry) => (
            <Text key={entry.currency} size="sm" c="gray.7" className={classes.number}>
              {t('statement.inCurrency', { amount: formatPrice(entry.amount, entry.currency, language) })}
            </Text>
          ))}
      </div>
      <div>
        <Text size="sm" c="gray.7">
          {t('statement.earned')}
        </Text>
        <Text className={figure}>{totals.earned}</Text>
      </div>
      <div>
        <Text size="sm" c="gray.7">
          {t('statement.reversed')}
        </Text>
        <Text className={figure}>{totals.reversed}</Text>
      </div>
    </SimpleGrid>
  );
}
