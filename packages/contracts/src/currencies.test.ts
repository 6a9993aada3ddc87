import { describe, expect, it } from 'vitest';
import { currencies, pricedCurrencies, supplierOnlyCurrencies } from './currencies';

describe('currencies', () => {
  it('prices in every currency travellers see and every supplier-only one, each once', () => {
    expect([...pricedCurrencies]).toEqual([...currencies, ...supplierOnlyCurrencies]);
    expect(new Set(pricedCurrencies).size).toBe(pricedCurrencies.length);
  });
});
