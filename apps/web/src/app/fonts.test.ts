import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_FONT_CLASS } from '@kwenda/contracts/brand-font';
import { theme } from './theme';

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

describe('the fallback faces a page paints with until the brand face arrives (decision 0041)', () => {
  const css = fs.readFileSync(path.join(srcDir, 'app/font-fallbacks.css'), 'utf8');

  it('make the page font, led by the brand face only under the class a browser that fetched it gets', () => {
    const families = [...css.matchAll(/font-family: '([^']+)'/g)].map((m) => m[1]);
    expect(theme.fontFamily).toMatch(/^var\(--kw-brand-face, 'Kwenda Fallback Noto Sans Arabic'\), /);
    const stack = theme
      .fontFamily!.replace(/^var\([^)]*\), /, '')
      .split(',')
      .map((name) => name.trim().replace(/'/g, ''));
    expect(stack.slice(0, 3)).toEqual([...new Set(families)]);
    const brand = fs.readFileSync(path.join(srcDir, 'app/brand-font.css'), 'utf8');
    expect(brand).toContain(`:root.${BRAND_FONT_CLASS} {\n  --kw-brand-face: 'IBM Plex Sans Arabic';\n}`);
    for (const face of css.split('@font-face').slice(1)) {
      expect(face).toMatch(/src: local\('/);
      expect(face).not.toMatch(/url\(/);
      for (const descriptor of ['size-adjust', 'ascent-override', 'descent-override', 'line-gap-override', 'unicode-range'])
        expect(face).toContain(`${descriptor}:`);
      expect(face).toMatch(/font-weight: (400|700);/);
    }
  });

  // The metrics are computed from the fonts' files: the fallbacks' as Debian packages them.
  it.skipIf(!fs.existsSync('/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf'))(
    'are what scripts/font-fallback-metrics.mjs computes from the faces the build ships',
    async () => {
      const { fallbackCss } = await import('../../scripts/font-fallback-metrics.mjs');
      expect(css).toBe(fallbackCss);
    },
  );
});
