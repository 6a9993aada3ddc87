import { bookingStatuses, statusTriggers } from '@kwenda/contracts/rules';
import { describe, expect, it } from 'vitest';
import ar from '../../../i18n/locales/ar/admin-bookings.json';
import en from '../../../i18n/locales/en/admin-bookings.json';

describe('the bookings screens’ words', () => {
  it.each([
    ['ar', ar],
    ['en', en],
  ] as const)('name every status and every trigger of the timeline in %s', (_language, catalog) => {
    expect(bookingStatuses.filter((s) => !(s in catalog.statuses))).toEqual([]);
    expect(statusTriggers.filter((s) => !(s in catalog.triggers))).toEqual([]);
  });

  it.each([
    ['ar', ar],
    ['en', en],
  ] as const)('tells the triggers apart in %s, the desk’s own ones included', (_language, catalog) => {
    const triggers = catalog.triggers as Record<string, string>;
    for (const trigger of ['hold-extended', 'staff-canceled', 'refund-recorded', 'refund-issued'])
      expect(triggers[trigger]?.trim(), trigger).toBeTruthy();
    // A partial refund and the refund that returns everything must not read alike on the timeline.
    const labels = statusTriggers.map((trigger) => triggers[trigger]);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
