import type { DuffelPassengerTitle, OrderPassengerIdentityDocument } from '@duffel/api/types';
import { toCents } from './deterministic.js';
import type { OfferRecord, ServiceRecord } from './inventory.js';
import { validationItem, type DuffelErrorItem, type LocalOrderPassenger } from './payloads.js';

// Duffel's checks on POST /air/orders, as documented for the create-order body. Every problem is reported
// at once, each with `source.field` and `source.pointer`, the way Duffel answers a 422 validation_error.

// Letters Duffel accepts in names: ASCII, Latin-1 Supplement and Latin Extended-A letters, except Æ æ Ĳ ĳ Œ œ Þ ð,
// plus space, hyphen and apostrophe.
const NAME = /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u017F '-]+$/;
const EXCLUDED_NAME_LETTERS = /[\u00C6\u00E6\u0132\u0133\u0152\u0153\u00DE\u00F0]/;
const TITLES: DuffelPassengerTitle[] = ['mr', 'ms', 'mrs', 'miss', 'dr'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{7,14}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isValidDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function isValidName(value: unknown): value is string {
  return (
    typeof value === 'string' && NAME.test(value) && !EXCLUDED_NAME_LETTERS.test(value) && /[A-Za-z\u00C0-\u017F]/.test(value)
  );
}

/** Whole years between a birth date and a day (both `YYYY-MM-DD`). */
export function ageOn(bornOn: string, day: string): number {
  const [by = 0, bm = 0, bd = 0] = bornOn.split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = day.split('-').map(Number);
  let age = ty - by;
  if (tm * 100 + td < bm * 100 + bd) age -= 1;
  return age;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface ValidatedPassengers {
  passengers: LocalOrderPassenger[];
  errors: DuffelErrorItem[];
}

export function validatePassengers(input: unknown, record: OfferRecord, today: string): ValidatedPassengers {
  const errors: DuffelErrorItem[] = [];
  const required = (field: string, pointer: string) =>
    errors.push(validationItem('validation_required', field, pointer, `Field '${field}' can't be blank`, 'Required field'));
  const format = (field: string, pointer: string, message: string) =>
    errors.push(validationItem('validation_format', field, pointer, message, 'Invalid format'));
  const inclusion = (field: string, pointer: string, message: string) =>
    errors.push(validationItem('validation_inclusion', field, pointer, message, 'Invalid value'));

  if (!Array.isArray(input) || input.length === 0) {
    required('passengers', '/passengers');
    return { passengers: [], errors };
  }
  const offerPassengers = new Map(record.offer.passengers.map((p) => [p.id, p]));
  const seen = new Set<string>();
  const carriedInfants = new Map<string, number>();
  const passengers: LocalOrderPassenger[] = [];

  input.forEach((raw, i) => {
    const at = (field: string) => `/passengers/${i}/${field}`;
    if (!isObject(raw)) {
      format('passengers', `/passengers/${i}`, 'Each passenger must be an object');
      return;
    }
    const id = raw.id;
    const offerPassenger = typeof id === 'string' ? offerPassengers.get(id) : undefined;
    if (typeof id !== 'string' || id === '') required('id', at('id'));
    else if (!offerPassenger) inclusion('id', at('id'), `Passenger '${id}' is not a passenger of offer ${record.offer.id}`);
    else if (seen.has(id)) format('id', at('id'), `Passenger '${id}' appears more than once`);
    else seen.add(id);

    for (const field of ['given_name', 'family_name'] as const) {
      const value = raw[field];
      if (value === undefined || value === null || value === '') required(field, at(field));
      else if (!isValidName(value)) {
        format(field, at(field), `Field '${field}' may only contain Latin letters, spaces, hyphens and apostrophes`);
      }
    }
    if (raw.title === undefined || raw.title === null || raw.title === '') required('title', at('title'));
    else if (!TITLES.includes(raw.title as DuffelPassengerTitle))
      inclusion('title', at('title'), `Field 'title' must be one of ${TITLES.join(', ')}`);
    if (raw.gender === undefined || raw.gender === null || raw.gender === '') required('gender', at('gender'));
    else if (raw.gender !== 'm' && raw.gender !== 'f') inclusion('gender', at('gender'), "Field 'gender' must be 'm' or 'f'");
    if (raw.email === undefined || raw.email === null || raw.email === '') required('email', at('email'));
    else if (typeof raw.email !== 'string' || !EMAIL.test(raw.email))
      format('email', at('email'), "Field 'email' must be an email address");
    if (raw.phone_number === undefined || raw.phone_number === null || raw.phone_number === '')
      required('phone_number', at('phone_number'));
    else if (typeof raw.phone_number !== 'string' || !E164.test(raw.phone_number)) {
      format('phone_number', at('phone_number'), "Field 'phone_number' must be in E.164 format, such as +249912345678");
    }

    if (raw.born_on === undefined || raw.born_on === null || raw.born_on === '') required('born_on', at('born_on'));
    else if (!isValidDate(raw.born_on) || raw.born_on > today)
      format('born_on', at('born_on'), "Field 'born_on' must be a past date (YYYY-MM-DD)");
    else if (offerPassenger) {
      // Ages count on the departure date of the last slice, as Duffel checks them.
      const age = ageOn(raw.born_on, record.lastDepartureDate);
      const fits =
        offerPassenger.age !== null
          ? age === offerPassenger.age
          : offerPassenger.type === 'adult'
            ? age >= 18
            : offerPassenger.type === 'child'
              ? age >= 2 && age < 12
              : age >= 0 && age < 2;
      if (!fits) {
        const expected = offerPassenger.age !== null ? `aged ${offerPassenger.age}` : `an ${offerPassenger.type}`;
        format(
          'born_on',
          at('born_on'),
          `The passenger was searched as ${expected} on ${record.lastDepartureDate}; 'born_on' does not match`,
        );
      }
    }

    const documents = raw.identity_documents;
    if (documents !== undefined && documents !== null && !Array.isArray(documents)) {
      format('identity_documents', at('identity_documents'), "Field 'identity_documents' must be a list");
    } else if (Array.isArray(documents) && documents.length > 1) {
      format('identity_documents', at('identity_documents'), 'Only one identity document may be given per passenger');
    } else if (!Array.isArray(documents) || documents.length === 0) {
      if (record.offer.passenger_identity_documents_required) required('identity_documents', at('identity_documents'));
    } else {
      errors.push(...validateDocument(documents[0], `${at('identity_documents')}/0`, record));
    }

    const infantId = raw.infant_passenger_id;
    if (infantId !== undefined && infantId !== null) {
      const infant = typeof infantId === 'string' ? offerPassengers.get(infantId) : undefined;
      if (!infant || infant.type !== 'infant_without_seat') {
        inclusion(
          'infant_passenger_id',
          at('infant_passenger_id'),
          "Field 'infant_passenger_id' must name an infant passenger of the offer",
        );
      } else if (offerPassenger && offerPassenger.type !== 'adult') {
        inclusion('infant_passenger_id', at('infant_passenger_id'), 'Only an adult can travel with an infant');
      } else {
        carriedInfants.set(infant.id, (carriedInfants.get(infant.id) ?? 0) + 1);
      }
    }

    if (offerPassenger && typeof id === 'string') {
      passengers.push({
        id,
        title: raw.title as DuffelPassengerTitle,
        gender: raw.gender as 'm' | 'f',
        given_name: String(raw.given_name ?? ''),
        family_name: String(raw.family_name ?? ''),
        born_on: String(raw.born_on ?? ''),
        email: String(raw.email ?? ''),
        phone_number: String(raw.phone_number ?? ''),
        loyalty_programme_accounts: [],
      });
    }
  });

  for (const offerPassenger of record.offer.passengers) {
    if (!seen.has(offerPassenger.id)) {
      errors.push(
        validationItem(
          'validation_required',
          'passengers',
          '/passengers',
          `Passenger '${offerPassenger.id}' of the offer is missing`,
          'Required field',
        ),
      );
    }
    if (offerPassenger.type === 'infant_without_seat' && (carriedInfants.get(offerPassenger.id) ?? 0) !== 1) {
      errors.push(
        validationItem(
          'validation_required',
          'infant_passenger_id',
          '/passengers',
          `Infant '${offerPassenger.id}' must be named by exactly one adult's 'infant_passenger_id'`,
          'Required field',
        ),
      );
    }
  }
  return { passengers, errors };
}

function validateDocument(raw: unknown, pointer: string, record: OfferRecord): DuffelErrorItem[] {
  const errors: DuffelErrorItem[] = [];
  if (!isObject(raw))
    return [validationItem('validation_format', 'identity_documents', pointer, 'An identity document must be an object')];
  const doc = raw as Partial<OrderPassengerIdentityDocument>;
  const supported = record.offer.supported_passenger_identity_document_types as string[];
  if (!doc.type)
    errors.push(
      validationItem('validation_required', 'type', `${pointer}/type`, "Field 'type' can't be blank", 'Required field'),
    );
  else if (!supported.includes(doc.type)) {
    errors.push(
      validationItem(
        'validation_inclusion',
        'type',
        `${pointer}/type`,
        `Field 'type' must be one of ${supported.join(', ')}`,
        'Invalid value',
      ),
    );
  }
  if (!doc.unique_identifier || typeof doc.unique_identifier !== 'string' || !/^[A-Za-z0-9]{4,20}$/.test(doc.unique_identifier)) {
    errors.push(
      validationItem(
        'validation_format',
        'unique_identifier',
        `${pointer}/unique_identifier`,
        "Field 'unique_identifier' must be 4 to 20 letters or digits",
      ),
    );
  }
  if (!doc.issuing_country_code || !/^[A-Z]{2}$/.test(doc.issuing_country_code)) {
    errors.push(
      validationItem(
        'validation_format',
        'issuing_country_code',
        `${pointer}/issuing_country_code`,
        "Field 'issuing_country_code' must be an ISO 3166-1 alpha-2 code",
      ),
    );
  }
  if (!isValidDate(doc.expires_on)) {
    errors.push(
      validationItem(
        'validation_format',
        'expires_on',
        `${pointer}/expires_on`,
        "Field 'expires_on' must be a date (YYYY-MM-DD)",
      ),
    );
  } else if (doc.expires_on < record.lastDepartureDate) {
    errors.push(
      validationItem(
        'validation_format',
        'expires_on',
        `${pointer}/expires_on`,
        'The identity document expires before the journey ends',
      ),
    );
  }
  return errors;
}

export interface ChosenService {
  service: ServiceRecord;
  quantity: number;
}

export function validateServices(
  input: unknown,
  catalogue: Map<string, ServiceRecord>,
): { chosen: ChosenService[]; errors: DuffelErrorItem[] } {
  const errors: DuffelErrorItem[] = [];
  const chosen: ChosenService[] = [];
  if (input === undefined || input === null) return { chosen, errors };
  if (!Array.isArray(input))
    return { chosen, errors: [validationItem('validation_format', 'services', '/services', "Field 'services' must be a list")] };
  const seatsTaken = new Set<string>();
  const seatPerPassengerSegment = new Set<string>();
  input.forEach((raw, i) => {
    const pointer = `/services/${i}`;
    if (!isObject(raw) || typeof raw.id !== 'string') {
      errors.push(validationItem('validation_required', 'id', `${pointer}/id`, "Field 'id' can't be blank", 'Required field'));
      return;
    }
    const service = catalogue.get(raw.id);
    if (!service) {
      errors.push(
        validationItem(
          'validation_inclusion',
          'id',
          `${pointer}/id`,
          `Service '${raw.id}' is not available for this offer`,
          'Invalid value',
        ),
      );
      return;
    }
    const quantity = raw.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > service.maximumQuantity) {
      errors.push(
        validationItem(
          'validation_format',
          'quantity',
          `${pointer}/quantity`,
          `Field 'quantity' must be a whole number from 1 to ${service.maximumQuantity}`,
        ),
      );
      return;
    }
    if (service.kind === 'seat') {
      const seatKey = `${service.segmentIds[0]}:${service.seat?.designator}`;
      const passengerKey = `${service.segmentIds[0]}:${service.passengerIds[0]}`;
      if (seatsTaken.has(seatKey) || seatPerPassengerSegment.has(passengerKey)) {
        errors.push(
          validationItem(
            'validation_format',
            'id',
            `${pointer}/id`,
            'A seat can be booked once, and a passenger takes one seat per flight',
          ),
        );
        return;
      }
      seatsTaken.add(seatKey);
      seatPerPassengerSegment.add(passengerKey);
    }
    chosen.push({ service, quantity });
  });
  return { chosen, errors };
}

export function validatePayment(
  raw: unknown,
  pointer: string,
): { payment: { type: 'balance'; amountCents: number; amount: string; currency: string } | null; errors: DuffelErrorItem[] } {
  if (!isObject(raw)) {
    return {
      payment: null,
      errors: [validationItem('validation_required', 'payment', pointer, 'A payment must be an object', 'Required field')],
    };
  }
  const errors: DuffelErrorItem[] = [];
  if (raw.type !== 'balance') {
    errors.push(
      validationItem('validation_inclusion', 'type', `${pointer}/type`, "Field 'type' must be 'balance'", 'Invalid value'),
    );
  }
  const amountCents = toCents(raw.amount);
  if (amountCents === null) {
    errors.push(
      validationItem(
        'validation_format',
        'amount',
        `${pointer}/amount`,
        'Field \'amount\' must be a decimal string such as "120.50"',
      ),
    );
  }
  if (typeof raw.currency !== 'string' || !/^[A-Z]{3}$/.test(raw.currency)) {
    errors.push(
      validationItem('validation_format', 'currency', `${pointer}/currency`, "Field 'currency' must be an ISO 4217 code"),
    );
  }
  if (errors.length > 0 || amountCents === null) return { payment: null, errors };
  return { payment: { type: 'balance', amountCents, amount: String(raw.amount), currency: String(raw.currency) }, errors };
}

export function validateMetadata(raw: unknown): { metadata: Record<string, string>; errors: DuffelErrorItem[] } {
  if (raw === undefined || raw === null) return { metadata: {}, errors: [] };
  if (!isObject(raw))
    return {
      metadata: {},
      errors: [validationItem('validation_format', 'metadata', '/metadata', "Field 'metadata' must be an object")],
    };
  const errors: DuffelErrorItem[] = [];
  const entries = Object.entries(raw);
  if (entries.length > 50)
    errors.push(validationItem('validation_format', 'metadata', '/metadata', 'At most 50 metadata keys are allowed'));
  const metadata: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(key)) {
      errors.push(
        validationItem(
          'validation_format',
          'metadata',
          `/metadata/${key}`,
          'Metadata keys are 1 to 40 letters, digits, dashes or underscores',
        ),
      );
    } else if (typeof value !== 'string' || value.length > 500) {
      errors.push(
        validationItem(
          'validation_format',
          'metadata',
          `/metadata/${key}`,
          'Metadata values are strings of at most 500 characters',
        ),
      );
    } else {
      metadata[key] = value;
    }
  }
  return { metadata, errors };
}
