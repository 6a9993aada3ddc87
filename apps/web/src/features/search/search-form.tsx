import { Alert, Button, Loader } from '@mantine/core';
import type { FieldError } from '@kwenda/contracts';
import { addDays, cabinClassCodes, SEARCH_LIMITS, type CabinClassCode } from '@kwenda/contracts/rules';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useTransition,
  type FocusEvent,
  type FormEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../lib/router';
import { IconChevronDown, IconPlaneArrival, IconPlaneDeparture } from '../../components/icons';
import { usePageData } from '../../lib/page-data';
import { useHydrated } from '../../lib/use-hydrated';
import { useOnline } from '../../lib/use-online';
import { useAirports } from '../../lib/airports';
import { useAppPath } from '../../lib/referral';
import { isSearchReady, searchToParams, type OffersNavigationState, type SearchState } from '../../lib/search-params';
import { AirportPicker, type AirportData } from './airport-picker';
import { useAirportMatcher } from './use-airport-matcher';
import { DateField, preloadDatePicker } from './date-field';
import fieldClasses from './field.module.css';
import classes from './search-form.module.css';
import { SearchSummary } from './search-summary';
import {
  issueMessageKey,
  issuesAt,
  searchIssues,
  serverIssues,
  touchedBy,
  visibleIssues,
  type SearchIssue,
} from './search-issues';
import { SwapButton } from './swap-button';
import { preloadTravellersPanel, TravellersField } from './travellers-field';
import { TripTypeControl } from './trip-type-control';
import { useSearchForm } from './use-search-form';

export interface SearchFormProps {
  /** `full` on the home page; `compact` in the offers page header (folds behind a summary on phones). */
  variant?: 'full' | 'compact';
  /** The search to start from, read once on mount (give the form a new `key` to reset it); without it the form reads the address. */
  initial?: SearchState;
  /** Runs the search; may return a promise, during which the button says "searching…". Default: go to /offers. */
  onSubmit?: (search: SearchState) => void | Promise<unknown>;
  /** Field errors the server gave for this search (`{ path: 'filters.departureDate', code }`), shown at their fields. */
  fieldErrors?: readonly FieldError[];
  /** The caller is searching (e.g. the offers query is loading): the button says "searching…". */
  submitting?: boolean;
  /** Rewrite the address as the form changes; by default only the full form does. */
  syncAddress?: boolean;
}

/** Leaves out what the trip type does not use, so navigation state carries one consistent search. */
function submittedSearch(search: SearchState): SearchState {
  return {
    ...search,
    returnDate: search.tripType === 'round-trip' ? search.returnDate : '',
    slices: search.tripType === 'multi-city' ? search.slices : [],
  };
}

/** Where the compact form folds (search-form.module.css says the same). */
const PHONE = '(max-width: 48em)';

/** Multi-city legs, seldom asked for, load with the form's first touch rather than with the home page. */
const loadLegs = () => import('./multi-city-legs');
const MultiCityLegs = lazy(async () => ({ default: (await loadLegs()).MultiCityLegs }));

/** What the form opens on demand (the date picker, the travellers panel, the legs) loads at its first touch. */
const preloadFormParts = () => {
  preloadDatePicker();
  preloadTravellersPanel();
  void loadLegs();
};

const FIELD_PATHS =
  /^(departureStation|destinationStation|departureDate|returnDate|slices(\.\d+\.(departureStation|destinationStation|departureDate))?|(passengers|baggage)(\.\w+)?)$/;
const TRAVELLER_PATHS = /^(passengers|baggage)(\.|$)/;

export function SearchForm({
  variant = 'full',
  initial,
  onSubmit,
  fieldErrors,
  submitting = false,
  syncAddress = variant === 'full',
}: SearchFormProps) {
  const { t } = useTranslation('search');
  const { t: te } = useTranslation('errors');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  // Going to /offers may first load its code; the transition keeps this page (and "searching…") meanwhile.
  const [navigating, startNavigation] = useTransition();
  const appPath = useAppPath();
  const id = useId();
  const { search, dispatch, today } = useSearchForm({ initial, syncAddress });
  const compact = variant === 'compact';
  // Folded on a phone (CSS decides, so a page rendered on the server is right from its first paint).
  const [expanded, setExpanded] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Folding and unfolding the compact form moves focus along, so keyboard users are not dropped at the top.
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    if (expanded) formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
    else summaryRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [expanded]);
  const toggleExpanded = (next: boolean) => {
    moveFocus.current = true;
    setExpanded(next);
  };
  // The server refused the search (an old link with too many travellers): a phone unfolds the form, so
  // the message stands at its field rather than behind the summary.
  useEffect(() => {
    if (fieldErrors?.length) setExpanded(true);
  }, [fieldErrors]);
  const [pending, setPending] = useState(false);
  // Server errors describe the search that was sent; once the traveller edits, they no longer apply.
  const [dismissedServerErrors, setDismissedServerErrors] = useState<readonly FieldError[] | undefined>(undefined);

  const airportQuery = useAirports();
  // The page was rendered on the server without the list (the home page at build, the offers with only
  // the search's airports, lib/page-data.ts): it hydrates with what the server had (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const pageAirports = usePageData().airports;
  const matcher = useAirportMatcher(hydrated);
  const airports: AirportData = useMemo(
    () => {
      const index = matcher?.indexAirports(hydrated ? airportQuery.airports : []);
      return {
        search: (query: string) => (index && matcher ? matcher.searchAirports(index, query) : []),
        byCode: hydrated || pageAirports.length ? airportQuery.byCode : new Map(),
        isLoading: hydrated && (airportQuery.isLoading || !matcher),
        isError: hydrated && airportQuery.isError,
        retry: () => void airportQuery.refetch(),
      };
    },
    // refetch is stable; the list and flags are what change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [matcher, hydrated, pageAirports, airportQuery.airports, airportQuery.byCode, airportQuery.isLoading, airportQuery.isError],
  );

  // Errors wait for the traveller: a field shows its problem once they have changed or left it, and
  // every problem shows once they try to search (search-issues.ts, visibleIssues).
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const touch = (keys: readonly string[]) => {
    if (keys.every((key) => touched.has(key))) return;
    setTouched((before) => new Set([...before, ...keys]));
  };
  const localIssues = useMemo(() => searchIssues(search, today), [search, today]);
  const issues: SearchIssue[] = useMemo(
    () => [
      ...visibleIssues(localIssues, search, touched, submitted),
      ...(fieldErrors && fieldErrors !== dismissedServerErrors ? serverIssues(fieldErrors) : []),
    ],
    [localIssues, search, touched, submitted, fieldErrors, dismissedServerErrors],
  );
  const messages = (list: SearchIssue[]) =>
    list.map((issue) => te(issueMessageKey(issue.code), { days: SEARCH_LIMITS.maxDaysAhead }));
  const errorAt = (path: string) => {
    const list = issuesAt(issues, path);
    return list.length ? messages(list).join(' ') : undefined;
  };
  const travellerErrors = messages(issues.filter((issue) => TRAVELLER_PATHS.test(issue.path)));
  const otherErrors = messages(issues.filter((issue) => !FIELD_PATHS.test(issue.path)));

  const complete = isSearchReady(search);
  // Offline, nothing is on its way: the form says so rather than spin (the offers page shows saved results).
  const online = useOnline();
  const busy = (pending || submitting || navigating) && online;

  const act: typeof dispatch = (action) => {
    if (fieldErrors) setDismissedServerErrors(fieldErrors);
    touch(touchedBy(action));
    dispatch(action);
  };

  // Leaving a field touches it (fields carry their key in data-touch), unless focus stays inside it.
  const handleBlur = (event: FocusEvent<HTMLFormElement>) => {
    const field = (event.target as HTMLElement).closest<HTMLElement>('[data-touch]');
    if (!field?.dataset.touch) return;
    if (event.relatedTarget instanceof Node && field.contains(event.relatedTarget)) return;
    touch(field.dataset.touch.split(' '));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (localIssues.length) {
      // Trying to search shows every problem and takes the traveller to the first.
      flushSync(() => setSubmitted(true));
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    if (!complete) return;
    const request = submittedSearch(search);
    if (!onSubmit) {
      const state: OffersNavigationState = { search: request, currency: request.currency };
      startNavigation(() => navigate(`${appPath('/offers')}?${searchToParams(request)}`, { state }));
      return;
    }
    const result = onSubmit(request);
    if (result instanceof Promise) {
      setPending(true);
      try {
        await result;
      } finally {
        setPending(false);
      }
    }
    if (compact && window.matchMedia(PHONE).matches) toggleExpanded(false);
  };

  const lastDay = addDays(today, SEARCH_LIMITS.maxDaysAhead);
  const roundTrip = search.tripType === 'round-trip';
  const departureMax = roundTrip && search.returnDate && search.returnDate < lastDay ? search.returnDate : lastDay;
  const returnMin = addDays(search.departureDate && search.departureDate >= today ? search.departureDate : today, 1);

  const form = (
    <form
      ref={formRef}
      className={classes.form}
      data-variant={variant}
      data-folded={(compact && !expanded) || undefined}
      aria-label={t('form.label')}
      onSubmit={handleSubmit}
      onBlur={handleBlur}
      onPointerDownCapture={preloadFormParts}
      onFocusCapture={preloadFormParts}
      noValidate
    >
      <div className={classes.topRow}>
        <TripTypeControl
          value={search.tripType}
          onChange={(tripType) => act({ type: 'tripType', tripType, today })}
          size={compact ? 'sm' : 'md'}
        />
        {compact ? (
          <Button variant="subtle" size="compact-sm" className={classes.hideSearch} onClick={() => toggleExpanded(false)}>
            {t('form.hideSearch')}
          </Button>
        ) : null}
      </div>

      {search.tripType === 'multi-city' ? (
        <div className={classes.multiGrid}>
          <Suspense fallback={<Loader size="sm" mx="auto" my="md" role="status" aria-label={tCommon('loading')} />}>
            <MultiCityLegs
              legs={search.slices}
              airports={airports}
              today={today}
              onLeg={(id, patch) => act({ type: 'leg', id, patch, today })}
              onSwap={(id) => act({ type: 'swapLeg', id })}
              onAdd={() => act({ type: 'addLeg', today })}
              onRemove={(id) => act({ type: 'removeLeg', id })}
              errorAt={errorAt}
            />
          </Suspense>
          {errorAt('slices') ? <p className={classes.formError}>{errorAt('slices')}</p> : null}
        </div>
      ) : (
        <div className={classes.tripGrid} data-trip={search.tripType}>
          <div className={classes.route}>
            <AirportPicker
              label={t('airport.from')}
              placeholder={t('airport.fromPlaceholder')}
              icon={<IconPlaneDeparture size={18} />}
              value={search.departureStation}
              onChange={(code) => act({ type: 'field', field: 'departureStation', value: code })}
              airports={airports}
              error={errorAt('departureStation')}
              touchKey="departureStation"
            />
            <SwapButton
              label={t('swap')}
              onClick={() => act({ type: 'swap' })}
              disabled={!search.departureStation && !search.destinationStation}
            />
            <AirportPicker
              label={t('airport.to')}
              placeholder={t('airport.toPlaceholder')}
              icon={<IconPlaneArrival size={18} />}
              value={search.destinationStation}
              onChange={(code) => act({ type: 'field', field: 'destinationStation', value: code })}
              airports={airports}
              error={errorAt('destinationStation')}
              touchKey="destinationStation"
              align="end"
            />
          </div>
          <div className={classes.dates} data-count={roundTrip ? 2 : 1}>
            <DateField
              label={t('dates.departure')}
              value={search.departureDate}
              onChange={(date) => act({ type: 'field', field: 'departureDate', value: date })}
              minDate={today}
              maxDate={departureMax}
              error={errorAt('departureDate')}
              touchKey="departureDate"
            />
            {roundTrip ? (
              <DateField
                label={t('dates.return')}
                value={search.returnDate}
                onChange={(date) => act({ type: 'field', field: 'returnDate', value: date })}
                minDate={returnMin}
                maxDate={lastDay}
                error={errorAt('returnDate')}
                touchKey="returnDate"
              />
            ) : null}
          </div>
        </div>
      )}

      <div className={classes.optionsRow}>
        <div className={classes.travellers}>
          <TravellersField
            search={search}
            onCount={(key, value) => act({ type: 'count', key, value })}
            errors={travellerErrors}
            touchKey="passengers baggage"
          />
        </div>
        {/* Native select and checkbox: accessible as they are, and lighter than their Mantine wrappers (home page budget). */}
        <div className={`${fieldClasses.field} ${classes.cabin}`}>
          <label htmlFor={`${id}-cabin`} className={fieldClasses.label}>
            {t('cabin.label')}
          </label>
          <div className={classes.selectWrap}>
            <select
              id={`${id}-cabin`}
              className={`${fieldClasses.box} ${classes.select}`}
              value={search.cabinClass ?? ''}
              onChange={(event) =>
                act({ type: 'cabinClass', cabinClass: (event.currentTarget.value || null) as CabinClassCode | null })
              }
            >
              <option value="">{t('cabin.any')}</option>
              {cabinClassCodes.map((code) => (
                <option key={code} value={code}>
                  {t(`cabin.${code}`)}
                </option>
              ))}
            </select>
            <IconChevronDown size={16} className={classes.selectChevron} />
          </div>
        </div>
        <label className={classes.direct}>
          <input
            type="checkbox"
            className={classes.checkbox}
            checked={search.directOnly}
            onChange={(event) => act({ type: 'directOnly', directOnly: event.currentTarget.checked })}
          />
          <span>{t('directOnly')}</span>
        </label>
        <Button
          type="submit"
          size="md"
          className={classes.submit}
          // Off while fields are missing; on when there is a problem to show (pressing it shows where).
          disabled={!complete && !localIssues.length && !busy}
          aria-busy={busy || undefined}
          data-busy={busy || undefined}
          leftSection={busy ? <Loader size={18} color="white" aria-hidden="true" /> : null}
        >
          {busy ? t('form.submitting') : t('form.submit')}
        </Button>
      </div>

      {online ? null : (
        <Alert color="blue" variant="light" role="status" className={classes.alert} data-testid="search-offline">
          {t('offline')}
        </Alert>
      )}
      {otherErrors.length ? (
        <Alert color="red" variant="light" className={classes.alert}>
          {otherErrors.join(' ')}
        </Alert>
      ) : null}
    </form>
  );
  if (!compact) return form;
  // The compact form on a phone folds behind a one-line summary; wider screens never show the summary.
  return (
    <>
      <SearchSummary
        ref={summaryRef}
        search={search}
        airports={airports.byCode}
        hidden={expanded}
        onEdit={() => toggleExpanded(true)}
      />
      {form}
    </>
  );
}
