import type { Booking } from '@kwenda/contracts';
import { Alert, Button, Radio, Stack, Text, Title } from '@mantine/core';
import { useRef, useState, memo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { BookingConnectionNotice } from './booking-connection-notice';
import { isNetworkError } from '../../../lib/api-client';
import { formatDeadline } from '../../../lib/format/format-date';
import { useHoldLength } from '../../../lib/format/use-hold-length';
import { usePayBooking, repricedBookingOf } from '../api/booking-api';
import classes from './booking.module.css';

interface PaymentStepProps {
  booking: Booking;
  price: (amount: number) => string;
  /** The card checkout was left without paying (?payment=cancel). */
  cancelled: boolean;
  onHeld: (booking: Booking) => void;
  onError: (error: unknown) => void;
}

/** Pay later goes to the final screen; card goes to the payment page. */
export const PaymentStep = memo(function PaymentStep({ booking, price, cancelled, onHeld, onError }: PaymentStepProps) {
  const { t, i18n } = useTranslation('booking');
  const pay = usePayBooking(booking.id);
  // Nothing is chosen for the traveller (a card tried and declined stays chosen: they chose it).
  const [method, setMethod] = useState<'later' | 'card' | null>(booking.paymentMethod === 'card' ? 'card' : null);
  const [unchosen, setUnchosen] = useState(false);
  const choicesRef = useRef<HTMLDivElement>(null);
  const [repriced, setRepriced] = useState<{ previous: number; current: number } | null>(null);
  const declined = booking.paymentError;

  const submit = () => {
    if (pay.isPending) return;
    if (!method) {
      setUnchosen(true);
      choicesRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    pay.mutate(
      { payLater: method === 'later' },
      {
        onSuccess: ({ booking: held }) => {
          if (method === 'card' && held.paymentLink) window.location.assign(held.paymentLink);
          else onHeld(held);
        },
        onError: (error) => {
          const newer = repricedBookingOf(error);
          if (newer) setRepriced({ previous: newer.previousAmount ?? booking.amount, current: newer.amount });
          // No answer came: the notice above the button says so and offers to send again.
          else if (!isNetworkError(error)) onError(error);
        },
      },
    );
  };

  const heldUntil = booking.holdExpiresAt ? formatDeadline(booking.holdExpiresAt, i18n.language) : null;
  const holdLength = useHoldLength();
  return (
    <Stack gap="md" component="section" aria-labelledby="payment-title">
      <Title order={2} size="h3" id="payment-title" tabIndex={-1}>
        {t('payment.title')}
      </Title>
      {heldUntil && <Text>{t('payment.heldUntil', { time: heldUntil })}</Text>}
      {declined === 'order_creation_failed' ? (
        // The airline never made the hold the traveller was shown: nothing is held, nothing to pay yet.
        <Alert color="orange" role="alert" title={t('payment.holdNotMade.title')} data-testid="hold-not-made">
          {t('payment.holdNotMade.body')}
        </Alert>
      ) : declined ? (
        <Alert
          color="red"
          role="alert"
          title={t(`payment.declined.${declined === 'card_declined' || declined === 'insufficient_funds' ? declined : 'other'}`)}
        >
          {t('payment.tryAgain')}
        </Alert>
      ) : null}
      {cancelled && !declined && (
        <Alert color="yellow" role="status">
          {t('payment.cancelled')}
        </Alert>
      )}
      {repriced && (
        <Alert color="yellow" role="alert" title={t('payment.priceChangedTitle')}>
          {t('payment.priceChangedBody', { current: price(repriced.current), previous: price(repriced.previous) })}
        </Alert>
      )}
      <Radio.Group
        value={method}
        onChange={(v) => {
          setMethod(v as 'later' | 'card');
          setUnchosen(false);
        }}
        label={t('payment.legend')}
        error={unchosen && !method ? t('payment.choose') : undefined}
        required
      >
        <Stack gap="sm" mt="xs" ref={choicesRef}>
          {(['later', 'card'] as const).map((choice) => {
            // A fare the airline sells for immediate payment only cannot be held: pay-later is shown, off, with why.
            const unavailable = choice === 'later' && booking.instantPaymentOnly;
            const body =
              choice === 'card'
                ? t('payment.cardBody')
                : unavailable
                  ? t('payment.laterUnavailable')
                  : t('payment.laterBody', { duration: holdLength });
            return (
              <label
                key={choice}
                className={classes.choice}
                data-checked={method === choice || undefined}
                data-disabled={unavailable || undefined}
              >
                <Radio
                  value={choice}
                  disabled={unavailable}
                  aria-describedby={`payment-${choice}-body`}
                  label={<Text fw={700}>{t(`payment.${choice}`)}</Text>}
                />
                <Text size="sm" mt={4} ms={32} id={`payment-${choice}-body`}>
                  {body}
                </Text>
              </label>
            );
          })}
        </Stack>
      </Radio.Group>
      <BookingConnectionNotice request={pay} what="Payment" onRetry={submit} />
      <Button size="md" onClick={submit} loading={pay.isPending} style={{ alignSelf: 'flex-end' }}>
        {repriced ? t('payment.acceptNewPrice') : declined ? t('payment.tryAgain') : t('payment.continue')} ·{' '}
        {price(repriced?.current ?? booking.amount)}
      </Button>
    </Stack>
  );
});
