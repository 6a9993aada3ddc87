import { describe, expect, it } from 'vitest';
import { completedSteps, screenOnLoad } from './booking-steps';

describe('screenOnLoad', () => {
  it.each([
    ['created', 'booking-created', 'passengers'],
    ['created', 'passengers-submit', 'passengers'],
    // The airline never made the hold: straight back to paying, with why.
    ['created', 'hold-failed', 'payment'],
    ['created', 'hold-not-made', 'payment'],
    ['pending-payment', 'payment-started', 'payment'],
    ['pending-payment', 'payment-failed', 'payment'],
    ['pending-payment', 'payment-info-submit', 'confirmation'],
    ['pending-payment', 'receipt-uploaded', 'confirmation'],
    ['payment-confirmed', 'payment-succeeded', 'confirmation'],
    ['confirmed', 'ticket-issued', 'confirmation'],
    ['rescheduled', 'ticket-issued', 'confirmation'],
    ['canceled', 'hold-expired', 'closed'],
    ['offer-unavailable', 'offer-unavailable', 'closed'],
    ['refunded', 'refund-issued', 'closed'],
  ] as const)('%s after %s opens %s', (status, statusTrigger, screen) => {
    expect(screenOnLoad({ status, statusTrigger })).toBe(screen);
  });
});

describe('completedSteps', () => {
  it('lets a traveller go back to search and passengers before the seats are held', () => {
    expect(completedSteps({ status: 'created', statusTrigger: 'passengers-submit' }, 'payment')).toEqual([
      'search',
      'passengers',
    ]);
  });
  it('keeps only search clickable once held', () => {
    expect(completedSteps({ status: 'pending-payment', statusTrigger: 'payment-started' }, 'payment')).toEqual(['search']);
  });
});
