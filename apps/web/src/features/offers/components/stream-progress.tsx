import '@mantine/core/styles/Progress.layer.css';
import { Progress, Stack, Text } from '@mantine/core';
import { WaitingLoader } from '../../../components/waiting-loader';
import { useTranslation } from '../../../i18n/use-translation';
import classes from './offers.module.css';

/**
 * How far a streamed search has come: "Searching airlines… 2 of 3" over a bar that fills from the
 * reading side. Read out politely as each batch arrives, not on every render. The bar has no moving
 * stripes: they repaint it on the main thread every frame while the offers arrive; the small spinner
 * beside the words turns on the compositor instead, and only once the search has taken a second.
 */
export function StreamProgress({ totalBatches, remainingBatches }: { totalBatches: number; remainingBatches: number }) {
  const { t } = useTranslation('offers');
  const answered = Math.max(0, totalBatches - remainingBatches);
  const label = t('stream.progress', { answered, total: totalBatches });
  return (
    <Stack
      gap={4}
      role="status"
      aria-live="polite"
      className={`${classes.resultCount} ${classes.streamProgress}`}
      data-stream-progress
    >
      <Text size="sm" className={classes.streamLabel}>
        <WaitingLoader size="xs" aria-hidden="true" />
        {label}
      </Text>
      <Progress
        value={totalBatches > 0 ? (answered / totalBatches) * 100 : 0}
        size="sm"
        radius="xl"
        aria-label={t('stream.progressLabel')}
      />
    </Stack>
  );
}
