import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Read from disk rather than through ./index, which touches window and localStorage.
const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const namespaces = fs
  .readdirSync(path.join(localesDir, 'ar'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))
  .sort();

function load(language: string, namespace: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'));
}

/** Every leaf as [dotted key, value]. */
function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, node]];
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogs', () => {
  it('have the same namespaces in Arabic and English', () => {
    const english = fs
      .readdirSync(path.join(localesDir, 'en'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''))
      .sort();
    expect(english).toEqual(namespaces);
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'errors', 'offers', 'search']));
  });

  describe.each(namespaces)('%s', (namespace) => {
    const ar = new Map(leaves(load('ar', namespace)));
    const en = new Map(leaves(load('en', namespace)));

    it('has identical key sets in ar and en', () => {
      expect([...en.keys()].sort()).toEqual([...ar.keys()].sort());
    });

    it('has only non-empty strings', () => {
      for (const [language, catalog] of [
        ['ar', ar],
        ['en', en],
      ] as const) {
        for (const [key, value] of catalog) {
          if (key === '') continue; // an empty namespace file ({}) has no leaves
          expect(typeof value, `${language}:${namespace}:${key}`).toBe('string');
          expect((value as string).trim(), `${language}:${namespace}:${key}`).not.toBe('');
        }
      }
    });

    it('uses the same placeholders in both languages', () => {
      for (const [key, value] of ar) {
        if (typeof value !== 'string') continue;
        const other = en.get(key);
        // Plural forms may drop {{count}} where the word says the number ("بالغان", "1 adult").
        if (/_(zero|one|two|few|many|other)$/.test(key)) continue;
        expect(placeholders(String(other ?? '')), `${namespace}:${key}`).toEqual(placeholders(value));
      }
    });
  });

  it('translate every error code the API can send', async () => {
    const { errorCodes } = await import('@kwenda/contracts');
    for (const language of ['ar', 'en']) {
      const codes = (load(language, 'errors') as { codes: Record<string, string> }).codes;
      const missing = errorCodes.filter((code) => !codes[code]);
      expect(missing, `${language} errors.codes`).toEqual([]);
    }
  });

  it("translate every code only a booking's routes send, in the booking page's catalog", async () => {
    const { bookingErrorCodes } = await import('@kwenda/contracts');
    for (const language of ['ar', 'en']) {
      const codes = (load(language, 'booking') as { codes: Record<string, string> }).codes;
      const missing = bookingErrorCodes.filter((code) => !codes[code]);
      expect(missing, `${language} booking.codes`).toEqual([]);
    }
  });

  it("translate every code only the agency's desk sends, in the desk's catalog", async () => {
    const { deskErrorCodes } = await import('@kwenda/contracts');
    for (const language of ['ar', 'en']) {
      const codes = (load(language, 'admin') as { codes: Record<string, string> }).codes;
      const missing = deskErrorCodes.filter((code) => !codes[code]);
      expect(missing, `${language} admin.codes`).toEqual([]);
    }
  });

  it("translate every code of the phone and contact routes, in the account pages' catalog", async () => {
    const { accountErrorCodes } = await import('@kwenda/contracts');
    for (const language of ['ar', 'en']) {
      const codes = (load(language, 'auth') as { codes: Record<string, string> }).codes;
      const missing = accountErrorCodes.filter((code) => !codes[code]);
      expect(missing, `${language} auth.codes`).toEqual([]);
    }
  });
});
