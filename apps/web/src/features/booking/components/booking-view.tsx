import { Alert, Box, Button, Container, Group, List, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Booking, PassengerAlreadyBooked } from '@kwenda/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { usePublicConfig } from '../../../lib/public-config';
import { Link, useNavigate } from '../../../lib/router';
import { ApiRequestError } from '../../../lib/api-client';
import { clearBookingDraft } from '../../../lib/booking-drafts';
import { formatPrice } from '../../../lib/format/format-price';
import { formatTravelDate } from '../../../lib/format/format-date';
import { usePageMeta } from '../../../lib/page-meta';
import { useAppPath } from '../../../lib/referral';
import { searchToParams, type SearchState } from '../../../lib/search-params';
import { useOnline } from '../../../lib/use-online';
import { alreadyBookedOf, isExpiredError, useBooking } from '../api/booking-api';
import { useSavedTrip } from '../api/use-saved-trip';
import { extrasOf, type ExtrasTotal } from '../lib/baggage-selection';
import { useBookingErrorText } from '../lib/booking-error-text';
import { completedSteps, screenOnLoad, type BookingScreen, type BookingStep } from '../lib/booking-steps';
import { searchFromBooking } from '../lib/search-from-booking';
import { AirlineChangePanel } from './airline-change-panel';
import { BookingFrame } from './booking-frame';
import { BookingNotices } from './booking-notices';
import { BookingStepper } from './booking-stepper';
import { CancelHold } from './cancel-hold';
import { CancellationQuote } from './cancellation-quote';
import classes from './booking.module.css';
import { ExpiredOfferModal } from './expired-offer-modal';
import { ClosedScreen, FinalScreen } from './final-screen';
import { LimitedBookingView } from './limited-booking-view';
import { PassengersStep } from './passengers-step';
import { PaymentStep } from './payment-step';
import { PriceSummary } from './price-summary';
import { SavedTripNote } from './saved-trip-note';
import { SeatMapModal } from './seat-map-modal';
import { WhatsAppUpdates } from './whatsapp-updates';
import { TripSummary } from './trip-summary';
import { hydratesApart } from './hydrates-apart';

// The page's larger parts hydrate each on its own, after the page around them.
const TripSummaryPart = hydratesApart(TripSummary);
const PassengersPart = hydratesApart(PassengersStep);
const PaymentPart = hydratesApart(PaymentStep);
const FinalScreenPart = hydratesApart(FinalScreen);
const PriceSummaryPart = hydratesApart(PriceSummary);

/** How much of a new step must show below its heading for the page to open at its very top instead. */
const STEP_PEEK_PX = 320;

/** How long the page waits for a card payment's webhook after the gateway sent the traveller back. */
const CONFIRM_POLL_MS = 60_000;

interface BookingViewProps {
  id: string;
  /** The search the traveller came from (navigation state), else rebuilt from the booking. */
  search: SearchState | null;
  /** ?payment=return (back from the card page) or ?payment=cancel. */
  paymentReturn: 'return' | 'cancel' | null;
}

/** The stepped booking, opened at the step its status calls for. */
export function BookingView({ id, search, paymentReturn }: BookingViewProps) {
  const { t, i18n } = useTranslation('booking');
  const { t: tErrors } = useTranslation('errors');
  // The booking's WhatsApp line only where the site sends on WhatsApp.
  const whatsappOffered = usePublicConfig().data?.whatsappMessages === true;
  const { codeText } = useBookingErrorText();
  const navigate = useNavigate();
  const appPath = useAppPath();
  const [pollUntil] = useState(() => (paymentReturn === 'return' ? Date.now() + CONFIRM_POLL_MS : 0));
  const [polling, setPolling] = useState(paymentReturn === 'return');
  const query = useBooking(id, polling);
  const online = useOnline();
  const savedTrip = useSavedTrip(id, query.data);
  // With no connection, the copy of the owner's booking saved on this device (lib/saved-trips.ts).
  const unreachable = query.error instanceof ApiRequestError && query.error.status === 0;
  const offlineCopy = !query.data && (!online || unreachable) ? savedTrip.saved : null;
  const booking = query.data ?? offlineCopy?.booking;
  const [screen, setScreen] = useState<BookingScreen | null>(null);
  const [expired, setExpired] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [seatMapSlice, setSeatMapSlice] = useState<number | null>(null);
  const [extras, setExtras] = useState<ExtrasTotal | null>(null);
  const [alreadyBooked, setAlreadyBooked] = useState<PassengerAlreadyBooked | null>(null);
  const alreadyBookedRef = useRef<HTMLDivElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const shownScreen = useRef<BookingScreen | null>(null);
  // Back from the card page, the final screen waits for the payment to be confirmed.
  const openingScreen = (opened: Booking): BookingScreen =>
    paymentReturn === 'return' && opened.status === 'pending-payment' && opened.statusTrigger === 'payment-started'
      ? 'confirmation'
      : screenOnLoad(opened);
  // The first render (the server's, on a page it painted) already shows the step the effect below would pick.
  const currentScreen: BookingScreen | null = screen ?? (booking ? openingScreen(booking) : null);

  // The step follows the booking's status on load and whenever the status moves on.
  const statusKey = booking ? `${booking.status}:${booking.statusTrigger}` : null;
  useEffect(() => {
    if (!booking) return;
    setScreen((current) => {
      // Before the seats are held the traveller moves between passengers and payment freely.
      if (booking.status === 'created' && (current === 'passengers' || current === 'payment')) return current;
      return openingScreen(booking);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [statusKey]);

  // Unsent passenger details are kept only while they can still be sent (lib/booking-drafts.ts).
  useEffect(() => {
    if (booking && booking.status !== 'created' && booking.status !== 'price-changed') clearBookingDraft(booking.id);
  }, [booking]);

  // A new step opens at its top with its heading focused: on a phone the button that led here was
  // at the bottom of the previous step, and the page would otherwise stay there, below what is new.
  // The first step shown on load is left alone (the page opens at its top like any page).
  useEffect(() => {
    const previous = shownScreen.current;
    shownScreen.current = currentScreen;
    if (!currentScreen || previous === null || previous === currentScreen) return;
    setAlreadyBooked(null);
    const heading = stepRef.current?.querySelector<HTMLElement>('h2');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    // Where the whole step fits below the page's own title and step bar (a desktop), the page
    // opens at its top; otherwise (a phone) at the step's heading.
    const headingTop = heading.getBoundingClientRect().top + window.scrollY;
    if (headingTop + STEP_PEEK_PX < window.innerHeight) window.scrollTo({ top: 0 });
    else heading.scrollIntoView({ block: 'start' });
  }, [currentScreen]);

  // "Already booked" is said where the traveller is looking: the alert takes the focus.
  useEffect(() => {
    if (!alreadyBooked) return;
    alreadyBookedRef.current?.focus({ preventScroll: true });
    alreadyBookedRef.current?.scrollIntoView({ block: 'start' });
  }, [alreadyBooked]);

  // Back from the card page: poll until the payment is confirmed (or declined), then stop.
  useEffect(() => {
    if (!polling || !booking) return;
    const settled =
      booking.status === 'confirmed' ||
      booking.status === 'canceled' ||
      booking.statusTrigger === 'payment-failed' ||
      booking.manualTicketingBy !== null;
    if (settled || Date.now() > pollUntil) setPolling(false);
  }, [polling, booking, pollUntil]);

  usePageMeta(
    `${t('pageTitle', { reference: booking?.bookingReference ?? '' }).trim()} | ${t('common:brand' as never)}`,
    t('common:pageMeta.booking.description' as never),
  );

  const price = useCallback(
    (amount: number) => formatPrice(amount, booking?.currency ?? 'SDG', i18n.language),
    [booking?.currency, i18n.language],
  );
  const savedExtras = useMemo(
    () =>
      booking
        ? extrasOf(
            booking.passengers,
            booking.passengers.map((p) =>
              Object.fromEntries(p.baggage.filter((b) => b.price > 0).map((b) => [b.reference, b.count])),
            ),
          )
        : null,
    [booking],
  );

  const offersHref = useMemo(() => {
    const from = search ?? (booking ? searchFromBooking(booking) : null);
    return from ? `${appPath('/offers')}?${searchToParams(from)}` : appPath('/');
  }, [search, booking, appPath]);

  const refetch = query.refetch;
  const onError = useCallback(
    (error: unknown) => {
      if (isExpiredError(error)) return setExpired(true);
      const duplicate = alreadyBookedOf(error);
      if (duplicate) return setAlreadyBooked(duplicate);
      setFailure(
        error instanceof ApiRequestError && error.status === 0
          ? 'network'
          : error instanceof ApiRequestError && error.body
            ? `code:${error.code}`
            : 'unexpected',
      );
      void refetch();
    },
    [refetch],
  );
  const toPayment = useCallback(() => setScreen('payment'), []);
  const toConfirmation = useCallback(() => setScreen('confirmation'), []);
  const closeSeatMap = useCallback(() => setSeatMapSlice(null), []);
  const backToOffers = useCallback(() => void navigate(offersHref), [navigate, offersHref]);
  const select = useCallback(
    (target: BookingStep) => {
      if (target === 'search') void navigate(offersHref);
      else setScreen(target);
    },
    [navigate, offersHref],
  );
  const current: BookingScreen | null = booking ? (currentScreen ?? openingScreen(booking)) : null;
  const step: BookingStep | null = current === 'closed' ? 'confirmation' : current;
  // The steps' status, not the booking: a re-read that changes nothing else leaves the step bar as it is.
  const clickable = useMemo(
    () => (booking && step ? completedSteps({ status: booking.status, statusTrigger: booking.statusTrigger }, step) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [booking?.status, booking?.statusTrigger, step],
  );

  if (query.isPending && !offlineCopy) {
    // A screen high, as the route's loader: the footer stays below the fold until the booking arrives (CLS).
    return (
      <Container size="lg" py="md" mih="100vh">
        <Stack gap="md" role="status" aria-label={t('loading')}>
          <Group gap="xs">
            <Loader size="sm" />
            <Text>{t('loading')}</Text>
          </Group>
          <Skeleton height={120} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      </Container>
    );
  }
  // A failed re-read keeps the booking on screen (and the step being filled): only a first read that failed shows this.
  if (!booking) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <Container size="sm" py="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1} size="h2">
            {notFound ? t('notFound') : t('loadFailed')}
          </Title>
          <Group>
            {!notFound && <Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
            <Button component={Link} to={appPath('/')} variant="default">
              {t('backHome')}
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }

  // Opened with the link alone (another device, a forwarded link): the limited view, nothing to change.
  if (booking.access === 'limited') return <LimitedBookingView booking={booking} />;

  const firstDate = booking.slices[0]!.departureDate.slice(0, 10);
  const manageHref = appPath(`/booking/${booking.id}`);

  return (
    <BookingFrame
      reference={booking.bookingReference}
      dialogs={
        <>
          <SeatMapModal booking={booking} slice={seatMapSlice} onClose={closeSeatMap} />
          <ExpiredOfferModal opened={expired} onBack={backToOffers} />
        </>
      }
    >
      <SavedTripNote
        savedAt={savedTrip.saved?.savedAt ?? null}
        offline={offlineCopy !== null}
        declined={savedTrip.declined}
        onRemove={savedTrip.remove}
        onKeep={savedTrip.keep}
      />
      <BookingStepper
        current={step!}
        complete={booking.status === 'confirmed' || Boolean(booking.ticketLink)}
        clickable={clickable}
        onSelect={select}
      />
      {booking.requestedDate && booking.requestedDate !== firstDate && (
        <Alert color="blue" role="status">
          {t('altDate', {
            date: formatTravelDate(firstDate, i18n.language, 'long'),
            requested: formatTravelDate(booking.requestedDate, i18n.language, 'long'),
          })}
        </Alert>
      )}
      {booking.previousAmount !== null && booking.status === 'created' && (
        <Alert color="yellow" role="status">
          {t('priceChanged', { previous: price(booking.previousAmount), current: price(booking.amount) })}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel={tErrors('close')} onClose={() => setFailure(null)}>
          {failure === 'network'
            ? tErrors('network')
            : failure.startsWith('code:')
              ? codeText(failure.slice(5))
              : tErrors('unexpected')}
        </Alert>
      )}
      {alreadyBooked && (
        <Alert
          ref={alreadyBookedRef}
          tabIndex={-1}
          color="yellow"
          role="alert"
          title={t('alreadyBooked.title')}
          // Mantine's yellow title is too pale on the light background to read (WCAG AA).
          styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
        >
          <Stack gap="xs">
            {alreadyBooked.alreadyBooked.length > 0 ? (
              <>
                <Text size="sm">{t('alreadyBooked.named')}</Text>
                <List size="sm">
                  {alreadyBooked.alreadyBooked.map((p) => (
                    <List.Item key={p.id}>
                      <bdi>{`${p.firstName} ${p.lastName}`}</bdi>
                    </List.Item>
                  ))}
                </List>
              </>
            ) : (
              <Text size="sm">{t('alreadyBooked.unnamed')}</Text>
            )}
            {alreadyBooked.existingBookingId ? (
              <Button
                component={Link}
                to={appPath(`/booking/${alreadyBooked.existingBookingId}`)}
                size="sm"
                style={{ alignSelf: 'flex-start' }}
              >
                {t('alreadyBooked.open')}
              </Button>
            ) : (
              <Text size="sm">{t('alreadyBooked.elsewhere')}</Text>
            )}
          </Stack>
        </Alert>
      )}
      {booking.status === 'rescheduled' && <AirlineChangePanel booking={booking} />}
      {(current === 'passengers' || current === 'payment') && <BookingNotices booking={booking} />}
      <div className={classes.layout}>
        <Stack gap="md">
          <TripSummaryPart booking={booking} onSeatMap={setSeatMapSlice} />
          <div ref={stepRef}>
            {current === 'passengers' && (
              <PassengersPart booking={booking} price={price} onExtrasChange={setExtras} onDone={toPayment} onError={onError} />
            )}
            {current === 'payment' && (
              <PaymentPart
                booking={booking}
                price={price}
                cancelled={paymentReturn === 'cancel'}
                onHeld={toConfirmation}
                onError={onError}
              />
            )}
            {current === 'confirmation' && <FinalScreenPart booking={booking} confirming={polling} manageHref={manageHref} />}
            {current === 'confirmation' && booking.status !== 'canceled' && whatsappOffered && (
              <Box mt="md">
                <WhatsAppUpdates booking={booking} />
              </Box>
            )}
            {current === 'confirmation' && booking.status === 'confirmed' && booking.pnr && (
              <Box mt="md">
                <CancellationQuote booking={booking} label={t('cancelRefund.offer')} variant="subtle" />
              </Box>
            )}
            {(current === 'confirmation' || current === 'payment') && booking.status === 'pending-payment' && (
              <Box mt="md">
                <CancelHold booking={booking} />
              </Box>
            )}
            {current === 'closed' && <ClosedScreen booking={booking} searchHref={offersHref} />}
          </div>
        </Stack>
        <aside className={classes.aside}>
          <PriceSummaryPart booking={booking} extras={(current === 'passengers' ? extras : null) ?? savedExtras!} price={price} />
        </aside>
      </div>
    </BookingFrame>
  );
}
