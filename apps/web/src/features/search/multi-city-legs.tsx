import { ActionIcon, Button } from '@mantine/core';
import { addDays, SEARCH_LIMITS } from '@kwenda/contracts/rules';
import { useTranslation } from '../../i18n/use-translation';
import { IconPlaneArrival, IconPlaneDeparture, IconPlus, IconTrash } from '../../components/icons';
import type { SearchLeg } from '../../lib/search-params';
import { AirportPicker, type AirportData } from './airport-picker';
import { DateField } from './date-field';
import classes from './search-form.module.css';
import type { LegPatch } from './search-form-state';
import { SwapButton } from './swap-button';

export interface MultiCityLegsProps {
  legs: SearchLeg[];
  airports: AirportData;
  today: string;
  onLeg: (id: string, patch: LegPatch) => void;
  onSwap: (id: string) => void;
  onAdd: () => void;
  onRemove: (id: string) => void;
  /** The translated message of a field (`slices.1.departureDate`), if any. */
  errorAt: (path: string) => string | undefined;
}

/** A multi-city trip has 2 to 9 flights; the add button goes at 9, the remove buttons at 2. */
export function MultiCityLegs({ legs, airports, today, onLeg, onSwap, onAdd, onRemove, errorAt }: MultiCityLegsProps) {
  const { t } = useTranslation('search');
  const lastDay = addDays(today, SEARCH_LIMITS.maxDaysAhead);
  const canRemove = legs.length > SEARCH_LIMITS.minLegs;
  return (
    <div className={classes.legs}>
      {legs.map((leg, index) => {
        const number = index + 1;
        const previousDate = legs[index - 1]?.departureDate;
        const path = (field: string) => `slices.${index}.${field}`;
        return (
          <fieldset key={leg.id} className={classes.leg}>
            <legend className={classes.legLegend}>
              <span>{t('legs.title', { number })}</span>
            </legend>
            {canRemove ? (
              <ActionIcon
                variant="subtle"
                color="red.8"
                size={36}
                className={classes.legRemove}
                aria-label={t('legs.remove', { number })}
                onClick={() => onRemove(leg.id)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            ) : null}
            <div className={classes.legGrid}>
              <div className={classes.route}>
                <AirportPicker
                  label={t('airport.from')}
                  placeholder={t('airport.fromPlaceholder')}
                  icon={<IconPlaneDeparture size={18} />}
                  value={leg.departureStation}
                  onChange={(code) => onLeg(leg.id, { departureStation: code })}
                  airports={airports}
                  error={errorAt(path('departureStation'))}
                  touchKey={`${leg.id}.departureStation`}
                />
                <SwapButton
                  label={t('swap')}
                  onClick={() => onSwap(leg.id)}
                  disabled={!leg.departureStation && !leg.destinationStation}
                />
                <AirportPicker
                  label={t('airport.to')}
                  placeholder={t('airport.toPlaceholder')}
                  icon={<IconPlaneArrival size={18} />}
                  value={leg.destinationStation}
                  onChange={(code) => onLeg(leg.id, { destinationStation: code })}
                  airports={airports}
                  error={errorAt(path('destinationStation'))}
                  touchKey={`${leg.id}.destinationStation`}
                  align="end"
                />
              </div>
              <DateField
                label={t('dates.departure')}
                value={leg.departureDate}
                onChange={(date) => onLeg(leg.id, { departureDate: date })}
                minDate={previousDate && previousDate > today ? previousDate : today}
                maxDate={lastDay}
                error={errorAt(path('departureDate'))}
                touchKey={`${leg.id}.departureDate`}
              />
            </div>
          </fieldset>
        );
      })}
      {legs.length < SEARCH_LIMITS.maxLegs ? (
        <Button variant="light" leftSection={<IconPlus size={18} />} onClick={onAdd} className={classes.addLeg}>
          {t('legs.add')}
        </Button>
      ) : (
        <p className={classes.hint}>{t('legs.limit', { max: SEARCH_LIMITS.maxLegs })}</p>
      )}
    </div>
  );
}
