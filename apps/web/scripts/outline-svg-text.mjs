// The public SVG images (airline badges, the footer's payment methods) with their words drawn as outlines,
// for scripts/make-image-pngs.mjs, which draws the PNGs pages show from them: the same picture whatever
// fonts the drawing machine has, in the site's own face.
//
// The words are drawn in IBM Plex Sans Arabic's Latin glyphs (@fontsource, 400 or 700 by font-weight),
// shaped and kerned by fontkit (it comes with @react-pdf/renderer, the API's PDF renderer).
// What a <text> may say: x, y, font-size, font-weight, font-style (italic is slanted), text-anchor,
// letter-spacing, fill, fill-opacity and opacity, on itself or an enclosing <g>; Latin text, one line.
// Anything else (tspan, textPath, a letter the face lacks) is refused rather than drawn wrong.
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fontkit = require('fontkit');
const web = path.resolve(import.meta.dirname, '..');
const plexFiles = path.dirname(require.resolve('@fontsource/ibm-plex-sans-arabic/400.css', { paths: [web] }));

const faces = new Map();
function face(weight) {
  if (!faces.has(weight))
    faces.set(weight, fontkit.openSync(path.join(plexFiles, 'files', `ibm-plex-sans-arabic-latin-${weight}-normal.woff2`)));
  return faces.get(weight);
}

/** The slant of a synthesized italic, as browsers draw one: about 14 degrees. */
const ITALIC_SKEW = Math.tan((14 * Math.PI) / 180);
/** What a <text> takes from an enclosing <g> to place and size its words. */
const INHERITED = ['font-size', 'font-weight', 'font-style', 'text-anchor', 'letter-spacing'];
/** The text's own paint goes to its path; what it inherits from a <g>, the path inherits the same way. */
const PAINT = ['fill', 'fill-opacity', 'opacity', 'stroke', 'stroke-width'];

/** A tenth of a unit: a third of a device pixel on a 3x phone at the sizes these images are drawn. */
const round = (n) => Number(n.toFixed(1));

function attributes(tag) {
  const found = {};
  for (const [, name, value] of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) found[name] = value;
  return found;
}

function unescapeXml(text) {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function number(value, name, fallback) {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`outline-svg-text: ${name}="${value}" is not a number`);
  return parsed;
}

/** The path data of one line of text, in the SVG's user units. */
function textPath(text, style) {
  const weight = ['bold', '700', '600', '800', '900'].includes(String(style.fontWeight ?? '')) ? 700 : 400;
  const font = face(weight);
  const run = font.layout(text);
  const missing = run.glyphs.find((glyph) => glyph.id === 0);
  if (missing) throw new Error(`outline-svg-text: "${text}" has a letter the face does not have`);
  const scale = style.fontSize / font.unitsPerEm;
  const spacing = style.letterSpacing ?? 0;
  const width = run.positions.reduce((sum, position) => sum + position.xAdvance * scale + spacing, 0);
  const anchor = style.textAnchor ?? 'start';
  let penX = style.x - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  const skew = style.italic ? ITALIC_SKEW : 0;
  const parts = [];
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index];
    const originX = penX + position.xOffset * scale;
    const originY = style.y - position.yOffset * scale;
    const point = (x, y) => {
      const px = originX + x * scale + y * scale * skew;
      const py = originY - y * scale;
      return `${round(px)} ${round(py)}`;
    };
    for (const { command, args } of glyph.path.commands) {
      if (command === 'moveTo') parts.push(`M${point(args[0], args[1])}`);
      else if (command === 'lineTo') parts.push(`L${point(args[0], args[1])}`);
      else if (command === 'quadraticCurveTo') parts.push(`Q${point(args[0], args[1])} ${point(args[2], args[3])}`);
      else if (command === 'bezierCurveTo')
        parts.push(`C${point(args[0], args[1])} ${point(args[2], args[3])} ${point(args[4], args[5])}`);
      else if (command === 'closePath') parts.push('Z');
      else throw new Error(`outline-svg-text: unknown path command ${command}`);
    }
    penX += position.xAdvance * scale + spacing;
  });
  return parts.join('');
}

/** The SVG with each <text> replaced by a <path> that draws its words (the rest byte for byte). */
export function outlineSvgText(svg) {
  const groups = [];
  return svg.replace(/<(\/?)(g|text)\b([^>]*?)(\/?)>(?:([^<]*)<\/text>)?/g, (whole, closing, tag, rest, selfClosing, content) => {
    if (tag === 'g') {
      if (closing) groups.pop();
      else if (!selfClosing) groups.push(attributes(rest));
      return whole;
    }
    if (closing || selfClosing || content === undefined)
      throw new Error('outline-svg-text: a <text> must hold its words only (no tspan, no empty text)');
    const own = attributes(rest);
    const inherited = Object.assign(
      {},
      ...groups.map((group) => Object.fromEntries(INHERITED.filter((name) => name in group).map((name) => [name, group[name]]))),
    );
    const all = { ...inherited, ...own };
    const words = unescapeXml(content.trim());
    if (!words) return '';
    const d = textPath(words, {
      x: number(all.x, 'x', 0),
      y: number(all.y, 'y', 0),
      fontSize: number(all['font-size'], 'font-size', 16),
      fontWeight: all['font-weight'],
      italic: all['font-style'] === 'italic' || all['font-style'] === 'oblique',
      textAnchor: all['text-anchor'],
      letterSpacing: number(all['letter-spacing'], 'letter-spacing', 0),
    });
    const paint = PAINT.filter((name) => name in own)
      .map((name) => ` ${name}="${own[name]}"`)
      .join('');
    return `<path${paint} d="${d}"/>`;
  });
}
