import type { Booking } from '@kwenda/contracts';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { formatDeadline } from '../../../lib/format/format-date';
import { formatPrice } from '../../../lib/format/format-price';
import { usePageMeta } from '../../../lib/page-meta';
import { useAppPath } from '../../../lib/referral';
import { extrasOf } from '../lib/baggage-selection';
import { BookingFrame } from './booking-frame';
import classes from './booking.module.css';
import { PriceSummary } from './price-summary';
import { SeatMapModal } from './seat-map-modal';
import { TripSummary } from './trip-summary';
import { SectionCard } from '../../../components/section-card';

/** What the page passes to Find my booking, so the reference is filled in there. */
export interface FindBookingState {
  reference?: string;
}

/**
 * The booking as anyone holding only its link sees it (the server sends no more): the itinerary, the
 * status and the price, passengers by their initials, the contact masked, and nothing to press that
 * would change it. A guest's booking points to Find my booking, an account's to logging in.
 */
export function LimitedBookingView({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation('booking');
  const appPath = useAppPath();
  const [seatMapSlice, setSeatMapSlice] = useState<number | null>(null);
  const language = i18n.language;
  usePageMeta(
    `${t('pageTitle', { reference: booking.bookingReference }).trim()} | ${t('common:brand' as never)}`,
    t('common:pageMeta.booking.description' as never),
  );
  const price = useCallback((amount: number) => formatPrice(amount, booking.currency, language), [booking.currency, language]);
  const savedExtras = useMemo(
    () =>
      extrasOf(
        booking.passengers,
        booking.passengers.map((p) =>
          Object.fromEntries(p.baggage.filter((b) => b.price > 0).map((b) => [b.reference, b.count])),
        ),
      ),
    [booking],
  );
  const status =
    booking.status === 'pending-payment' && booking.holdExpiresAt
      ? t('limited.status.pending-payment-until', { time: formatDeadline(booking.holdExpiresAt, language) })
      : t(`limited.status.${booking.status}`);
  // "Adult 1", "Adult 2", "Child 1": numbered within each type, as on the passenger step.
  const numbered = useMemo(() => {
    const counts = { adult: 0, child: 0, infant: 0 };
    return booking.passengers.map((p) => ({ passenger: p, n: (counts[p.passengerType] += 1) }));
  }, [booking.passengers]);
  const returnHere = appPath(`/booking/${booking.id}`);

  return (
    <BookingFrame
      reference={booking.bookingReference}
      dialogs={<SeatMapModal booking={booking} slice={seatMapSlice} onClose={() => setSeatMapSlice(null)} />}
    >
      <Alert color="blue" role="status" title={t('limited.title')} classNames={{ title: classes.limitedTitle }}>
        <Stack gap="sm">
          <Text size="sm">{booking.heldByAccount ? t('limited.account') : t('limited.guest')}</Text>
          {booking.heldByAccount ? (
            <Button
              component={Link}
              to={`${appPath('/login')}?return_to=${encodeURIComponent(returnHere)}`}
              className={classes.limitedAction}
            >
              {t('limited.login')}
            </Button>
          ) : (
            <Button
              component={Link}
              to={appPath('/find_booking')}
              state={{ reference: booking.bookingReference } satisfies FindBookingState}
              className={classes.limitedAction}
            >
              {t('limited.find')}
            </Button>
          )}
        </Stack>
      </Alert>
      <div className={classes.layout}>
        <Stack gap="md">
          <SectionCard titleId="status-title" title={t('limited.statusTitle')} gap={4}>
            <Text fw={600} data-testid="limited-status">
              {status}
            </Text>
          </SectionCard>
          <TripSummary booking={booking} onSeatMap={setSeatMapSlice} />
          <SectionCard titleId="limited-passengers-title" title={t('limited.passengersTitle')} gap="xs">
            <List listStyleType="none" spacing={4} p={0}>
              {numbered.map(({ passenger: p, n }) => {
                const initials = [p.firstName, p.lastName].filter(Boolean).join(' ');
                return (
                  <List.Item key={p.id}>
                    {t(`passengers.${p.passengerType}`, { n })}
                    {initials ? (
                      <>
                        {': '}
                        <bdi dir="ltr">{initials}</bdi>
                      </>
                    ) : null}
                  </List.Item>
                );
              })}
            </List>
            <Text size="sm" c="gray.7">
              {t('limited.hiddenNote')}
            </Text>
          </SectionCard>
          {(booking.email || booking.mobile) && (
            <SectionCard titleId="limited-contact-title" title={t('limited.contactTitle')} gap={4}>
              {booking.email && (
                <Text>
                  {t('contact.email')}: <bdi dir="ltr">{booking.email}</bdi>
                </Text>
              )}
              {booking.mobile && (
                <Text>
                  {t('contact.mobile')}: <bdi dir="ltr">{booking.mobile}</bdi>
                </Text>
              )}
            </SectionCard>
          )}
        </Stack>
        <aside className={classes.aside}>
          <PriceSummary booking={booking} extras={savedExtras} price={price} />
        </aside>
      </div>
    </BookingFrame>
  );
}
