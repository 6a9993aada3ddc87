import { Paper } from '@mantine/core';
import { PlaceholderShape, placeholderGroupProps } from '../../../components/placeholder';
import classes from './offers.module.css';

/** Placeholder with the card's shape while offers load. */
export function OfferCardSkeleton() {
  return (
    <Paper withBorder radius="md" {...placeholderGroupProps} className={`${classes.card} ${placeholderGroupProps.className}`}>
      <div className={classes.cardBody}>
        <div className={classes.slices}>
          <div className={classes.sliceHeader}>
            <PlaceholderShape height={32} width="40%" />
            <PlaceholderShape height={24} width="25%" />
          </div>
          <div className={classes.timeline}>
            <PlaceholderShape height={44} width={64} />
            <PlaceholderShape height={10} />
            <PlaceholderShape height={44} width={64} />
          </div>
          <PlaceholderShape height={12} width="60%" />
        </div>
        <div className={classes.aside}>
          <PlaceholderShape height={28} width={120} />
          <PlaceholderShape height={36} width={96} />
        </div>
      </div>
    </Paper>
  );
}
