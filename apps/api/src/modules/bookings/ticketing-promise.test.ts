import { describe, expect, it } from 'vitest';
import { manualTicketingDeadline } from './ticketing-promise.js';

const week = { fromDay: 'sun', toDay: 'thu', opens: '09:00', closes: '17:00' } as const;
// Times below are Khartoum's (UTC+2).
const at = (khartoum: string) => new Date(`${khartoum}+02:00`);

describe('manualTicketingDeadline', () => {
  it('adds working hours within the same working day', () => {
    // Sunday 29 November 2026, 10:15.
    expect(manualTicketingDeadline(at('2026-11-29T10:15:00'), 4, week)).toEqual(at('2026-11-29T14:15:00'));
  });

  it('carries what is left of the day over to the next working morning', () => {
    expect(manualTicketingDeadline(at('2026-11-29T15:00:00'), 4, week)).toEqual(at('2026-11-30T11:00:00'));
  });

  it('counts from the opening when the refusal comes at night', () => {
    expect(manualTicketingDeadline(at('2026-11-30T02:00:00'), 4, week)).toEqual(at('2026-11-30T13:00:00'));
  });

  it('skips the weekend: a Thursday evening is promised for Sunday', () => {
    expect(manualTicketingDeadline(at('2026-12-03T20:00:00'), 4, week)).toEqual(at('2026-12-06T13:00:00'));
    // Saturday afternoon, too.
    expect(manualTicketingDeadline(at('2026-12-05T15:00:00'), 4, week)).toEqual(at('2026-12-06T13:00:00'));
  });

  it('follows a week that wraps (thu-sun)', () => {
    const wrapped = { ...week, fromDay: 'thu', toDay: 'sun' } as const;
    // Monday 30 November: the next working day is Thursday 3 December.
    expect(manualTicketingDeadline(at('2026-11-30T10:00:00'), 2, wrapped)).toEqual(at('2026-12-03T11:00:00'));
  });
});
