import { Loader } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { loadNamespace } from '../../i18n';
import { DropdownPanel } from '../../components/dropdown-panel';
import { IconChevronDown, IconUsers } from '../../components/icons';
import type { SearchState } from '../../lib/search-params';
import classes from './field.module.css';
import { countOf, type CountKey } from './search-form-state';

export interface TravellersFieldProps {
  search: SearchState;
  onCount: (key: CountKey, value: number) => void;
  /** Translated problems with the passenger counts (infants without an adult, nobody travelling). */
  errors: string[];
  /** The form's names for this field, marking it touched when the traveller leaves it (search-issues.ts). */
  touchKey?: string;
}

const passengerKeys = ['adults', 'children', 'infants'] as const;

/** The panel's steppers load on the form's first touch (search-form.tsx), not with the home page's first script. */
// The panel's code and its strings (the search-panel namespace) load together, at the form's first touch.
const loadPanel = () => Promise.all([import('./travellers-panel'), loadNamespace('search-panel')]).then(([panel]) => panel);
const TravellersPanel = lazy(async () => ({ default: (await loadPanel()).TravellersPanel }));
export const preloadTravellersPanel = () => void loadPanel();
const bagKeys = ['hold', 'carryOn'] as const;

/** "1 adult, 1 checked bag": travellers who come, then bags asked for. */
export function useTravellersSummary(search: SearchState): string {
  const { t } = useTranslation('search');
  const parts = [...passengerKeys, ...bagKeys]
    .filter((key) => countOf(search, key) > 0)
    .map((key) => t(`travellers.summary.${key}`, { count: countOf(search, key) }));
  return parts.length ? parts.join(t('travellers.separator')) : t('travellers.nobody');
}

/**
 * Passengers and bags behind one field: at most 9 seats (adults and children), an infant per adult,
 * 2 checked bags, 1 carry-on.
 */
export function TravellersField({ search, onCount, errors, touchKey }: TravellersFieldProps) {
  const { t } = useTranslation('search');
  const id = useId();
  const [opened, setOpened] = useState(false);
  const summary = useTravellersSummary(search);

  return (
    <div className={classes.field} data-touch={touchKey}>
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
          <Suspense fallback={<Loader size="sm" mx="auto" my="md" role="status" aria-label={t('travellers.dialog')} />}>
            <TravellersPanel search={search} onCount={onCount} errors={errors} onDone={close} />
          </Suspense>
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
