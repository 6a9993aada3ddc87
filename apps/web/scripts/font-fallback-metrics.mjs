// node apps/web/scripts/font-fallback-metrics.mjs: writes src/app/font-fallbacks.css, the fallback faces the
// page paints with until IBM Plex Sans Arabic is there (docs/decisions/0041-first-visit-fonts.md).
//
// Each fallback is a phone's or computer's own typeface (local()), scaled and given IBM Plex Sans Arabic's
// vertical metrics, so a line of the site's text takes the same width and height in both and nothing moves
// when the brand face arrives:
// - size-adjust: the brand face's advance over the fallback's for the site's own text (the first page's
//   Arabic or English catalogs), shaped (fontkit: joining forms and ligatures counted);
// - ascent-, descent-, line-gap-override: the brand face's metrics (OS/2 typo metrics: it sets
//   USE_TYPO_METRICS) over its em, divided by size-adjust, which scales them too.
// Inputs: the brand faces the build ships (@fontsource/ibm-plex-sans-arabic, 400 and 700) and the fallback
// fonts' files as Debian packages them (fonts-noto-core, fonts-liberation: Liberation Sans has Arial's
// metrics). fontkit comes with @react-pdf/renderer (the API's PDF renderer). Run again after changing a face.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { arabicUnicodeRange } from './arabic-font-subset.mjs';

const require = createRequire(import.meta.url);
const fontkit = require('fontkit');
const web = path.resolve(import.meta.dirname, '..');
const plexFiles = path.dirname(require.resolve('@fontsource/ibm-plex-sans-arabic/400.css', { paths: [web] }));
const systemFonts = process.env.SYSTEM_FONTS_DIR ?? '/usr/share/fonts/truetype';

/** Fontsource's Latin range: what the Latin fallback stands in for (Arabic letters fall through to system-ui). */
const LATIN_RANGE =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

/** The first page's text, in each script: what the fallback must lay out as wide as the brand face. */
function catalogText(language) {
  const strings = [];
  const walk = (value) =>
    typeof value === 'string' ? strings.push(value) : value && typeof value === 'object' && Object.values(value).forEach(walk);
  for (const ns of ['common', 'search'])
    walk(JSON.parse(fs.readFileSync(path.join(web, `src/i18n/locales/${language}/${ns}.json`), 'utf8')));
  const text = strings.join(' ').replace(/\{\{[^}]*\}\}/g, ' ');
  // Only the letters the face in question draws: Arabic for the Arabic faces, Latin for the Latin ones.
  return language === 'ar'
    ? text.replace(/[^\u0600-\u06FF\s]/g, '').replace(/\s+/g, ' ')
    : text.replace(/[^\u0020-\u00FF]/g, '').replace(/\s+/g, ' ');
}

const width = (font, text) => font.layout(text).advanceWidth / font.unitsPerEm;
const percent = (value) => `${(value * 100).toFixed(2)}%`;

/** The brand face's vertical metrics per em, as browsers read them (typo metrics when USE_TYPO_METRICS is set). */
function verticalMetrics(font) {
  const os2 = font['OS/2'];
  const typo = os2.fsSelection.useTypoMetrics;
  return {
    ascent: (typo ? os2.typoAscender : font.ascent) / font.unitsPerEm,
    descent: Math.abs(typo ? os2.typoDescender : font.descent) / font.unitsPerEm,
    lineGap: (typo ? os2.typoLineGap : font.lineGap) / font.unitsPerEm,
  };
}

const FALLBACKS = [
  {
    family: 'Kwenda Fallback Noto Sans Arabic',
    language: 'ar',
    range: arabicUnicodeRange,
    faces: {
      400: { file: 'noto/NotoSansArabic-Regular.ttf', local: ['Noto Sans Arabic', 'NotoSansArabic-Regular'] },
      700: { file: 'noto/NotoSansArabic-Bold.ttf', local: ['Noto Sans Arabic Bold', 'NotoSansArabic-Bold'] },
    },
  },
  {
    family: 'Kwenda Fallback Noto Naskh Arabic',
    language: 'ar',
    range: arabicUnicodeRange,
    faces: {
      400: { file: 'noto/NotoNaskhArabic-Regular.ttf', local: ['Noto Naskh Arabic', 'NotoNaskhArabic-Regular'] },
      700: { file: 'noto/NotoNaskhArabic-Bold.ttf', local: ['Noto Naskh Arabic Bold', 'NotoNaskhArabic-Bold'] },
    },
  },
  {
    family: 'Kwenda Fallback Arial',
    language: 'en',
    range: LATIN_RANGE,
    faces: {
      400: {
        file: 'liberation/LiberationSans-Regular.ttf',
        local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'],
      },
      700: {
        file: 'liberation/LiberationSans-Bold.ttf',
        local: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold'],
      },
    },
  },
];

const text = { ar: catalogText('ar'), en: catalogText('en') };
const blocks = [];
for (const fallback of FALLBACKS) {
  for (const [weight, face] of Object.entries(fallback.faces)) {
    const subset = fallback.language === 'ar' ? 'arabic' : 'latin';
    const brand = fontkit.openSync(path.join(plexFiles, `files/ibm-plex-sans-arabic-${subset}-${weight}-normal.woff2`));
    const local = fontkit.openSync(path.join(systemFonts, face.file));
    const sample = text[fallback.language];
    const sizeAdjust = width(brand, sample) / width(local, sample);
    const { ascent, descent, lineGap } = verticalMetrics(brand);
    blocks.push(`@font-face {
  font-family: '${fallback.family}';
  font-style: normal;
  font-weight: ${weight};
  src: ${face.local.map((name) => `local('${name}')`).join(', ')};
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${percent(ascent / sizeAdjust)};
  descent-override: ${percent(descent / sizeAdjust)};
  line-gap-override: ${percent(lineGap / sizeAdjust)};
  unicode-range: ${fallback.range};
}`);
  }
}

/** The families, in the order app/theme.ts names them after the brand face. */
export const FALLBACK_FAMILIES = FALLBACKS.map((fallback) => fallback.family);

const css = `/* Written by apps/web/scripts/font-fallback-metrics.mjs: do not edit. A phone's own typeface sized and
   spaced as IBM Plex Sans Arabic, for the page until the brand face is there (decision 0041). */
${blocks.join('\n')}
`;
// Formatted as the repository's files are (prettier), so the written file is checked as it is.
const prettier = await import('prettier');
export const fallbackCss = await prettier.format(css, {
  ...(await prettier.resolveConfig(path.join(web, 'src/app/font-fallbacks.css'))),
  parser: 'css',
});
if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(path.join(web, 'src/app/font-fallbacks.css'), fallbackCss);
  console.log(fallbackCss);
}
