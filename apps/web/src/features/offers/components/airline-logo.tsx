import type { Airline } from '@kwenda/contracts';
import { useState } from 'react';
import classes from './offers.module.css';

/** The airline's 32 px logo; its code on a grey tile when the logo cannot load. */
export function AirlineLogo({ airline, name }: { airline: Airline; name: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !airline.logo) {
    return (
      <span className={classes.logoFallback} role="img" aria-label={name}>
        <span aria-hidden="true">{airline.iataCode}</span>
      </span>
    );
  }
  return <img className={classes.logo} src={airline.logo} alt={name} width={32} height={32} onError={() => setFailed(true)} />;
}
