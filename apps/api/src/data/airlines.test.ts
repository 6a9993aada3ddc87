import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { airlineProfiles } from '../suppliers/sandbox/airlines.js';
import { airlineByCode } from './airlines.js';

describe('airline names', () => {
  it('names each carrier the sandbox flies (its names come from here), with a logo served by the web app', () => {
    for (const profile of airlineProfiles) {
      const airline = airlineByCode(profile.iataCode);
      expect(airline, profile.iataCode).toBeDefined();
      expect(existsSync(new URL(`../../../web/public${airline!.logo}`, import.meta.url)), airline!.logo).toBe(true);
    }
    expect(airlineByCode('3t')?.nameEn).toBe('Tarco Aviation');
    expect(airlineByCode('ZZ')).toBeUndefined();
  });
});
