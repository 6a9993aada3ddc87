import type { ReactNode } from 'react';
import classes from './fact-list.module.css';

/** A card's facts as label and value side by side (<dt>/<dd> pairs); long values wrap anywhere. */
export function FactList({ children }: { children: ReactNode }) {
  return <dl className={classes.facts}>{children}</dl>;
}
