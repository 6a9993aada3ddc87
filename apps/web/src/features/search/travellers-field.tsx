import { Button } from '@mantine/core';
import { SEARCH_LIMITS } from '@kwenda/contracts/rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountStepper } from '../../components/count-stepper';
import { DropdownPanel } from '../../components/dropdown-panel';
import { IconChevronDown, IconUsers } from '../../components/icons';
import type { SearchState } from '../../lib/search-params';
import classes from './field.module.css';
import { countOf, type CountKey } from './search-form-state';
import panelClasses from './travellers-field.module.css';

export interface TravellersFieldProps {
  search: SearchState;
  onCount: (key: CountKey, value: number) => void;
  /** Translated problems with the passenger counts (infants without an adult, nobody travelling). */
  errors: string[];
}

const passengerKeys = ['adults', 'children', 'infants'] as const;
const bagKeys = ['hold', 'carryOn'] as const;

/** "1 adult, 1 checked bag": travellers who come, then bags asked for. */
export function useTravellersSummary(search: SearchState): string {
  const { t } = useTranslation('search');
  const parts = [...passengerKeys, ...bagKeys]
    .filter((key) => countOf(search, key) > 0)
    .map((key) => t(`travellers.summary.${key}`, { count: countOf(search, key) }));
  return parts.length ? parts.join(t('travellers.separator')) : t('travellers.nobody');
}

/** Passengers and bags behind one field (SPEC sections 5 and 9: 0 to 9 each, 2 checked bags, 1 carry-on). */
export function TravellersField({ search, onCount, errors }: TravellersFieldProps) {
  const { t } = useTranslation('search');
  const id = useId();
  const [opened, setOpened] = useState(false);
  const summary = useTravellersSummary(search);
  const { adults, infants } = search.passengers;

  const stepper = (key: CountKey, max: number, hint: string) => {
    const label = t(`travellers.${key}`);
    return (
      <CountStepper
        key={key}
        label={label}
        hint={hint}
        value={countOf(search, key)}
        min={0}
        max={max}
        onChange={(value) => onCount(key, value)}
        incrementLabel={t('travellers.increase', { item: label })}
        decrementLabel={t('travellers.decrease', { item: label })}
      />
    );
  };

  return (
    <div className={classes.field}>
      <span id={`${id}-label`} className={classes.label}>
        {t('travellers.label')}
      </span>
      <DropdownPanel
        opened={opened}
        onToggle={setOpened}
        label={t('travellers.dialog')}
        align="end"
        trigger={(props) => (
          <button
            type="button"
            className={classes.box}
            data-error={errors.length ? true : undefined}
            aria-labelledby={`${id}-label ${id}-summary`}
            aria-describedby={errors.length ? `${id}-error` : undefined}
            aria-invalid={errors.length ? true : undefined}
            {...props}
          >
            <IconUsers size={18} className={classes.icon} />
            <span id={`${id}-summary`} className={classes.value}>
              {summary}
            </span>
            <IconChevronDown size={16} className={classes.chevron} />
          </button>
        )}
      >
        {(close) => (
          <div className={panelClasses.panel}>
            <h2 className={panelClasses.title}>{t('travellers.passengersTitle')}</h2>
            {stepper('adults', SEARCH_LIMITS.adults, t('travellers.adultsHint'))}
            {stepper('children', SEARCH_LIMITS.children, t('travellers.childrenHint'))}
            {/* The contract allows one infant per adult (lap infants): the plus stops there and the hint says why. */}
            {stepper('infants', Math.min(SEARCH_LIMITS.infants, Math.max(adults, infants)), t('travellers.infantsHint'))}
            {errors.length ? (
              <p className={classes.error} role="alert">
                {errors.join(' ')}
              </p>
            ) : null}
            <h2 className={panelClasses.title}>{t('travellers.bagsTitle')}</h2>
            {stepper('hold', SEARCH_LIMITS.hold, t('travellers.holdHint'))}
            {stepper('carryOn', SEARCH_LIMITS.carryOn, t('travellers.carryOnHint'))}
            <Button fullWidth mt="sm" onClick={close}>
              {t('travellers.done')}
            </Button>
          </div>
        )}
      </DropdownPanel>
      {errors.length && !opened ? (
        <p id={`${id}-error`} className={classes.error}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
