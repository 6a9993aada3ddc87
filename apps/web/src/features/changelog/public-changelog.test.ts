import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The changelog the site shows (changelog-page.tsx fetches it): written for travellers, not for developers. */
const changelog = fs.readFileSync(path.resolve(import.meta.dirname, '../../../public/changelog.md'), 'utf8');
const entries = changelog.split('\n').filter((line) => line.startsWith('- ') || line.startsWith('  '));

describe('the public changelog', () => {
  it('says what changed for a traveller, without sizes, timings or developer words', () => {
    const technical =
      /\b\d+(\.\d+)?\s?(KB|MB|kB|ms)\b|\b(CSS|API|SSR|bundle|chunk|hydrat\w*|prerender\w*|gzip\w*|brotli|Lighthouse|LCP|TBT|CLS|React|Vite|Mantine|typeface|font weights?|render\w*|cache\w*|endpoint|schema|database|refactor\w*)\b/i;
    expect(entries.filter((line) => technical.test(line))).toEqual([]);
  });

  it('has dated versions, newest first', () => {
    const versions = [...changelog.matchAll(/^## (\d+)\.(\d+)\.(\d+) — (\d{4}-\d{2}-\d{2})$/gm)].map((m) => [
      Number(m[1]) * 1e6 + Number(m[2]) * 1e3 + Number(m[3]),
      m[4]!,
    ]);
    expect(versions.length).toBeGreaterThan(5);
    expect(versions.map(([v]) => v)).toEqual([...versions.map(([v]) => v)].sort((a, b) => Number(b) - Number(a)));
  });
});
