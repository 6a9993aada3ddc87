import type { Booking, PassengerInput } from '@kwenda/contracts';
import { checkPassenger, normalizeName, todayIn, type PassengerField } from '@kwenda/contracts/rules';

/** What the form holds for one passenger: every field as typed, and the paid bags picked. */
export type PassengerDraft = Record<PassengerField, string> & { id: string; baggage: Record<string, number> };

export type FieldErrors = Record<string, Record<string, string>>;

export function draftsFrom(booking: Booking): PassengerDraft[] {
  return booking.passengers.map((p) => ({
    id: p.id,
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    dateOfBirth: p.dateOfBirth ?? '',
    gender: p.gender ?? '',
    placeOfBirth: p.placeOfBirth ?? '',
    nationalityCountry: p.nationalityCountry ?? '',
    documentNumber: p.documentNumber ?? '',
    documentIssuanceCountry: p.documentIssuanceCountry ?? '',
    documentIssuanceDate: p.documentIssuanceDate ?? '',
    documentExpiryDate: p.documentExpiryDate ?? '',
    baggage: Object.fromEntries(p.baggage.filter((b) => b.price > 0 && b.count > 0).map((b) => [b.reference, b.count])),
  }));
}

export function travelDates(booking: Pick<Booking, 'slices'>) {
  const segments = booking.slices.flatMap((s) => s.segments);
  return { first: segments[0]!.departureDate.slice(0, 10), last: segments[segments.length - 1]!.arrivalDate.slice(0, 10) };
}

/** The PUT body: only the fields the airline asked for, names trimmed. */
export function toPayload(drafts: readonly PassengerDraft[], booking: Booking): PassengerInput[] {
  return drafts.map((draft, index) => {
    const required = booking.passengers[index]!.requiredFields;
    const fields = Object.fromEntries(
      required.map((field) => {
        const value = draft[field].trim();
        const clean = ['firstName', 'lastName', 'placeOfBirth'].includes(field) ? normalizeName(value) : value;
        return [field, clean === '' ? null : clean];
      }),
    );
    return {
      id: draft.id,
      ...fields,
      baggage: Object.entries(draft.baggage).map(([reference, count]) => ({ reference, count })),
    };
  });
}

/** The same rules the server applies, for feedback before sending. */
export function checkDrafts(
  drafts: readonly PassengerDraft[],
  booking: Booking,
  isCountry: (code: string) => boolean,
): FieldErrors {
  const { first, last } = travelDates(booking);
  const errors: FieldErrors = {};
  drafts.forEach((draft, index) => {
    const passenger = booking.passengers[index]!;
    const problems = checkPassenger(draft, {
      passengerType: passenger.passengerType,
      requiredFields: passenger.requiredFields,
      firstTravelDate: first,
      lastTravelDate: last,
      today: todayIn(),
      isCountry,
    });
    if (Object.keys(problems).length) errors[draft.id] = problems as Record<string, string>;
  });
  return errors;
}
