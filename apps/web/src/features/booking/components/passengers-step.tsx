import type { Booking } from '@kwenda/contracts';
import { CONTACT_ERRORS_KEY } from '@kwenda/contracts/rules';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, memo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useCountries, useSubmitPassengers, validationErrorsOf } from '../api/booking-api';
import { extrasOf } from '../lib/baggage-selection';
import { checkDrafts, draftsFrom, toPayload, travelDates, type FieldErrors, type PassengerDraft } from '../lib/passenger-form';
import { BookingConnectionNotice } from './booking-connection-notice';
import { isNetworkError } from '../../../lib/api-client';
import { clearBookingDraft, readBookingDraft, saveBookingDraft } from '../../../lib/booking-drafts';
import { splitE164 } from '../../../lib/phone-number';
import { usePublicConfig } from '../../../lib/public-config';
import { readSession } from '../../../lib/session';
import { useHydrated } from '../../../lib/use-hydrated';
import classes from './booking.module.css';
import { restoreUnsentForm, type ContactDraft, type UnsentForm } from '../lib/unsent-form';
import { contactPayload, whatsappUpdatesOf } from '../lib/contact-payload';
import { ContactFields } from './contact-fields';
import { PassengerCard } from './passenger-card';

interface PassengersStepProps {
  booking: Booking;
  price: (amount: number) => string;
  onExtrasChange: (extras: ReturnType<typeof extrasOf>) => void;
  onDone: () => void;
  onError: (error: unknown) => void;
}

type SessionUser = NonNullable<ReturnType<typeof readSession>>['user'];

/** The contact as saved on the booking, else a logged-in traveller's own (they can change it). */
function savedContact(booking: Booking, user: SessionUser | undefined): ContactDraft {
  const saved = booking.email !== null || booking.mobile !== null;
  // A mobile-number account's own number is its mobile too, unless it gave another.
  const mobile = booking.mobile ?? (saved ? null : (user?.mobile ?? user?.phone ?? null));
  // The WhatsApp number saved on the booking, else the profile's; the mobile number when it is the same.
  const whatsapp = saved ? booking.whatsapp : (user?.whatsapp ?? null);
  return {
    email: booking.email ?? user?.email ?? '',
    phone: splitE164(mobile),
    whatsapp: whatsapp && whatsapp !== mobile ? splitE164(whatsapp) : null,
    whatsappUpdates: saved ? booking.whatsappUpdates : null,
  };
}

/**
 * Submit saves the passengers, then the payment step opens. Until then what is
 * typed is kept in this browser (lib/booking-drafts.ts says where and for how long).
 */
export const PassengersStep = memo(function PassengersStep({
  booking,
  price,
  onExtrasChange,
  onDone,
  onError,
}: PassengersStepProps) {
  const { t } = useTranslation('booking');
  const { t: tErrors } = useTranslation('errors');
  const { data: countries = [] } = useCountries();
  const whatsappOffered = usePublicConfig().data?.whatsappMessages === true;
  const submit = useSubmitPassengers(booking.id);
  // A page the server painted hydrates with the booking alone, as the server rendered it; what this browser
  // kept (unsent details, the session's contact) is applied once hydrated: field values change, the layout does not.
  const hydrating = !useHydrated();
  const keptLater = useRef(hydrating);
  const [restored, setRestored] = useState(() => (hydrating ? null : restoreUnsentForm(booking, readBookingDraft(booking.id))));
  const [drafts, setDrafts] = useState<PassengerDraft[]>(() => restored?.passengers ?? draftsFrom(booking));
  const [contact, setContact] = useState<ContactDraft>(
    () => restored?.contact ?? savedContact(booking, hydrating ? undefined : readSession()?.user),
  );
  const [restoredShown, setRestoredShown] = useState(true);
  useEffect(() => {
    if (!keptLater.current) return;
    keptLater.current = false;
    const kept = restoreUnsentForm(booking, readBookingDraft(booking.id));
    if (kept) {
      setRestored(kept);
      setDrafts(kept.passengers);
      setContact(kept.contact);
    } else {
      const user = readSession()?.user;
      if (user) setContact(savedContact(booking, user));
    }
  }, [booking]);
  const edited = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const countryCodes = useMemo(() => new Set(countries.map((c) => c.code)), [countries]);

  const extras = useMemo(
    () =>
      extrasOf(
        booking.passengers,
        drafts.map((d) => d.baggage),
      ),
    [booking.passengers, drafts],
  );
  useEffect(() => onExtrasChange(extras), [extras, onExtrasChange]);

  // Every change is kept at once (a reload or a dropped connection can come at any moment).
  useEffect(() => {
    if (edited.current)
      saveBookingDraft(booking.id, { passengers: drafts, contact } satisfies UnsentForm, booking.offerExpiresAt);
  }, [booking.id, booking.offerExpiresAt, drafts, contact]);

  // After a refused submit, take the traveller to the first problem.
  useEffect(() => {
    if (!Object.keys(errors).length) return;
    const first = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-error] input, .mantine-InputWrapper-error',
    );
    (first?.closest('.mantine-InputWrapper-root')?.querySelector<HTMLElement>('input, select, textarea') ?? first)?.focus();
  }, [errors]);

  const update = (index: number, patch: Partial<PassengerDraft>) => {
    edited.current = true;
    setDrafts((current) => current.map((d, i) => (i === index ? { ...d, ...patch } : d)));
    const id = drafts[index]!.id;
    // Editing a field clears its own error.
    setErrors((current) => {
      if (!current[id]) return current;
      const mine = { ...current[id] };
      for (const key of Object.keys(patch)) delete mine[key];
      if (patch.baggage) for (const key of Object.keys(mine)) if (key.startsWith('baggage.')) delete mine[key];
      return { ...current, [id]: mine };
    });
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const local = checkDrafts(drafts, booking, (code) => countryCodes.size === 0 || countryCodes.has(code));
    const contactData = contactPayload(contact, whatsappOffered);
    const { mobile } = contactData;
    const contactErrors: Record<string, string> = {};
    if (!contact.email.trim()) contactErrors.email = 'required';
    if (!mobile) contactErrors.mobile = 'required';
    if (Object.keys(contactErrors).length) local[CONTACT_ERRORS_KEY] = contactErrors;
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    setErrors({});
    submit.mutate(
      { passengers: toPayload(drafts, booking), ...contactData },
      {
        onSuccess: () => {
          clearBookingDraft(booking.id);
          onDone();
        },
        onError: (error) => {
          const fields = validationErrorsOf(error);
          if (fields) setErrors(fields);
          // No answer came: the notice above the button says so and offers to send again; the form stays as typed.
          else if (!isNetworkError(error)) onError(error);
        },
      },
    );
  };

  const numbers = { adult: 0, child: 0, infant: 0 };
  const firstYear = Number(travelDates(booking).first.slice(0, 4));
  const hasErrors = Object.values(errors).some((e) => Object.keys(e).length > 0);
  return (
    // POST: should the form ever be sent without the script, no passport lands in an address (or a log of it).
    <form ref={formRef} method="post" onSubmit={onSubmit} noValidate aria-labelledby="passengers-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="passengers-title" tabIndex={-1}>
            {t('passengers.title')}
          </Title>
          <Text size="sm" mt={4}>
            {t('passengers.englishNote')}
          </Text>
        </div>
        {restored && restoredShown && (
          // Over the page's foot rather than in the flow: it may appear once the page is hydrated, and
          // nothing already on screen moves for it.
          <Alert
            color="teal"
            role="status"
            className={classes.restoredNotice}
            withCloseButton
            closeButtonLabel={tErrors('close')}
            onClose={() => setRestoredShown(false)}
          >
            {t('passengers.restored')}
          </Alert>
        )}
        {hasErrors && (
          <Alert color="red" role="alert">
            {t('reviewErrors')}
          </Alert>
        )}
        {booking.passengers.map((passenger, index) => {
          numbers[passenger.passengerType] += 1;
          return (
            <PassengerCard
              key={passenger.id}
              passenger={passenger}
              number={numbers[passenger.passengerType]}
              draft={drafts[index]!}
              errors={errors[passenger.id]}
              countries={countries}
              firstTravelYear={firstYear}
              onChange={(patch) => update(index, patch)}
              price={price}
            />
          );
        })}
        <ContactFields
          email={contact.email}
          phone={contact.phone}
          whatsapp={contact.whatsapp}
          whatsappUpdates={whatsappUpdatesOf(contact)}
          whatsappOffered={whatsappOffered}
          countries={countries}
          errors={errors[CONTACT_ERRORS_KEY]}
          onChange={(patch) => {
            edited.current = true;
            setContact((c) => ({ ...c, ...patch }));
            setErrors((current) => {
              const mine = { ...current[CONTACT_ERRORS_KEY] };
              if (patch.email !== undefined) delete mine.email;
              if (patch.phone) delete mine.mobile;
              if (patch.whatsapp) delete mine.whatsapp;
              return { ...current, [CONTACT_ERRORS_KEY]: mine };
            });
          }}
        />
        <BookingConnectionNotice request={submit} what="Passengers" onRetry={() => formRef.current?.requestSubmit()} />
        <Button type="submit" size="md" loading={submit.isPending} style={{ alignSelf: 'flex-end' }}>
          {t('submit')}
        </Button>
      </Stack>
    </form>
  );
});
