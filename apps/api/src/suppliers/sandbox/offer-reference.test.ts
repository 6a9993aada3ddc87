import { describe, expect, it } from 'vitest';
import {
  encodeOfferReference,
  readOfferReference,
  repricingKey,
  repricingOutcome,
  sandboxRepricingOutcome,
  verifyOfferReference,
  type OfferToken,
} from './offer-reference.js';
import { epochDayOf } from './time.js';

const day = epochDayOf('2026-03-23')!;
const token: OfferToken = {
  tripType: 'round-trip',
  cabin: 'business',
  passengers: { adults: 2, children: 1, infants: 1 },
  baggage: { hold: 2, carryOn: 1 },
  issuedAt: 29_540_520,
  pricedAt: 29_540_520,
  repriced: false,
  slices: [
    [{ flightNumber: 'MS856', day }],
    [
      { flightNumber: 'SV464', day: day + 7 },
      { flightNumber: 'SV320', day: day + 7 },
    ],
  ],
};
const SECRET = 'test-secret';

describe('sandbox offer references', () => {
  it('round-trips the whole offer request through a compact, URL-safe reference', () => {
    const reference = encodeOfferReference(token, SECRET);
    expect(reference).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(reference.length).toBeLessThan(120);
    expect(verifyOfferReference(reference, SECRET)).toEqual(token);
    expect(readOfferReference(reference)).toEqual(token);
    expect(encodeOfferReference(token, SECRET)).toBe(reference);
  });

  it('rejects edited, truncated, foreign and garbage references', () => {
    const reference = encodeOfferReference(token, SECRET);
    const [payload, tag] = reference.split('.') as [string, string];
    const edited = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('MS856', 'MS858')).toString('base64url');
    expect(verifyOfferReference(`${edited}.${tag}`, SECRET)).toBeNull();
    const flipped = tag[0] === 'A' ? `B${tag.slice(1)}` : `A${tag.slice(1)}`;
    expect(verifyOfferReference(`${payload}.${flipped}`, SECRET)).toBeNull();
    expect(verifyOfferReference(reference.slice(0, -1), SECRET)).toBeNull();
    expect(verifyOfferReference(reference, 'another-secret')).toBeNull();
    for (const garbage of ['', 'abc', 'not a reference', `${'x'.repeat(30)}.${'y'.repeat(22)}`, '../../etc/passwd']) {
      expect(verifyOfferReference(garbage, SECRET)).toBeNull();
      expect(sandboxRepricingOutcome(garbage)).toBeNull();
    }
  });

  it('decides repricing from the flights and dates alone, about 5 % sold out and 5 % dearer', () => {
    const counts = { available: 0, unavailable: 0, 'price-changed': 0 };
    const factors = new Set<number>();
    for (let i = 0; i < 20_000; i++) {
      const outcome = repricingOutcome([[{ flightNumber: `QR${100 + (i % 400)}`, day: day + Math.floor(i / 400) }]]);
      counts[outcome.kind]++;
      if (outcome.kind === 'price-changed') factors.add(Math.round(outcome.factor * 100));
    }
    expect(Math.min(...factors)).toBe(103);
    expect(Math.max(...factors)).toBe(112);
    const again = repricingOutcome([[{ flightNumber: 'QR123', day }]]);
    expect(repricingOutcome([[{ flightNumber: 'QR123', day }]])).toEqual(again);
    expect(counts.unavailable / 20_000).toBeGreaterThan(0.04);
    expect(counts.unavailable / 20_000).toBeLessThan(0.06);
    expect(counts['price-changed'] / 20_000).toBeGreaterThan(0.04);
    expect(counts['price-changed'] / 20_000).toBeLessThan(0.06);
  });

  it('gives the same outcome whatever the cabin, party or issue time', () => {
    const reference = encodeOfferReference(token, SECRET);
    const other = encodeOfferReference(
      { ...token, cabin: 'economy', passengers: { adults: 1, children: 0, infants: 0 }, issuedAt: 1 },
      SECRET,
    );
    expect(sandboxRepricingOutcome(other)).toEqual(sandboxRepricingOutcome(reference));
    expect(repricingKey(token.slices)).toBe('MS856@2026-03-23;SV464@2026-03-30+SV320@2026-03-30');
  });

  it('reports a re-issued (already re-priced) offer as available', () => {
    let changed: OfferToken | undefined;
    for (let i = 0; i < 2000 && !changed; i++) {
      const candidate = { ...token, slices: [[{ flightNumber: `EK${String(i).padStart(3, '0')}`, day }]] };
      if (repricingOutcome(candidate.slices).kind === 'price-changed') changed = candidate;
    }
    expect(sandboxRepricingOutcome(encodeOfferReference(changed!, SECRET))?.kind).toBe('price-changed');
    expect(sandboxRepricingOutcome(encodeOfferReference({ ...changed!, repriced: true }, SECRET))).toEqual({ kind: 'available' });
  });
});
