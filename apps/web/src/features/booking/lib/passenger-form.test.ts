import type { Booking } from '@kwenda/contracts';
import { describe, expect, it } from 'vitest';
import { checkDrafts, draftsFrom, toPayload } from './passenger-form';

const booking = {
  slices: [{ segments: [{ departureDate: '2030-03-10T10:00:00', arrivalDate: '2030-03-10T12:00:00' }] }],
  passengers: [
    {
      id: 'px_a',
      passengerType: 'adult',
      requiredFields: [
        'firstName',
        'lastName',
        'dateOfBirth',
        'gender',
        'nationalityCountry',
        'documentNumber',
        'documentIssuanceCountry',
        'documentExpiryDate',
      ],
      baggage: [],
      firstName: null,
      lastName: null,
      dateOfBirth: null,
      gender: null,
      placeOfBirth: null,
      nationalityCountry: null,
      documentNumber: null,
      documentIssuanceCountry: null,
      documentIssuanceDate: null,
      documentExpiryDate: null,
    },
  ],
} as unknown as Booking;

describe('passenger form', () => {
  it('sends only the asked fields, names trimmed and collapsed', () => {
    const [draft] = draftsFrom(booking);
    Object.assign(draft!, {
      firstName: '  Ahmed   Ali ',
      lastName: 'Osman',
      documentIssuanceDate: '2020-01-01',
      placeOfBirth: 'Khartoum',
    });
    const [payload] = toPayload([draft!], booking);
    expect(payload).toMatchObject({ id: 'px_a', firstName: 'Ahmed Ali', lastName: 'Osman', dateOfBirth: null, baggage: [] });
    expect(payload).not.toHaveProperty('documentIssuanceDate');
    expect(payload).not.toHaveProperty('placeOfBirth');
  });

  it('checks drafts with the shared rules', () => {
    const [draft] = draftsFrom(booking);
    Object.assign(draft!, {
      firstName: 'أحمد',
      lastName: 'Osman',
      dateOfBirth: '2025-01-01',
      gender: 'M',
      nationalityCountry: 'SD',
      documentNumber: 'P0123456',
      documentIssuanceCountry: 'SD',
      documentExpiryDate: '2030-03-01',
    });
    const errors = checkDrafts([draft!], booking, (code) => code === 'SD');
    expect(errors.px_a).toEqual({
      firstName: 'latin_only',
      dateOfBirth: 'age_mismatch',
      documentExpiryDate: 'expires_before_travel',
    });
  });
});
