import { useState } from 'react';
import classes from './seats.module.css';

/** The airline's 28 px logo (public/airlines/<code>.png); its code on a grey tile when there is none. */
export function AirlineMark({ code, name }: { code: string; name?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <span className={classes.logoFallback} role="img" aria-label={name ?? code}>
        <span aria-hidden="true">{code}</span>
      </span>
    );
  return (
    <img
      className={classes.logo}
      src={`/airlines/${encodeURIComponent(code)}.png`}
      alt={name ?? code}
      width={28}
      height={28}
      onError={() => setFailed(true)}
    />
  );
}
