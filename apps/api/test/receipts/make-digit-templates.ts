/**
 * npx tsx apps/api/test/receipts/make-digit-templates.ts [--fonts plex,kufi,naskh,dejavu]: renders digits, separators and a
 * few isolated Arabic letters in several fonts, weights and sizes with Chromium, cuts them into glyphs
 * with the reader's own code (digit-glyphs.ts) and writes their shapes to
 * apps/api/src/modules/receipts/reading/digit-glyphs.json (committed: the server needs no font and no
 * browser). Noto Sans Arabic is left out on purpose: receipts drawn in it (npm run receipts:generate --
 * --font noto-sans) measure the reader on a font it has never seen.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type LaunchOptions } from 'playwright-core';
import sharp from 'sharp';
import { BITMAP, glyphDistance, stripGlyphs, type GlyphTemplate } from '../../src/modules/receipts/reading/digit-glyphs.js';

const NEAR_DUPLICATE = 0.012;

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const require = createRequire(import.meta.url);
const output = path.join(repoRoot, 'apps/api/src/modules/receipts/reading/digit-glyphs.json');

/** Font files by name: regular and bold. */
export const FONT_FILES: Record<string, [string, string]> = {
  plex: [
    require.resolve('@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf'),
    require.resolve('@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf'),
  ],
  'noto-sans': [
    '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf',
    '/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf',
  ],
  kufi: ['/usr/share/fonts/truetype/noto/NotoKufiArabic-Regular.ttf', '/usr/share/fonts/truetype/noto/NotoKufiArabic-Bold.ttf'],
  naskh: [
    '/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf',
    '/usr/share/fonts/truetype/noto/NotoNaskhArabic-Bold.ttf',
  ],
  dejavu: ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
};

/** What each sample shows, glyph by glyph left to right (spaces are not glyphs). */
const SAMPLES: { text: string; labels: string[] }[] = [
  { text: '٠١٢٣٤٥٦٧٨٩', labels: [...'0123456789'] },
  { text: '٩٨٧٦٥٤٣٢١٠', labels: [...'9876543210'] },
  { text: '١٢:٣٤/٥٦-٧٨٬٩٠٫٢٣', labels: ['1', '2', ':', '3', '4', '/', '5', '6', '-', '7', '8', ',', '9', '0', ',', '2', '3'] },
  { text: '0123456789', labels: [...'0123456789'].map((d) => `L${d}`) },
  {
    text: '12:34/56-78,90.23',
    labels: ['L1', 'L2', ':', 'L3', 'L4', '/', 'L5', 'L6', '-', 'L7', 'L8', ',', 'L9', 'L0', '.', 'L2', 'L3'],
  },
  { text: 'م ص ه و ر د ج س ع ن', labels: [...'مصهوردجسعن'].map((letter) => `x:${letter}`) },
];

const fontFace = (name: string, weight: number, file: string) =>
  `@font-face{font-family:'${name}';font-weight:${weight};src:url(data:font/ttf;base64,${fs.readFileSync(file).toString('base64')}) format('truetype')}`;

async function main() {
  const at = process.argv.indexOf('--fonts');
  const fonts = (at > 0 ? process.argv[at + 1]! : 'plex,kufi,naskh,dejavu').split(',');
  const shared = (await import(pathToFileURL(path.join(repoRoot, 'scripts/chromium.mjs')).href)) as {
    chromiumLaunchOptions: LaunchOptions;
  };
  const browser = await chromium.launch(shared.chromiumLaunchOptions);
  const page = await browser.newPage({ viewport: { width: 900, height: 200 }, deviceScaleFactor: 1 });
  const templates: [string, string, number[], number][] = [];
  const kept: GlyphTemplate[] = [];
  let skipped = 0;
  try {
    for (const font of fonts) {
      const [regular, bold] = FONT_FILES[font]!;
      for (const [weight, file] of [
        [400, regular],
        [700, bold],
      ] as const) {
        for (const [size, blur] of [
          [14, 0.6],
          [18, 0],
          [30, 0],
        ] as const) {
          for (const sample of SAMPLES) {
            await page.setContent(
              `<!doctype html><html><head><meta charset="utf-8"><style>${fontFace('F', weight, file)}
body{margin:0;background:#fff}
div{display:inline-block;padding:${size}px;font:${weight} ${size}px 'F';color:#1d1d1f;direction:ltr;unicode-bidi:bidi-override;white-space:pre;filter:blur(${blur}px)}
</style></head><body><div>${sample.text.split('').join(sample.text.includes(' ') ? '' : ' ')}</div></body></html>`,
            );
            await page.evaluate('document.fonts.ready.then(() => undefined)');
            const png = await page.locator('div').screenshot();
            const { data, info } = await sharp(png).grayscale().raw().toBuffer({ resolveWithObject: true });
            const image = { data: new Uint8Array(data), width: info.width, height: info.height };
            const glyphs = stripGlyphs(image, { x0: 0, y0: 0, x1: info.width, y1: info.height });
            if (glyphs.length !== sample.labels.length) {
              skipped += 1;
              console.log(
                `skipped ${font} ${weight} ${size}px: ${glyphs.length} glyphs for ${sample.labels.length} in ${sample.text}`,
              );
              continue;
            }
            glyphs.forEach((glyph, index) => {
              const label = sample.labels[index]!;
              // A shape all but equal to one kept already adds nothing but time.
              const same = kept.some(
                (other) => other.label === label && glyphDistance(glyph, { ...other, label }) < NEAR_DUPLICATE,
              );
              if (same) return;
              kept.push({ label, bitmap: glyph.bitmap, geometry: glyph.geometry, pieces: glyph.pieces });
              const bitmap = [...glyph.bitmap].map((v) => Math.round(v * 15).toString(16)).join('');
              templates.push([sample.labels[index]!, bitmap, glyph.geometry.map((g) => Math.round(g * 100) / 100), glyph.pieces]);
            });
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
  fs.writeFileSync(output, `${JSON.stringify({ bitmap: BITMAP, fonts, templates })}\n`);
  console.log(
    `${templates.length} templates from ${fonts.join(', ')} (${skipped} samples skipped) in ${path.relative(repoRoot, output)}`,
  );
}

if (/make-digit-templates\.[cm]?[jt]s$/.test(process.argv[1] ?? '')) await main();
