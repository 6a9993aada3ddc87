import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The site ships IBM Plex Sans Arabic in two weights, 400 and 700 (app/providers.tsx): a third face
 * on the first screen meant two more downloads (67 KB) before a phone could paint. Mantine's 600
 * renders with the bold face; a 500 would silently fall back to 400, so it is not written at all.
 */
const srcDir = path.resolve(import.meta.dirname, '..');
const sources = fs
  .readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(css|tsx?)$/.test(file) && !file.endsWith('.test.ts'))
  .map((file) => ({ file, text: fs.readFileSync(path.join(srcDir, file), 'utf8') }));

describe('font weights', () => {
  it('loads only the regular and bold faces', () => {
    const faces = sources.flatMap(({ text }) =>
      [...text.matchAll(/@fontsource\/ibm-plex-sans-arabic\/(\d+)\.css/g)].map((m) => m[1]),
    );
    expect(new Set(faces)).toEqual(new Set(['400', '700']));
  });

  it('writes no weight the site has no face for', () => {
    const medium = sources.filter(({ text }) => /font-weight:\s*500\b|\bfw=\{?["']?500\b/.test(text)).map(({ file }) => file);
    expect(medium).toEqual([]);
  });
});
