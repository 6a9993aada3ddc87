import { STAFF_ACTIONS } from '@kwenda/contracts/admin';
import { describe, expect, it } from 'vitest';
import ar from '../../../i18n/locales/ar/admin-staff.json';
import en from '../../../i18n/locales/en/admin-staff.json';

describe("the staff screen's recent actions", () => {
  it.each([
    ['ar', ar],
    ['en', en],
  ] as const)('names in %s every action the audit trail records', (_language, catalog) => {
    const actions = catalog.actions as Record<string, string>;
    expect(STAFF_ACTIONS.filter((action) => !actions[action]?.trim())).toEqual([]);
  });
});
