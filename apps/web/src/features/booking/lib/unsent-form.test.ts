import type { Booking } from '@kwenda/contracts';
import { describe, expect, it } from 'vitest';
import { restoreUnsentForm } from './unsent-form';

const booking = {
  passengers: [
    { id: 'px_a', baggage: [{ reference: 'hold-extra', limit: 2 }] },
    { id: 'px_b', baggage: [] },
  ],
} as unknown as Pick<Booking, 'passengers'>;

describe('restoring the unsent passenger form', () => {
  it('gives back what was typed, for this booking’s passengers only', () => {
    const restored = restoreUnsentForm(booking, {
      passengers: [
        { id: 'px_a', firstName: 'AHMED', documentNumber: 'P0123456', baggage: { 'hold-extra': 1 } },
        { id: 'px_other', firstName: 'STRANGER' },
      ],
      contact: {
        email: 'a@example.com',
        phone: { dialCode: '+966', local: '501234567' },
        whatsapp: { dialCode: '+249', local: '912345678' },
        whatsappUpdates: false,
      },
    });
    expect(restored?.passengers.map((p) => [p.id, p.firstName, p.documentNumber, p.baggage])).toEqual([
      ['px_a', 'AHMED', 'P0123456', { 'hold-extra': 1 }],
      ['px_b', '', '', {}],
    ]);
    expect(restored?.contact).toEqual({
      email: 'a@example.com',
      phone: { dialCode: '+966', local: '501234567' },
      whatsapp: { dialCode: '+249', local: '912345678' },
      whatsappUpdates: false,
    });
  });

  it('drops what does not fit: other bookings, unknown or too many bags, non-text values', () => {
    expect(restoreUnsentForm(booking, { passengers: [{ id: 'px_z' }], contact: {} })).toBeNull();
    expect(restoreUnsentForm(booking, null)).toBeNull();
    expect(restoreUnsentForm(booking, 'garbage')).toBeNull();
    const restored = restoreUnsentForm(booking, {
      passengers: [{ id: 'px_a', firstName: 42, baggage: { 'hold-extra': 5, unknown: 1 } }],
      contact: { phone: 'x', whatsapp: 'x', whatsappUpdates: 'yes' },
    });
    expect(restored?.passengers[0]).toMatchObject({ firstName: '', baggage: {} });
    expect(restored?.contact).toEqual({
      email: '',
      phone: { dialCode: '+249', local: '' },
      whatsapp: null,
      whatsappUpdates: null,
    });
  });
});
