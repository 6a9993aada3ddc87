import type { Offer, OfferFacets, SortOrder } from '@kwenda/contracts';
import type { OfferFilterValues } from '@kwenda/contracts/rules';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { preparePriceFormats } from '../../../lib/format/format-price';
import { usePublicConfig } from '../../../lib/public-config';
import { formatAge } from '../../../lib/format/format-age';
import type { SearchState } from '../../../lib/search-params';
import { useHydrated } from '../../../lib/use-hydrated';
import { HydratesLater } from '../../../lib/hydrates-later';
import { useIdleOnceTouched } from '../../../lib/use-idle';
import { useLoadedWhen } from '../../../lib/use-loaded-when';
import { useMediaMatch } from '../../../lib/use-media-match';
import { useOnline } from '../../../lib/use-online';
import { clearStreamProgress, useStreamProgress } from '../api/offers-stream-progress';
import { offersQueryKey, useOffersSearch, useRerunOffersSearch, type OffersPage } from '../api/use-offers-search';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { useOfferFormat } from '../hooks/use-offer-format';
import { useRevealedCount } from '../hooks/use-revealed-count';
import { useSessionExpired } from '../hooks/use-session-expired';
import { ConnectionNotice } from '../../../components/connection-notice';
import { useStartBooking } from '../hooks/use-start-booking';
import { activeFilterCount } from '../lib/offer-filters-address';
import { searchLegs } from '../lib/search-legs';
import { pagingStatus } from '../lib/paging';
import { readSavedOffers, saveOffers } from '../lib/saved-offers';
import { sessionDeadline } from '../lib/session-deadline';
import { FareCalendarStrip } from './fare-calendar-strip';
import { FiltersButton } from './filters-button';
import { FiltersSidebar } from './filters-sidebar';
import filterClasses from './filters.module.css';
import { NoResults } from './no-results';
import { OfferFiltersPanel } from './offer-filters-panel';
import { OfferCard } from './offer-card';
import { OfferCardSkeleton } from './offer-card-skeleton';
import { PagingFooter } from './paging-footer';
import { RateNote } from './rate-note';
import { SearchError } from './search-error';
import { SortControl } from './sort-control';
import { StreamProgress } from './stream-progress';
import { SuggestionsSection } from './suggestions-section';
import classes from './offers.module.css';
import { SupportButton } from './support-button';
import { TimedOutNotice } from './timed-out-notice';
import { RouteNotices } from '../../../components/route-notices';
import { WaitingLoader } from '../../../components/waiting-loader';
import { useRouteNotices } from '../../../lib/route-notices';
import { noticeAirlines, noticeLegs } from '../lib/notice-legs';

const NO_OFFERS: Offer[] = [];

/**
 * The filters sheet and the dialogs, with Mantine's Drawer, Modal and ScrollArea (about 30 KB gzipped):
 * their code loads once the page is idle (or when one is opened before that), not with the page, whose
 * hydration on a slow phone evaluated it in its own long task. Its scripts get no module preloads
 * (LOADED_WHEN_IDLE in vite.config.ts): the browser's module loader fetches them.
 */
const loadDialogs = () => import('./offers-dialogs');

interface OffersResultsProps {
  /** The search to run; the caller passes it only when it is complete (isSearchReady). */
  search: SearchState;
  order: SortOrder;
  onOrderChange: (order: SortOrder) => void;
  /** Another search from the page (a day of the fare calendar): the page rewrites the address. */
  onSearch: (search: SearchState) => void;
  /** The filters in the address, and how to change them (the page rewrites the address). */
  filters: OfferFilterValues;
  onFiltersChange: (filters: OfferFilterValues) => void;
}

/**
 * The offers list and its states: loading, error, no results, alternative dates, results with
 * infinite scroll, details modal and the session-timeout prompt.
 * The search's answers reach this component at once: TanStack Query reads its cache as an outside store
 * (useSyncExternalStore), whose every change React renders synchronously. The list renders them a moment
 * later, as a transition in slices (a deferred value): the offers arriving were one task of 60 ms on a
 * slow phone, the list and all its parts rendered again in it.
 */
export function OffersResults(props: OffersResultsProps) {
  const live = useOffersSearch(props.search, props.order, props.filters);
  const query = useDeferredValue(live);
  // This render shows the search's answer (the deferred value has caught up with it).
  const answered = query === live && !live.isPending;
  return <OffersResultsView {...props} query={query} answered={answered} />;
}

const OffersResultsView = memo(function OffersResultsView({
  query,
  search,
  order,
  onOrderChange,
  onSearch,
  filters,
  onFiltersChange,
  answered,
}: OffersResultsProps & { query: ReturnType<typeof useOffersSearch>; answered: boolean }) {
  const { t, i18n } = useTranslation('offers');
  const format = useOfferFormat();
  const rerun = useRerunOffersSearch();
  const queryKey = useMemo(() => offersQueryKey(search, order, filters), [search, order, filters]);
  const stream = useStreamProgress(queryKey);
  // The streamed offers stay listed until the answer that replaces them is on screen: let go before (when
  // the stream ended), the list had a render with neither, its cards and rate note gone and back (a layout
  // shift of 0.13-0.17 on a tablet each time a search answered in more than one batch).
  useEffect(() => {
    if (answered && stream) clearStreamProgress(queryKey);
  }, [answered, stream, queryKey]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { startBooking, pendingReference, bookingError, clearBookingError, bookingConnection, retryBooking, loginPrompt } =
    useStartBooking(search);
  const [selected, setSelected] = useState<Offer | null>(null);
  // The sheet and the modals show nothing until opened (nor does the server's page): they mount once the
  // browser is idle after the page has hydrated, or at once when opened before that, and stay mounted
  // when closed (unmounted at once, a dialog could not give focus back to the button that opened it).
  const idle = useIdleOnceTouched();
  const sheetMounted = useKept(idle || filtersOpen);
  const detailsMounted = useKept(idle || selected !== null);
  const loginPromptMounted = useKept(idle || loginPrompt.opened);
  const dialogs = useLoadedWhen(loadDialogs, sheetMounted || detailsMounted || loginPromptMounted);

  const pages = useMemo(() => query.data?.pages ?? [], [query.data]);
  const offers = useMemo(() => pages.flatMap((page) => page.offers), [pages]);

  // Offline: the last results of this very search saved on this device, with their age, not bookable.
  const online = useOnline();
  const savedKey = useMemo(() => JSON.stringify(offersQueryKey(search, order, filters)), [search, order, filters]);
  const firstPage = query.isPlaceholderData ? undefined : pages[0];
  useEffect(() => {
    if (firstPage) saveOffers(savedKey, firstPage);
  }, [firstPage, savedKey]);
  // Offline with nothing from the server: what this device kept, without the parts that need the server
  // (the fare calendar and the filters would wait for it with placeholders that never fill).
  const offlineView = !online && offers.length === 0;
  const saved = useMemo(() => (offlineView ? readSavedOffers(savedKey) : null), [offlineView, savedKey]);
  const offlineSince = offers.length > 0 ? pages[0]?.receivedAt : saved?.page.receivedAt;
  // While a new search streams in, its first page so far is listed as the airlines answer.
  const streaming = query.isPending ? stream : undefined;
  const listed = streaming ? (streaming.result?.offers ?? NO_OFFERS) : offers;
  // The cards render in the background, in slices that leave a phone's main thread free (ten cards in
  // one go blocked it for over a second on a slow phone; even three took 120 ms at 4x CPU). Until the
  // first of them are ready the skeletons stay; a next page appends once it has rendered.
  const deferredOffers = useDeferredValue(listed);
  // And a few at a time: the first cards at once, the rest (below the fold) in commits of their own. A
  // list that starts with another offer (a new search, filters, order) starts again; a next page appends.
  const revealed = useRevealedCount(deferredOffers.length, deferredOffers[0]?.reference ?? '');
  const shownOffers = useMemo(() => deferredOffers.slice(0, revealed), [deferredOffers, revealed]);
  const allShown = revealed === deferredOffers.length;
  const catchingUp = shownOffers.length === 0 && listed.length > 0;
  const suggestions = useMemo(() => pages[0]?.suggestions ?? [], [pages]);
  const total = pages[0]?.total ?? 0;
  const facets = pages[0]?.facets;
  const activeFilters = activeFilterCount(filters);
  // The list on screen is the previous filters' while the new one loads (placeholder data).
  const updating = query.isPlaceholderData;
  // Nothing to filter: no flight at all on the date (alternative dates, or none).
  const filterable = !offlineView && (!facets || facets.unfiltered > 0);
  const resetFilters = useCallback(() => onFiltersChange({}), [onFiltersChange]);
  const openFilters = useCallback(() => setFiltersOpen(true), []);
  const closeFilters = useCallback(() => setFiltersOpen(false), []);
  const closeDetails = useCallback(() => setSelected(null), []);
  const travellers = search.passengers.adults + search.passengers.children + search.passengers.infants;

  // Infinite scroll: near the bottom -> should-fetch-more -> fetching-more -> complete.
  const status = pagingStatus({
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    failed: query.isFetchNextPageError,
  });
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  useInfiniteScroll(query.isSuccess && status === 'idle' && offers.length > 0, loadMore);

  // While the offers load, the price formatters are built in tasks of their own (format-price.ts).
  useEffect(() => preparePriceFormats(search.currency, i18n.language), [search.currency, i18n.language]);

  const refresh = useCallback(() => {
    setSelected(null);
    window.scrollTo({ top: 0 });
    rerun(search, order);
  }, [rerun, search, order]);

  const card = (offer: Offer) => (
    <OfferCard
      key={offer.reference}
      offer={offer}
      format={format}
      travellers={travellers}
      onBook={startBooking}
      booking={pendingReference === offer.reference}
      bookable={online}
      onDetails={setSelected}
    />
  );

  let body: ReactNode;
  if (offlineView) {
    body = saved ? <Stack gap="sm">{saved.page.offers.map(card)}</Stack> : null;
  } else if (query.isPending && shownOffers.length > 0) {
    // The offers so far, and a placeholder for those still to come: an element of its own (its key), not the
    // last of the three before it moved down below the cards (a layout shift of 0.05 on a tablet).
    body = (
      <Stack gap="sm">
        {shownOffers.map(card)}
        <OfferCardSkeleton key="still-to-come" />
      </Stack>
    );
  } else if (query.isPending || catchingUp) {
    body = (
      <Stack gap="sm">
        <OfferCardSkeleton />
        <OfferCardSkeleton />
        <OfferCardSkeleton />
      </Stack>
    );
  } else if (query.isError && offers.length === 0) {
    body = <SearchError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (offers.length === 0 && facets && facets.unfiltered > 0) {
    // Flights exist, the filters hide them all: say so, and undo in one tap.
    body = (
      <Stack component="section" aria-labelledby="offers-no-match" gap="sm" align="center" className={filterClasses.noMatch}>
        <Title order={2} size="h4" id="offers-no-match">
          {t('filters.noMatchTitle')}
        </Title>
        <Text size="sm">{t('filters.noMatchBody', { total: facets.unfiltered })}</Text>
        <Button onClick={resetFilters} aria-label={t('filters.resetLabel')}>
          {t('filters.reset')}
        </Button>
      </Stack>
    );
  } else if (offers.length === 0 && suggestions.length === 0) {
    body = <NoResults search={search} />;
  } else {
    const suggestionsBlock = suggestions.length > 0 && (
      <SuggestionsSection
        suggestions={suggestions}
        requestedDate={suggestions[0]!.requestedDate ?? search.departureDate}
        hasOffers={offers.length > 0}
        format={format}
        travellers={travellers}
        onBook={startBooking}
        onDetails={setSelected}
      />
    );
    body =
      offers.length === 0 ? (
        <Stack gap="md">
          {suggestionsBlock}
          <Stack align="center" py="sm">
            <SupportButton search={search} variant="light" />
          </Stack>
        </Stack>
      ) : (
        <Stack gap="sm">
          {shownOffers.map(card)}
          {/* Below the last card, once every card is there: the footer asks for the next page when it scrolls into view. */}
          {allShown && (query.hasNextPage || query.isFetchNextPageError || pages.length > 1) ? (
            <PagingFooter status={status} onLoadMore={loadMore} />
          ) : null}
          {allShown && suggestionsBlock}
        </Stack>
      );
  }

  // The same element in the sidebar and the sheet, made again only when what it shows changes: a batch
  // of offers streaming in re-renders the list, not the filters.
  const legs = useMemo(() => searchLegs(search), [search]);
  const filtersPanel = useMemo(
    () => (
      <OfferFiltersPanel
        filters={filters}
        facets={facets}
        legs={legs}
        tripType={search.tripType}
        currency={search.currency}
        format={format}
        onChange={onFiltersChange}
      />
    ),
    [filters, facets, legs, search.tripType, search.currency, format, onFiltersChange],
  );

  return (
    <Stack gap="md">
      <OffersRouteNotices search={search} facets={facets} enabled={!offlineView} />
      {/* Boundaries of their own: React hydrates what is outside them first (the search, the toolbar, the
      first cards), then each of them in a later task, rather than the whole page in one long task. */}
      <HydratesLater>
        {!offlineView && <FareCalendarStrip search={search} ready={query.isSuccess} format={format} onSelect={onSearch} />}
      </HydratesLater>
      <div className={filterClasses.layout} data-with-filters={filterable || undefined}>
        <HydratesLater>
          <SidebarFilters
            filters={filters}
            facets={facets}
            offline={offlineView}
            legs={legs}
            tripType={search.tripType}
            currency={search.currency}
            format={format}
            onChange={onFiltersChange}
            onReset={resetFilters}
          />
        </HydratesLater>
        <Stack gap="md" className={filterClasses.main}>
          <div className={classes.toolbar}>
            <SortControl value={order} onChange={onOrderChange} />
            {/* "Searching…" and then the count share one place: on a phone it is a line of its own, and
            appearing only with the results it pushed the list down (a layout shift of 0.067). */}
            {streaming && streaming.totalBatches > 0 ? (
              <StreamProgress totalBatches={streaming.totalBatches} remainingBatches={streaming.remainingBatches} />
            ) : (query.isPending && online) || updating ? (
              <Group gap="xs" role="status" className={classes.resultCount}>
                <WaitingLoader size="sm" />
                <Text size="sm">{updating ? t('filters.updating') : t('states.loading')}</Text>
              </Group>
            ) : offers.length > 0 ? (
              <Text size="sm" c="gray.7" role="status" className={classes.resultCount}>
                {facets && total < facets.unfiltered
                  ? t('states.filteredCount', { count: total, total: facets.unfiltered })
                  : t('states.resultCount', { count: total })}
              </Text>
            ) : null}
            {filterable && <FiltersButton activeCount={activeFilters} onOpen={openFilters} />}
          </div>
          {!online && (
            <Alert color="blue" role="status" title={t('offline.title')} data-testid="offers-offline">
              {offlineSince === undefined
                ? t('offline.none')
                : t('offline.saved', { age: formatAge(offlineSince, i18n.language) })}
            </Alert>
          )}
          {(listed.length > 0 || (query.isPending && online && search.currency !== 'USD')) && (
            <RateNote rate={(pages[0] ?? streaming?.result)?.rate} />
          )}
          {pages[0]?.timedOut && <TimedOutNotice onRetry={refresh} />}
          {bookingError && (
            <Alert
              color="red"
              role="alert"
              withCloseButton
              closeButtonLabel={t('booking.dismiss')}
              onClose={clearBookingError}
              title={t('booking.failed')}
            >
              {t(`errors:codes.${bookingError}` as never, { defaultValue: '' })}
            </Alert>
          )}
          <ConnectionNotice
            state={bookingConnection}
            text={{
              title: t('connection.title'),
              waiting: t('connection.waitingBooking'),
              failed: t('connection.failedBooking'),
              retry: t('connection.retry'),
              busyTitle: t('connection.busyTitle'),
              busy: t('connection.busyBooking'),
            }}
            onRetry={retryBooking}
          />
          <div aria-busy={updating || undefined} className={updating ? filterClasses.updating : undefined}>
            {body}
          </div>
        </Stack>
      </div>
      {dialogs && sheetMounted && (
        <dialogs.FiltersSheet
          opened={filtersOpen && filterable}
          onClose={closeFilters}
          activeCount={activeFilters}
          onReset={resetFilters}
          resultCount={facets ? total : null}
        >
          {filtersPanel}
        </dialogs.FiltersSheet>
      )}
      {dialogs && detailsMounted && (
        <dialogs.OfferDetailsModal
          offer={selected}
          search={search}
          format={format}
          onClose={closeDetails}
          onBook={startBooking}
        />
      )}
      {dialogs && loginPromptMounted && (
        <dialogs.LoginPromptModal
          opened={loginPrompt.opened}
          onClose={loginPrompt.close}
          onGuest={loginPrompt.continueAsGuest}
          onLogin={loginPrompt.login}
          onSignup={loginPrompt.signup}
        />
      )}
      <SessionTimeout pages={pages} idle={idle} onRefresh={refresh} />
    </Stack>
  );
});

/** True from the first render where `when` is true on. */
function useKept(when: boolean): boolean {
  const [kept, setKept] = useState(when);
  if (when && !kept) setKept(true);
  return kept || when;
}

/** Where the filters stand beside the list (filters.module.css): narrower, the filters button opens them in a sheet. */
const SIDEBAR_SHOWN = '(min-width: 62em)';

/**
 * The filters beside the list on a wide screen (hidden on a phone), in a Suspense boundary of its own: React
 * hydrates it in a task after the list's. By then the offers' facets may have arrived; until it has
 * hydrated it renders as the server did, before any facets, so its markup matches the server's.
 */
export const SidebarFilters = memo(function SidebarFilters({
  facets,
  offline,
  onReset,
  ...panel
}: Omit<ComponentProps<typeof OfferFiltersPanel>, 'facets'> & {
  facets: OfferFacets | undefined;
  offline: boolean;
  onReset: () => void;
}) {
  const hydrated = useHydrated();
  // Shown only where the stylesheet shows the panel: on a narrower screen it stays as the server rendered it,
  // empty, and each batch of a streamed search no longer renders the whole panel there for no one to see.
  const wide = useMediaMatch(SIDEBAR_SHOWN);
  // New facets (each batch of a streamed search brings some) render in the background, in slices: the list's
  // own update stays small.
  const shownFacets = useDeferredValue(hydrated && wide ? facets : undefined);
  if ((hydrated && offline) || (shownFacets && shownFacets.unfiltered === 0)) return null;
  return (
    <FiltersSidebar activeCount={activeFilterCount(panel.filters)} onReset={onReset}>
      <OfferFiltersPanel {...panel} facets={shownFacets} />
    </FiltersSidebar>
  );
});

/**
 * The route's notices above the list: those of the route while the airlines search, those of the airlines
 * found once they have answered. A part of its own, as is the session timeout below: what they read is
 * asked for once the page has hydrated (lib/use-hydrated.ts), and that re-renders them, not the list.
 */
const OffersRouteNotices = memo(function OffersRouteNotices({
  search,
  facets,
  enabled,
}: {
  search: SearchState;
  facets: OfferFacets | undefined;
  enabled: boolean;
}) {
  const { t } = useTranslation('offers');
  const notices = useRouteNotices(
    useMemo(() => noticeLegs(search), [search]),
    noticeAirlines(facets),
    enabled,
  );
  return <RouteNotices notices={notices} title={t('notices.title')} />;
});

/** When the earliest offer on screen expires (the config says after how long), a fresh search is asked for. */
const SessionTimeout = memo(function SessionTimeout({
  pages,
  idle,
  onRefresh,
}: {
  pages: readonly OffersPage[];
  idle: boolean;
  onRefresh: () => void;
}) {
  const { data: config } = usePublicConfig();
  const deadline = useMemo(() => sessionDeadline(pages, config?.offerTtlMinutes), [pages, config?.offerTtlMinutes]);
  const expired = useSessionExpired(deadline);
  const dialogs = useLoadedWhen(loadDialogs, idle || expired);
  return dialogs && (idle || expired) ? <dialogs.SessionTimeoutModal opened={expired} onRefresh={onRefresh} /> : null;
});
