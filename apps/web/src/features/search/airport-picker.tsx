import type { Airport } from '@kwenda/contracts';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../i18n/use-translation';
import { IconChevronDown } from '../../components/icons';
import { airportNameOf, cityOf, countryName } from './airport-text';
import classes from './field.module.css';

/** The list closes 300 ms after the field loses focus (a tap on an option still lands). */
export const AIRPORT_LIST_CLOSE_DELAY_MS = 300;

export interface AirportData {
  /** The airports matching a query, best first (airport-search.ts, loaded with the list). */
  search: (query: string) => Airport[];
  byCode: ReadonlyMap<string, Airport>;
  isLoading: boolean;
  isError: boolean;
  retry: () => void;
}

export interface AirportPickerProps {
  label: string;
  placeholder: string;
  icon: ReactNode;
  value: string;
  onChange: (code: string) => void;
  airports: AirportData;
  error?: string;
  /** Which edge the list lines up with; "end" for a field at the inline end of a row. */
  align?: 'start' | 'end';
  /** The form's name for this field, marking it touched when the traveller leaves it (search-issues.ts). */
  touchKey?: string;
}

/**
 * The airport field of the search form. Show mode: a button with the chosen city and code.
 * Search mode: a combobox (ARIA 1.2 pattern, list autocomplete) over the airport list;
 * arrows move, Enter picks the highlighted (first by default) match, Escape goes back.
 */
export function AirportPicker({
  label,
  placeholder,
  icon,
  value,
  onChange,
  airports,
  error,
  align = 'start',
  touchKey,
}: AirportPickerProps) {
  const { t, i18n } = useTranslation('search');
  const language = i18n.language;
  const id = useId();
  const ids = {
    label: `${id}-label`,
    input: `${id}-input`,
    button: `${id}-button`,
    list: `${id}-list`,
    error: `${id}-error`,
    status: `${id}-status`,
  };

  const [searching, setSearching] = useState(false);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  const results = useMemo(() => (open ? airports.search(query) : []), [open, airports, query]);
  const selected = value ? airports.byCode.get(value) : undefined;
  // Enter pressed while the list or the matcher is still on its way (a slow phone, a fast typist): the
  // match is picked once they are here, unless the query changed meanwhile.
  const [pendingPick, setPendingPick] = useState(false);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  useEffect(() => {
    if (!pendingPick || airports.isLoading) return;
    setPendingPick(false);
    if (open) pick(results[active] ?? results[0]);
    // pick is recreated each render; the pending Enter is what this effect follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingPick, airports.isLoading, open, results, active]);

  useEffect(() => {
    listRef.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest' });
  }, [active, results]);

  // Focus moves inside the same user gesture (flushSync), or phones would not open the keyboard.
  const startSearch = (initial = '') => {
    window.clearTimeout(closeTimer.current);
    flushSync(() => {
      setQuery(initial);
      setActive(0);
      setOpen(true);
      setSearching(true);
    });
    inputRef.current?.focus();
  };

  const stopSearch = (returnFocus: boolean) => {
    window.clearTimeout(closeTimer.current);
    const update = () => {
      setOpen(false);
      setSearching(false);
      setQuery('');
    };
    if (!returnFocus) return update();
    flushSync(update);
    buttonRef.current?.focus();
  };

  const pick = (airport: Airport | undefined) => {
    if (!airport) return;
    onChange(airport.iataCode);
    stopSearch(true);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (results.length) setActive((i) => (i + 1) % results.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (results.length) setActive((i) => (i - 1 + results.length) % results.length);
        break;
      case 'Enter':
        // Never submits the form from here: Enter chooses the highlighted match.
        event.preventDefault();
        if (open && airports.isLoading) setPendingPick(true);
        else if (open) pick(results[active] ?? results[0]);
        else setOpen(true);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        stopSearch(true);
        break;
    }
  };

  const describedBy = error ? ids.error : undefined;
  const activeId = open && results[active] ? `${id}-option-${results[active]!.iataCode}` : undefined;

  return (
    <div className={classes.field} data-touch={touchKey}>
      {/* The label belongs to the input while searching and to the button otherwise (a click on it clicks the button). */}
      <label id={ids.label} htmlFor={searching ? ids.input : ids.button} className={classes.label}>
        {label}
      </label>

      {searching ? (
        <div className={classes.box} data-error={error ? true : undefined}>
          <span className={classes.icon}>{icon}</span>
          <input
            ref={inputRef}
            id={ids.input}
            className={classes.input}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={ids.list}
            aria-activedescendant={activeId}
            aria-describedby={[describedBy, ids.status].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="done"
            placeholder={selected ? cityOf(selected, language) : t('airport.searchPlaceholder')}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setPendingPick(false);
              setActive(0);
              setOpen(true);
            }}
            onKeyDown={onInputKeyDown}
            onFocus={() => window.clearTimeout(closeTimer.current)}
            onBlur={() => {
              window.clearTimeout(closeTimer.current);
              closeTimer.current = window.setTimeout(() => stopSearch(false), AIRPORT_LIST_CLOSE_DELAY_MS);
            }}
          />
        </div>
      ) : (
        <button
          ref={buttonRef}
          id={ids.button}
          type="button"
          className={classes.box}
          data-error={error ? true : undefined}
          aria-labelledby={`${ids.label} ${id}-shown${value ? ` ${id}-code` : ''}`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onClick={() => startSearch()}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              startSearch();
            } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && event.key !== ' ') {
              // Typing on the shown value starts a search with that letter.
              event.preventDefault();
              startSearch(event.key);
            }
          }}
        >
          <span className={classes.icon}>{icon}</span>
          <span id={`${id}-shown`} className={selected || value ? classes.value : classes.placeholder}>
            {selected ? cityOf(selected, language) : value || placeholder}
          </span>
          {value ? (
            <span id={`${id}-code`} className={classes.code} dir="ltr">
              {value}
            </span>
          ) : null}
          <IconChevronDown size={16} className={classes.chevron} />
        </button>
      )}

      {searching && open ? (
        <div className={classes.dropdown} data-align={align} onMouseDown={(event) => event.preventDefault()}>
          {airports.isLoading ? (
            <p className={classes.dropdownMessage}>{t('airport.loading')}</p>
          ) : airports.isError ? (
            <p className={classes.dropdownMessage}>
              {t('airport.loadFailed')}{' '}
              <button type="button" className={classes.retry} onClick={airports.retry}>
                {t('airport.retry')}
              </button>
            </p>
          ) : results.length === 0 ? (
            <p className={classes.dropdownMessage}>{t('airport.noResults')}</p>
          ) : null}
          <ul
            ref={listRef}
            id={ids.list}
            role="listbox"
            aria-labelledby={ids.label}
            className={classes.listbox}
            hidden={results.length === 0}
          >
            {results.map((airport, index) => (
              <li
                key={airport.iataCode}
                id={`${id}-option-${airport.iataCode}`}
                role="option"
                aria-selected={index === active}
                data-active={index === active || undefined}
                data-current={airport.iataCode === value || undefined}
                className={classes.option}
                onClick={() => pick(airport)}
                onMouseMove={() => index !== active && setActive(index)}
              >
                <span className={classes.optionCode} dir="ltr">
                  {airport.iataCode}
                </span>
                <span className={classes.optionCity}>
                  {cityOf(airport, language)}
                  {t('airport.countrySeparator')}
                  {countryName(airport.countryCode, language)}
                </span>
                <span className={classes.optionAirport}>{airportNameOf(airport, language)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <span id={ids.status} className={classes.srOnly} aria-live="polite">
        {searching && open && !airports.isLoading ? t('airport.results', { count: results.length }) : ''}
      </span>
      {error ? (
        <p id={ids.error} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
