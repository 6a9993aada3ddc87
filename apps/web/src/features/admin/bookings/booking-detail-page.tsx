import type { AdminBookingDetail } from '@kwenda/contracts/admin';
import { Alert, Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation, useParams } from '../../../lib/router';
import { ApiRequestError } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format/format-price';
import { intlLocale } from '../../../lib/format/intl-locale';
import { AdminPage } from '../components/admin-page';
import { ApiErrorAlert } from '../components/api-error-alert';
// The actions the booking's state allows (approve, extend, ticket, cancel, refund) are the desk's.
import { BookingActions } from '../desk/booking-actions';
import { AirlineChangeSection } from './airline-change-section';
import { formatInstant, ltr, SegmentTimes, StatusBadge, useRouteText } from './booking-display';
import { PassengersSection } from './booking-passengers';
import { PaymentsSection, TimelineSection } from './booking-records';
import { MessagesSection } from './messages-section';
import { useBookingDetail } from './bookings-api';
import classes from './bookings.module.css';
import { PossibleDuplicateAlert } from './possible-duplicates';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={classes.facts}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SummarySection({ detail }: { detail: AdminBookingDetail }) {
  const { t, i18n } = useTranslation('admin-bookings');
  const language = i18n.language;
  const { booking } = detail;
  const none = t('detail.none');
  return (
    <Facts
      rows={[
        [t('detail.status'), <StatusBadge key="s" status={booking.status} />],
        [
          t('detail.lastChange'),
          t(`triggers.${booking.statusTrigger}` as 'triggers.booking-created', { defaultValue: booking.statusTrigger }),
        ],
        [t('detail.created'), formatInstant(booking.date, language)],
        [t('detail.updated'), formatInstant(detail.updatedAt, language)],
        ...(booking.holdExpiresAt
          ? [[t('detail.holdUntil'), formatInstant(booking.holdExpiresAt, language)] as [string, ReactNode]]
          : []),
        ...(detail.ticketedAt
          ? [[t('detail.ticketedAt'), formatInstant(detail.ticketedAt, language)] as [string, ReactNode]]
          : []),
        [
          t('detail.pnr'),
          <span key="pnr" dir="ltr">
            {booking.pnr ?? none}
          </span>,
        ],
        [
          t('detail.supplierOrder'),
          <span key="o" dir="ltr">
            {detail.supplierOrderId ?? none}
          </span>,
        ],
        [
          t('detail.customer'),
          detail.account ? (
            <span key="a">
              {detail.account.fullName ?? none}{' '}
              {detail.account.email ? (
                <>
                  (<bdi dir="ltr">{detail.account.email}</bdi>)
                </>
              ) : null}
            </span>
          ) : (
            t('detail.guest')
          ),
        ],
        [
          t('detail.email'),
          booking.email ? (
            <bdi key="e" dir="ltr">
              {booking.email}
            </bdi>
          ) : (
            none
          ),
        ],
        [
          t('detail.mobile'),
          booking.mobile ? (
            <bdi key="m" dir="ltr">
              {booking.mobile}
            </bdi>
          ) : (
            none
          ),
        ],
        [t('detail.language'), t(`detail.languages.${detail.language}`)],
        [
          t('detail.referralCode'),
          <span key="r" dir="ltr">
            {booking.referralCode ?? none}
          </span>,
        ],
      ]}
    />
  );
}

function ItinerarySection({ detail }: { detail: AdminBookingDetail }) {
  const { t, i18n } = useTranslation('admin-bookings');
  const language = i18n.language;
  const route = useRouteText();
  const { booking } = detail;
  const sliceTitle = (index: number) =>
    booking.tripType === 'round-trip'
      ? t(index === 0 ? 'itinerary.outbound' : 'itinerary.inbound')
      : t('itinerary.slice', { n: index + 1 });
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t(`itinerary.tripTypes.${booking.tripType}`)} · {t('itinerary.cabin')}:{' '}
        {booking.slices[0]?.cabinClasses[0]?.[language === 'ar' ? 'labelAr' : 'labelEn'] ?? booking.cabinClass}
      </Text>
      {booking.slices.map((slice, index) => (
        <Paper key={index} withBorder radius="sm" p="sm">
          <Text fw={600}>
            {sliceTitle(index)}: {route(slice.origin, slice.destination)}
          </Text>
          <Stack gap={6} mt={4}>
            {slice.segments.map((segment, s) => (
              <div key={s}>
                <Text size="sm">
                  {t('itinerary.flight', { flight: ltr(segment.flightNumber) })} ·{' '}
                  {language === 'ar' ? segment.airline.nameAr : segment.airline.nameEn}
                  {segment.stops > 0 ? ` · ${t('itinerary.stops')}: ${segment.stops}` : ''}
                </Text>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4}>
                  <SegmentTimes segment={segment} />
                </SimpleGrid>
              </div>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function PriceSection({ detail }: { detail: AdminBookingDetail }) {
  const { t, i18n } = useTranslation('admin-bookings');
  const language = i18n.language;
  const { booking, pricing } = detail;
  const money = (amount: number) => formatPrice(amount, booking.currency, language);
  const usd = (amount: number) => formatPrice(amount, 'USD', language);
  const b = booking.priceBreakdown;
  const lines: [string, ReactNode][] = [
    ...(b.adults.count ? [[t('price.adults', { count: b.adults.count }), money(b.adults.amount)] as [string, ReactNode]] : []),
    ...(b.children.count
      ? [[t('price.children', { count: b.children.count }), money(b.children.amount)] as [string, ReactNode]]
      : []),
    ...(b.infants.count
      ? [[t('price.infants', { count: b.infants.count }), money(b.infants.amount)] as [string, ReactNode]]
      : []),
    ...(b.hold.count ? [[t('price.hold', { count: b.hold.count }), money(b.hold.amount)] as [string, ReactNode]] : []),
    ...(b.carryOn.count
      ? [[t('price.carryOn', { count: b.carryOn.count }), money(b.carryOn.amount)] as [string, ReactNode]]
      : []),
    [t('price.total'), <strong key="t">{money(b.total)}</strong>],
  ];
  const markupTerms =
    pricing.markupPercent !== null || pricing.markupFixedUsd !== null
      ? t('price.markupTerms', { percent: pricing.markupPercent ?? 0, fixed: usd(pricing.markupFixedUsd ?? 0) })
      : null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Stack gap="xs">
        <Text fw={600}>{t('price.breakdown')}</Text>
        <Facts rows={lines} />
        {booking.previousAmount !== null ? (
          <Text size="sm">{t('price.previous', { amount: money(booking.previousAmount) })}</Text>
        ) : null}
      </Stack>
      <Stack gap="xs">
        <Text fw={600}>{t('price.pricedWith')}</Text>
        <Facts
          rows={[
            [
              t('price.rate'),
              t('price.rateValue', {
                rate: ltr(new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 6 }).format(pricing.exchangeRate)),
                currency: pricing.currency,
              }),
            ],
            ...(pricing.rateEffectiveAt
              ? [[t('price.rateSince'), formatInstant(pricing.rateEffectiveAt, language)] as [string, ReactNode]]
              : []),
            ...(pricing.fareUsd !== null ? [[t('price.fareUsd'), usd(pricing.fareUsd)] as [string, ReactNode]] : []),
            [
              t('price.markupUsd'),
              pricing.markupUsd > 0 ? (
                <span key="m">
                  {usd(pricing.markupUsd)}
                  {markupTerms ? ` (${markupTerms})` : ''}
                </span>
              ) : (
                t('price.noMarkup')
              ),
            ],
            ...(pricing.totalUsd !== null ? [[t('price.totalUsd'), usd(pricing.totalUsd)] as [string, ReactNode]] : []),
          ]}
        />
        {pricing.recorded ? null : <Text size="sm">{t('price.notRecorded')}</Text>}
      </Stack>
    </SimpleGrid>
  );
}

/**
 * One booking for staff, everything on one page: the actions its state allows first, then summary,
 * itinerary, passengers (document numbers masked until asked for), price with the rate and markup it
 * was priced with, payments and receipts, the messages sent (e-mail and WhatsApp) and the timeline.
 */
export function BookingDetailPage() {
  const { t, i18n } = useTranslation('admin-bookings');
  const { id = '' } = useParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const detail = useBookingDetail(id);
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';
  const back = (
    <Anchor component={Link} to={`/admin/bookings${listSearch ? `?${listSearch}` : ''}`} size="sm">
      {t('detail.back')}
    </Anchor>
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'booking', id] });

  if (!detail.data) {
    const missing = detail.error instanceof ApiRequestError && detail.error.status === 404;
    return (
      <AdminPage title={t('list.title')}>
        {back}
        {detail.isLoading ? <Loader role="status" aria-label={t('list.loading')} /> : null}
        {missing ? <Alert color="gray">{t('detail.notFound')}</Alert> : null}
        {detail.error && !missing ? <ApiErrorAlert error={detail.error} title={t('detail.loadError')} /> : null}
      </AdminPage>
    );
  }
  const data = detail.data;
  const { booking } = data;
  return (
    <AdminPage
      title={t('detail.title', { reference: ltr(booking.bookingReference) })}
      actions={<StatusBadge status={booking.status} />}
    >
      <Group justify="space-between" gap="xs">
        {back}
        <Text size="sm" fw={600}>
          {formatPrice(booking.amount, booking.currency, i18n.language)}
        </Text>
      </Group>
      <PossibleDuplicateAlert duplicates={data.possibleDuplicates} />
      {/* A section of its own, with its heading. */}
      <BookingActions booking={booking} receipts={data.receipts} onChanged={refresh} />
      <AirlineChangeSection bookingId={booking.id} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Section id="booking-summary" title={t('detail.summary')}>
          <SummarySection detail={data} />
        </Section>
        <Section id="booking-itinerary" title={t('itinerary.title')}>
          <ItinerarySection detail={data} />
        </Section>
      </SimpleGrid>
      <Section id="booking-passengers" title={t('passengerList.title')}>
        <PassengersSection detail={data} onViewed={refresh} />
      </Section>
      <Section id="booking-price" title={t('price.title')}>
        <PriceSection detail={data} />
      </Section>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Section id="booking-payments" title={t('payments.title')}>
          <PaymentsSection detail={data} />
        </Section>
        <Section id="booking-emails" title={t('emails.title')}>
          <MessagesSection bookingId={booking.id} ticketed={data.ticketedAt !== null || booking.ticketLink !== null} />
        </Section>
      </SimpleGrid>
      <Section id="booking-timeline" title={t('timeline.title')}>
        <TimelineSection detail={data} />
      </Section>
    </AdminPage>
  );
}
