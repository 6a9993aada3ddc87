import type { Booking } from '@kwenda/contracts';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { airportCity } from '../../../lib/airports';
import { useBookingAirports } from '../lib/booking-airports';
import { formatDeadline, formatTravelDate } from '../../../lib/format/format-date';
import { usePublicConfig } from '../../../lib/public-config';
import { WhatsAppButton } from '../../../components/whatsapp-button';
import { paymentMessage } from '../lib/booking-message';
import { CancellationRefund, releasedHold } from './cancellation-refund';
import { ManualTicketing } from './manual-ticketing';
import { ReceiptUpload } from './receipt-upload';
import { SwitchToCard } from './switch-to-card';
import { TransferInstructions } from './transfer-instructions';
import { FinalSection } from './final-section';
import { LabelledCode } from './labelled-code';
import { memo } from 'react';

/**
 * The final screen: held (no ticket yet: pay by transfer or on WhatsApp), ticketed
 * (print/PDF and the e-mailed copy), or only a manage-booking link. `confirming` while a card
 * payment is on its way back from the gateway.
 */
export const FinalScreen = memo(function FinalScreen({
  booking,
  confirming,
  manageHref,
}: {
  booking: Booking;
  confirming: boolean;
  manageHref: string;
}) {
  const { t, i18n } = useTranslation('booking');
  const { data: config } = usePublicConfig();
  const byCode = useBookingAirports(booking);
  const language = i18n.language;

  if (booking.ticketLink) {
    return (
      <FinalSection title={<>✓ {t('final.confirmedTitle')}</>} titleColor="teal.9">
        <Text>{t('final.confirmed')}</Text>
        <LabelledCode label={t('reference')} code={booking.bookingReference} />
        {booking.pnr && <LabelledCode label={t('final.pnr')} code={booking.pnr} testId="pnr" />}
        <Group>
          <Button component="a" href={booking.ticketLink} target="_blank" rel="noopener">
            {t('final.print')}
          </Button>
          <Button component={Link} to={manageHref} variant="default">
            {t('final.manage')}
          </Button>
        </Group>
        {booking.email && <Text size="sm">{t('final.emailed', { email: booking.email })}</Text>}
      </FinalSection>
    );
  }

  if (booking.status === 'pending-payment' && booking.paymentMethod === 'bank-transfer') {
    const deadline = booking.holdExpiresAt ? formatDeadline(booking.holdExpiresAt, language) : '';
    const message = paymentMessage(
      (vars) => t('final.whatsappMessage', vars),
      booking,
      (code) => airportCity(byCode.get(code), language, code),
      (date) => formatTravelDate(date, language, 'long'),
    );
    return (
      <FinalSection title={t('final.heldTitle')} gap="md">
        <Text fw={600}>{t('final.held', { time: deadline })}</Text>
        <LabelledCode label={t('reference')} code={booking.bookingReference} testId="booking-reference" />
        <TransferInstructions booking={booking} />
        {config?.whatsappNumber && (
          <WhatsAppButton number={config.whatsappNumber} message={message} style={{ alignSelf: 'flex-start' }}>
            {t('final.whatsapp')}
          </WhatsAppButton>
        )}
        <ReceiptUpload booking={booking} />
        {!booking.instantPaymentOnly && <SwitchToCard booking={booking} />}
      </FinalSection>
    );
  }

  // The airline refused the ticket: the agency issues it by hand by the time it promised.
  if (booking.status === 'payment-confirmed' && booking.manualTicketingBy) return <ManualTicketing booking={booking} />;

  if (confirming || booking.status === 'payment-confirmed' || booking.status === 'pending-payment') {
    return (
      <Paper withBorder radius="md" p="lg" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text fw={600}>{booking.status === 'payment-confirmed' ? t('final.paid') : t('payment.confirming')}</Text>
        </Group>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Alert color="blue">
          {t('reference')}: {booking.bookingReference}
        </Alert>
        <Button component={Link} to={manageHref} style={{ alignSelf: 'flex-start' }}>
          {t('final.manage')}
        </Button>
      </Stack>
    </Paper>
  );
});

/** A booking that cannot go further: canceled (the hold ran out, by the traveller or the agency), sold out, refunded. */
export const ClosedScreen = memo(function ClosedScreen({ booking, searchHref }: { booking: Booking; searchHref: string }) {
  const { t } = useTranslation('booking');
  const reason =
    booking.status === 'refunded'
      ? 'final.refunded'
      : booking.status === 'offer-unavailable'
        ? 'final.unavailable'
        : // Cancelled by the traveller at the airline's refund quote, or by the agency: not a hold that ran out.
          booking.statusTrigger === 'traveller-canceled'
          ? releasedHold(booking)
            ? 'final.holdCanceled'
            : // The figures below say what is owed; a booking cancelled before they were kept says it in words.
              booking.cancellation
              ? 'final.travellerCanceledAtQuote'
              : 'final.travellerCanceled'
          : booking.statusTrigger === 'staff-canceled'
            ? 'final.staffCanceled'
            : 'final.canceled';
  return (
    <FinalSection titleId="closed-title" title={t('final.closedTitle')}>
      <Text>{t(reason)}</Text>
      <CancellationRefund booking={booking} />
      <LabelledCode label={t('reference')} code={booking.bookingReference} />
      <Button component={Link} to={searchHref} style={{ alignSelf: 'flex-start' }}>
        {t('final.newSearch')}
      </Button>
    </FinalSection>
  );
});
