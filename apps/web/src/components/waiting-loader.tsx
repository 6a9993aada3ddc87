import { Loader, type LoaderProps } from '@mantine/core';
import classes from './waiting-loader.module.css';

/** Mantine's spinner, shown and turning only once a wait has lasted a second (waiting-loader.module.css). */
export function WaitingLoader({ className, ...props }: LoaderProps) {
  return <Loader {...props} className={className ? `${classes.waiting} ${className}` : classes.waiting} />;
}
