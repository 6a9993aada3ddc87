import { Button } from '@mantine/core';
import { passengerCountRange, SEARCH_LIMITS } from '@kwenda/contracts/rules';
import { useTranslation } from '../../i18n/use-translation';
import { CountStepper } from '../../components/count-stepper';
import type { SearchState } from '../../lib/search-params';
import classes from './field.module.css';
import { countOf, type CountKey } from './search-form-state';
import panelClasses from './travellers-field.module.css';

export interface TravellersPanelProps {
  search: SearchState;
  onCount: (key: CountKey, value: number) => void;
  errors: string[];
  onDone: () => void;
}

/**
 * The travellers field's panel: at most 9 seats (adults and children), an infant per adult,
 * 2 checked bags, 1 carry-on.
 */
export function TravellersPanel({ search, onCount, errors, onDone }: TravellersPanelProps) {
  const { t } = useTranslation('search');
  const { t: tp } = useTranslation('search-panel');
  const { passengers } = search;
  // The party rules (contracts' passengerCountRange) stop the buttons; the notes say why they stopped.
  const seatsFull = passengers.adults + passengers.children >= SEARCH_LIMITS.seats;
  const lapsFull = passengers.infants >= passengers.adults;

  /** `note`: why a button stopped, in a live region so it is heard as it appears (false: nothing to say now). */
  const stepper = (key: CountKey, range: { min: number; max: number }, hint: string, note?: string | false) => {
    const label = t(`travellers.${key}`);
    return (
      <CountStepper
        key={key}
        label={label}
        hint={hint}
        value={countOf(search, key)}
        min={range.min}
        max={range.max}
        onChange={(value) => onCount(key, value)}
        incrementLabel={tp('travellers.increase', { item: label })}
        decrementLabel={tp('travellers.decrease', { item: label })}
      >
        {note === undefined ? null : (
          <p className={panelClasses.note} aria-live="polite" hidden={!note}>
            {note || null}
          </p>
        )}
      </CountStepper>
    );
  };
  const bags = (max: number) => ({ min: 0, max });

  return (
    <div className={panelClasses.panel}>
      <h2 className={panelClasses.title}>{tp('travellers.passengersTitle')}</h2>
      {stepper('adults', passengerCountRange(passengers, 'adults'), tp('travellers.adultsHint'))}
      {stepper('children', passengerCountRange(passengers, 'children'), tp('travellers.childrenHint'))}
      {stepper(
        'infants',
        passengerCountRange(passengers, 'infants'),
        tp('travellers.infantsHint'),
        lapsFull && tp('travellers.infantLimit'),
      )}
      {/* Heard as it appears: the plus buttons of adults and children just went off. */}
      <p className={panelClasses.note} aria-live="polite" hidden={!seatsFull}>
        {seatsFull ? tp('travellers.seatLimit', { max: SEARCH_LIMITS.seats }) : null}
      </p>
      {errors.length ? (
        <p className={classes.error} role="alert">
          {errors.join(' ')}
        </p>
      ) : null}
      <h2 className={panelClasses.title}>{tp('travellers.bagsTitle')}</h2>
      {stepper('hold', bags(SEARCH_LIMITS.hold), tp('travellers.holdHint'))}
      {stepper('carryOn', bags(SEARCH_LIMITS.carryOn), tp('travellers.carryOnHint'))}
      <Button fullWidth mt="sm" onClick={onDone}>
        {tp('travellers.done')}
      </Button>
    </div>
  );
}
