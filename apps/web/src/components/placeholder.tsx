import type { CSSProperties } from 'react';
import classes from './placeholder.module.css';

const size = (value: number | string | undefined) => (typeof value === 'number' ? `${value / 16}rem` : value);

/** A grey shape standing for content still loading, inside an element with `placeholderGroupProps`. */
export function PlaceholderShape({
  width,
  height,
  radius = 'sm',
  className,
}: {
  width?: number | string;
  height?: number | string;
  radius?: 'xs' | 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const style = {
    '--shape-width': size(width),
    '--shape-height': size(height),
    '--shape-radius': `var(--mantine-radius-${radius})`,
  } as CSSProperties;
  return <div className={className ? `${classes.shape} ${className}` : classes.shape} style={style} />;
}

/**
 * For the element around the shapes: they fade together while what they stand for loads, hidden from
 * assistive technology (the page says in words that it is loading) and marked `data-placeholder`, which
 * the journeys look for.
 */
export const placeholderGroupProps = { className: classes.group, 'aria-hidden': true, 'data-placeholder': '' } as const;
