import { Paper, Skeleton } from '@mantine/core';
import classes from './offers.module.css';

/** Placeholder with the card's shape while offers load. */
export function OfferCardSkeleton() {
  return (
    <Paper withBorder radius="md" className={classes.card} aria-hidden="true">
      <div className={classes.cardBody}>
        <div className={classes.slices}>
          <div className={classes.sliceHeader}>
            <Skeleton height={32} width="40%" radius="sm" />
            <Skeleton height={24} width="25%" radius="sm" />
          </div>
          <div className={classes.timeline}>
            <Skeleton height={44} width={64} />
            <Skeleton height={10} />
            <Skeleton height={44} width={64} />
          </div>
          <Skeleton height={12} width="60%" />
        </div>
        <div className={classes.aside}>
          <Skeleton height={28} width={120} />
          <Skeleton height={36} width={96} />
        </div>
      </div>
    </Paper>
  );
}
