import { useId, useState, type ReactNode } from 'react';
import classes from './hint-tooltip.module.css';

export interface HintTooltipProps {
  label: string;
  /** Renders the element the hint describes; put the given id in its aria-describedby. */
  children: (tooltipId: string) => ReactNode;
}

/**
 * A short hint shown on hover and keyboard focus, in CSS (no positioning library in the
 * home page's bundle). Escape hides it until the pointer or focus leaves (WCAG 1.4.13).
 */
export function HintTooltip({ label, children }: HintTooltipProps) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  return (
    <span
      className={classes.root}
      data-dismissed={dismissed || undefined}
      onKeyDown={(event) => event.key === 'Escape' && setDismissed(true)}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      {children(id)}
      <span role="tooltip" id={id} className={classes.tip}>
        {label}
      </span>
    </span>
  );
}
