import {
  CONTACT_ERRORS_KEY,
  E164_PATTERN,
  checkPassenger,
  isEmail,
  normalizeName,
  passengerErrorCodes,
  type PassengerField,
  type PassengerInput,
} from '@kwenda/contracts';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { listCountries } from '../../data/countries.js';
import type { PassengerRow } from '../../db/schema.js';
import type { SupplierPassenger } from '../../suppliers/supplier.js';

let countryCodes: Set<string> | undefined;
const isCountry = (code: string) => (countryCodes ??= new Set(listCountries().map((c) => c.code))).has(code);

/** A phone number as typed: spaces, brackets and dashes dropped; null when empty. */
export const phoneInput = (value: string | null | undefined) => optional(value)?.replace(/[\s()-]/g, '') ?? null;
/** E.164 and a number the country's numbering plan allows. */
export const isPhoneNumber = (value: string) => E164_PATTERN.test(value) && isValidPhoneNumber(value);

export type ValidationErrors = Record<string, Record<string, string>>;

export type CleanPassenger = Omit<SupplierPassenger, 'passengerType' | 'supplierPassengerId' | 'email' | 'mobile'>;

const optional = (value: string | null | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * Server-side rules of PUT /bookings/{id} (the shared checkPassenger plus what only the server
 * knows: the booking's passengers, bag options and limits, phone numbering plans). Answers the
 * cleaned passengers, or every problem keyed by passenger id (or "contact") and field.
 */
export function validatePassengers(
  input: {
    passengers: (PassengerInput & { baggage?: { reference: string; count: number }[] })[];
    email?: string | null;
    mobile?: string | null;
    whatsapp?: string | null;
    whatsappUpdates?: boolean | null;
  },
  booked: PassengerRow[],
  travel: { firstDate: string; lastDate: string; today: string },
):
  | { ok: true; passengers: CleanPassenger[]; email: string; mobile: string; whatsapp: string; whatsappUpdates: boolean }
  | { ok: false; errors: ValidationErrors } {
  const errors: ValidationErrors = {};
  const fail = (key: string, field: string, code: string) => ((errors[key] ??= {})[field] = code);

  const byId = new Map(input.passengers.map((p) => [p.id, p]));
  for (const p of input.passengers) if (!booked.some((b) => b.id === p.id)) fail(p.id, 'id', 'unknown_passenger');
  if (byId.size !== input.passengers.length) fail(CONTACT_ERRORS_KEY, 'passengers', 'duplicate_passenger');

  const clean: CleanPassenger[] = [];
  for (const row of booked) {
    const p = byId.get(row.id);
    if (!p) {
      fail(row.id, 'firstName', passengerErrorCodes.required);
      continue;
    }
    const draft = {
      firstName: optional(p.firstName),
      lastName: optional(p.lastName),
      dateOfBirth: optional(p.dateOfBirth),
      gender: optional(p.gender)?.toUpperCase() ?? null,
      placeOfBirth: optional(p.placeOfBirth),
      nationalityCountry: optional(p.nationalityCountry)?.toUpperCase() ?? null,
      documentNumber: optional(p.documentNumber)?.toUpperCase() ?? null,
      documentIssuanceCountry: optional(p.documentIssuanceCountry)?.toUpperCase() ?? null,
      documentIssuanceDate: optional(p.documentIssuanceDate),
      documentExpiryDate: optional(p.documentExpiryDate),
    };
    const problems = checkPassenger(draft, {
      passengerType: row.passengerType,
      requiredFields: row.requiredFields,
      firstTravelDate: travel.firstDate,
      lastTravelDate: travel.lastDate,
      today: travel.today,
      isCountry,
    });
    for (const [field, code] of Object.entries(problems)) fail(row.id, field as PassengerField, code);

    // Extra bags: only paid options of this passenger, within each option's limit.
    const extraBaggage: Record<string, number> = {};
    for (const choice of p.baggage ?? []) {
      const option = row.baggageOptions.find((o) => o.reference === choice.reference && o.priceUsd > 0);
      if (!option || choice.reference in extraBaggage)
        fail(row.id, `baggage.${choice.reference}`, passengerErrorCodes.unknownBaggage);
      else if (choice.count > option.limit) fail(row.id, `baggage.${choice.reference}`, passengerErrorCodes.baggageLimit);
      else if (choice.count > 0) extraBaggage[choice.reference] = choice.count;
    }

    if (!errors[row.id]) {
      clean.push({
        id: row.id,
        firstName: normalizeName(draft.firstName!),
        lastName: normalizeName(draft.lastName!),
        dateOfBirth: draft.dateOfBirth!,
        gender: draft.gender as 'M' | 'F',
        placeOfBirth: draft.placeOfBirth ? normalizeName(draft.placeOfBirth) : null,
        nationalityCountry: draft.nationalityCountry!,
        documentNumber: draft.documentNumber!,
        documentIssuanceCountry: draft.documentIssuanceCountry!,
        documentIssuanceDate: draft.documentIssuanceDate,
        documentExpiryDate: draft.documentExpiryDate!,
        extraBaggage,
      });
    }
  }

  // One person twice in one booking.
  const seen = new Set<string>();
  for (const p of clean) {
    const key = `${p.firstName.toUpperCase()}|${p.lastName.toUpperCase()}|${p.dateOfBirth}`;
    if (seen.has(key)) fail(p.id, 'firstName', passengerErrorCodes.duplicatePassenger);
    seen.add(key);
  }

  const email = optional(input.email)?.toLowerCase() ?? null;
  if (!email) fail(CONTACT_ERRORS_KEY, 'email', passengerErrorCodes.required);
  else if (!isEmail(email)) fail(CONTACT_ERRORS_KEY, 'email', passengerErrorCodes.invalidEmail);
  const mobile = phoneInput(input.mobile);
  if (!mobile) fail(CONTACT_ERRORS_KEY, 'mobile', passengerErrorCodes.required);
  else if (!isPhoneNumber(mobile)) fail(CONTACT_ERRORS_KEY, 'mobile', passengerErrorCodes.invalidMobile);
  // WhatsApp updates are the traveller's choice: on by default when they give a WhatsApp number (the
  // contact step offers it switched on); a client that says nothing keeps the e-mails it always had.
  const givenWhatsApp = phoneInput(input.whatsapp);
  if (givenWhatsApp && !isPhoneNumber(givenWhatsApp)) fail(CONTACT_ERRORS_KEY, 'whatsapp', passengerErrorCodes.invalidMobile);
  const whatsappUpdates = input.whatsappUpdates ?? givenWhatsApp !== null;

  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, passengers: clean, email: email!, mobile: mobile!, whatsapp: givenWhatsApp ?? mobile!, whatsappUpdates };
}
