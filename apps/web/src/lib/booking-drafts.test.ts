// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';

import { clearBookingDraft, clearBookingDrafts, readBookingDraft, saveBookingDraft } from './booking-drafts';

const now = Date.parse('2026-03-01T10:00:00Z');
const offerExpiry = '2026-03-01T10:30:00Z';
const draft = { passengers: [{ id: 'pax_1', documentNumber: 'P01234567' }] };

describe('unsent booking drafts', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a booking’s typing until its offer expires, then forgets it', () => {
    saveBookingDraft('bk_1', draft, offerExpiry, now);
    expect(readBookingDraft('bk_1', now + 29 * 60_000)).toEqual(draft);
    expect(readBookingDraft('bk_2', now)).toBeNull();
    expect(readBookingDraft('bk_1', Date.parse(offerExpiry))).toBeNull();
    // Found expired, it is gone from the storage itself, not just hidden.
    expect(localStorage.length).toBe(0);
  });

  it('removes other bookings’ expired drafts whenever one is read or saved', () => {
    saveBookingDraft('bk_old', draft, '2026-03-01T09:00:00Z', Date.parse('2026-03-01T08:50:00Z'));
    saveBookingDraft('bk_new', draft, offerExpiry, now);
    expect(localStorage.getItem('kwenda.bookingDraft.bk_old')).toBeNull();
    expect(readBookingDraft('bk_new', now)).toEqual(draft);
  });

  it('never keeps a draft whose offer has already expired', () => {
    saveBookingDraft('bk_1', draft, '2026-03-01T09:59:00Z', now);
    expect(localStorage.length).toBe(0);
  });

  it('clears one booking when it is sent or ends, and all on logout', () => {
    saveBookingDraft('bk_1', draft, offerExpiry, now);
    saveBookingDraft('bk_2', draft, offerExpiry, now);
    localStorage.setItem('kwenda.session', 'kept');
    clearBookingDraft('bk_1');
    expect(readBookingDraft('bk_1', now)).toBeNull();
    expect(readBookingDraft('bk_2', now)).toEqual(draft);
    clearBookingDrafts();
    expect(readBookingDraft('bk_2', now)).toBeNull();
    expect(localStorage.getItem('kwenda.session')).toBe('kept');
  });
});
