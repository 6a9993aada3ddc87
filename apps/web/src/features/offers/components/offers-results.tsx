import type { Offer, SortOrder } from '@kwenda/contracts';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { preparePriceFormats } from '../../../lib/format/format-price';
import { usePublicConfig } from '../../../lib/public-config';
import type { SearchState } from '../../../lib/search-params';
import { useOffersSearch, useRerunOffersSearch } from '../api/use-offers-search';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { useOfferFormat } from '../hooks/use-offer-format';
import { useSessionExpired } from '../hooks/use-session-expired';
import { useStartBooking } from '../hooks/use-start-booking';
import { shouldAutoBook } from '../lib/auto-book';
import { pagingStatus } from '../lib/paging';
import { sessionDeadline } from '../lib/session-deadline';
import { NoResults } from './no-results';
import { OfferCard } from './offer-card';
import { OfferCardSkeleton } from './offer-card-skeleton';
import { LoginPromptModal } from './login-prompt-modal';
import { OfferDetailsModal } from './offer-details-modal';
import { PagingFooter } from './paging-footer';
import { SearchError } from './search-error';
import { SessionTimeoutModal } from './session-timeout-modal';
import { SortControl } from './sort-control';
import { SuggestionsSection } from './suggestions-section';
import classes from './offers.module.css';
import { SupportButton } from './support-button';

interface OffersResultsProps {
  /** The search to run; the caller passes it only when it is complete (isSearchReady). */
  search: SearchState;
  order: SortOrder;
  onOrderChange: (order: SortOrder) => void;
}

/**
 * The offers list and its states: loading, error, no results, alternative dates, results with
 * infinite scroll, details modal and the session-timeout prompt.
 */
export function OffersResults({ search, order, onOrderChange }: OffersResultsProps) {
  const { t, i18n } = useTranslation('offers');
  const format = useOfferFormat();
  const rerun = useRerunOffersSearch();
  const { data: config } = usePublicConfig();
  const query = useOffersSearch(search, order);
  const { startBooking, pendingReference, bookingError, clearBookingError, loginPrompt } = useStartBooking(search);
  const [selected, setSelected] = useState<Offer | null>(null);

  const pages = useMemo(() => query.data?.pages ?? [], [query.data]);
  const offers = useMemo(() => pages.flatMap((page) => page.offers), [pages]);
  // The cards render in the background, in slices that leave a phone's main thread free (ten cards in
  // one go blocked it for over a second on a slow phone; even three took 120 ms at 4x CPU). Until the
  // first of them are ready the skeletons stay; a next page appends once it has rendered.
  const shownOffers = useDeferredValue(offers);
  const catchingUp = shownOffers.length === 0 && offers.length > 0;
  const suggestions = useMemo(() => pages[0]?.suggestions ?? [], [pages]);
  const total = pages[0]?.total ?? 0;
  const travellers = search.passengers.adults + search.passengers.children + search.passengers.infants;

  // Infinite scroll (SPEC section 4): near the bottom -> should-fetch-more -> fetching-more -> complete.
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

  // Session timeout: when the earliest offer on screen expires, ask for a fresh search.
  const deadline = useMemo(() => sessionDeadline(pages, config?.offerTtlMinutes), [pages, config?.offerTtlMinutes]);
  const expired = useSessionExpired(deadline);
  const refresh = useCallback(() => {
    setSelected(null);
    window.scrollTo({ top: 0 });
    rerun(search, order);
  }, [rerun, search, order]);

  // SPEC section 4: a single suggestion is booked automatically (off until booking lands; see auto-book.ts).
  const autoBooked = useRef<string | null>(null);
  useEffect(() => {
    const only = suggestions[0];
    if (!only || !shouldAutoBook({ loading: query.isFetching, suggestions }) || autoBooked.current === only.reference) return;
    autoBooked.current = only.reference;
    void startBooking(only);
  }, [suggestions, query.isFetching, startBooking]);

  const card = (offer: Offer) => (
    <OfferCard
      key={offer.reference}
      offer={offer}
      format={format}
      travellers={travellers}
      onBook={startBooking}
      booking={pendingReference === offer.reference}
      onDetails={setSelected}
    />
  );

  let body: ReactNode;
  if (query.isPending || catchingUp) {
    body = (
      <Stack gap="sm">
        <OfferCardSkeleton />
        <OfferCardSkeleton />
        <OfferCardSkeleton />
      </Stack>
    );
  } else if (query.isError && offers.length === 0) {
    body = <SearchError error={query.error} onRetry={() => void query.refetch()} />;
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
          {query.hasNextPage || query.isFetchNextPageError || pages.length > 1 ? (
            <PagingFooter status={status} onLoadMore={loadMore} />
          ) : null}
          {suggestionsBlock}
        </Stack>
      );
  }

  return (
    <Stack gap="md">
      <div className={classes.toolbar}>
        <SortControl value={order} onChange={onOrderChange} />
        {/* "Searching…" and then the count share one place: on a phone it is a line of its own, and
            appearing only with the results it pushed the list down (a layout shift of 0.067). */}
        {query.isPending ? (
          <Group gap="xs" role="status" className={classes.resultCount}>
            <Loader size="sm" />
            <Text size="sm">{t('states.loading')}</Text>
          </Group>
        ) : offers.length > 0 ? (
          <Text size="sm" c="gray.7" role="status" className={classes.resultCount}>
            {t('states.resultCount', { count: total })}
          </Text>
        ) : null}
      </div>
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
      {body}
      <OfferDetailsModal
        offer={selected}
        search={search}
        format={format}
        onClose={() => setSelected(null)}
        onBook={startBooking}
      />
      <LoginPromptModal
        opened={loginPrompt.opened}
        onClose={loginPrompt.close}
        onGuest={loginPrompt.continueAsGuest}
        onLogin={loginPrompt.login}
        onSignup={loginPrompt.signup}
      />
      <SessionTimeoutModal opened={expired} onRefresh={refresh} />
    </Stack>
  );
}
