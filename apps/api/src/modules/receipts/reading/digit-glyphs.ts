import type { TextBox } from './receipt-reading.js';

/**
 * A small reader of printed digits, for the Arabic-Indic digits (٠-٩) that neither OCR model reads.
 * A strip of the grey image (a line the OCR engine found) is binarised (Otsu), cut into glyphs
 * (connected components; pieces stacked over each other, like the dots of ':', are one glyph), and each
 * glyph is matched with its nearest template (digit-glyphs.json, rendered from several fonts by
 * apps/api/test/receipts/make-digit-templates.ts) on its shape (a 12x12 bitmap) and on its size and
 * height against the tall glyphs beside it: ٠ is a dot in the middle of the line, ٫ and ٬ small marks on
 * its baseline, ':' two dots.
 *
 * The templates hold Latin digits and a few isolated Arabic letters too, so that a run of Latin digits or
 * the letters next to a number are told apart from Arabic-Indic digits rather than forced into them.
 */

export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export const BITMAP = 12;
/** Samples per bitmap cell, each way. */
const SAMPLES = 3;

/** Template classes: '0'-'9' Arabic-Indic digits, 'L0'-'L9' Latin digits, separators, 'x:<letter>' letters. */
export interface GlyphTemplate {
  label: string;
  /** BITMAP*BITMAP ink shares, 0-1. */
  bitmap: Float32Array;
  geometry: number[];
  pieces: number;
}

export interface Glyph {
  box: TextBox;
  /** Pieces of ink in the glyph (':' has two). */
  pieces: number;
  bitmap: Float32Array;
  /**
   * log(width/height), height and centre against the tall glyphs beside it, width against their height,
   * and the teeth along its top.
   */
  geometry: number[];
  /** Ways to cut the glyph in two, when it may be two glyphs touching. */
  splits?: () => Glyph[][];
}

interface Component {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  label: number;
  area: number;
}

function otsu(values: Uint8Array): number {
  const histogram = new Array<number>(256).fill(0);
  for (const value of values) histogram[value]! += 1;
  const total = values.length;
  let sum = 0;
  for (let i = 0; i < 256; i += 1) sum += i * histogram[i]!;
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t += 1) {
    below += histogram[t]!;
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    sumBelow += t * histogram[t]!;
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / above;
    const between = below * above * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** The ink of a strip: 1 where darker than Otsu's threshold (or lighter, for light text on a dark strip). */
function binarise(image: GreyImage, box: TextBox, level: number): { ink: Uint8Array; width: number; height: number } {
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const row = (box.y0 + y) * image.width + box.x0;
    grey.set(image.data.subarray(row, row + width), y * width);
  }
  // Below Otsu's threshold (level < 1), towards the darkest ink: blurred digits that touch come apart.
  const sorted = level < 1 ? Uint8Array.from(grey).sort() : grey;
  const darkest = sorted[Math.floor(sorted.length * 0.01)]!;
  const threshold = level < 1 ? darkest + (otsu(grey) - darkest) * level : otsu(grey);
  const ink = new Uint8Array(width * height);
  let count = 0;
  for (let i = 0; i < grey.length; i += 1) {
    if (grey[i]! <= threshold) {
      ink[i] = 1;
      count += 1;
    }
  }
  if (count > grey.length / 2) for (let i = 0; i < ink.length; i += 1) ink[i] = 1 - ink[i]!;
  return { ink, width, height };
}

function components(ink: Uint8Array, width: number, height: number): { labels: Int32Array; list: Component[] } {
  const labels = new Int32Array(width * height);
  const list: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < ink.length; start += 1) {
    if (!ink[start] || labels[start]) continue;
    const label = list.length + 1;
    const component: Component = { x0: width, y0: height, x1: 0, y1: 0, label, area: 0 };
    labels[start] = label;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop()!;
      const x = at % width;
      const y = (at - x) / width;
      component.area += 1;
      if (x < component.x0) component.x0 = x;
      if (x + 1 > component.x1) component.x1 = x + 1;
      if (y < component.y0) component.y0 = y;
      if (y + 1 > component.y1) component.y1 = y + 1;
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const next = ny * width + nx;
          if (ink[next] && !labels[next]) {
            labels[next] = label;
            stack.push(next);
          }
        }
      }
    }
    list.push(component);
  }
  return { labels, list };
}

/** A [1 2 1] blur each way: a glyph drawn half a pixel off still matches its template. */
function smooth(bitmap: Float32Array) {
  const copy = Float32Array.from(bitmap);
  const at = (x: number, y: number) =>
    copy[Math.min(BITMAP - 1, Math.max(0, y)) * BITMAP + Math.min(BITMAP - 1, Math.max(0, x))]!;
  for (let y = 0; y < BITMAP; y += 1)
    for (let x = 0; x < BITMAP; x += 1) bitmap[y * BITMAP + x] = (at(x - 1, y) + 2 * at(x, y) + at(x + 1, y)) / 4;
  copy.set(bitmap);
  for (let y = 0; y < BITMAP; y += 1)
    for (let x = 0; x < BITMAP; x += 1) bitmap[y * BITMAP + x] = (at(x, y - 1) + 2 * at(x, y) + at(x, y + 1)) / 4;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * The glyphs of a strip of the image, left to right, in the image's coordinates. `middle` limits them to
 * glyphs whose centre lies between those rows (the strip is taken a little taller than its line).
 */
export function stripGlyphs(image: GreyImage, strip: TextBox, middle?: { y0: number; y1: number }, level = 1): Glyph[] {
  const box = {
    x0: Math.max(0, Math.floor(strip.x0)),
    y0: Math.max(0, Math.floor(strip.y0)),
    x1: Math.min(image.width, Math.ceil(strip.x1)),
    y1: Math.min(image.height, Math.ceil(strip.y1)),
  };
  if (box.x1 - box.x0 < 3 || box.y1 - box.y0 < 3) return [];
  const { ink, width, height } = binarise(image, box, level);
  const { labels, list } = components(ink, width, height);
  const kept = list
    .filter((c) => c.area >= 3 && c.x1 - c.x0 < height * 3)
    .filter((c) => !middle || ((c.y0 + c.y1) / 2 + box.y0 >= middle.y0 && (c.y0 + c.y1) / 2 + box.y0 <= middle.y1))
    .sort((a, b) => a.x0 - b.x0);
  // Pieces over each other (the dots of ':', a letter's dots) make one glyph.
  const groups: Component[][] = [];
  for (const c of kept) {
    const group = groups.find((g) =>
      g.some((o) => Math.min(o.x1, c.x1) - Math.max(o.x0, c.x0) >= 0.5 * Math.min(o.x1 - o.x0, c.x1 - c.x0)),
    );
    if (group) group.push(c);
    else groups.push([c]);
  }
  const raw = groups
    .map((pieces) => ({
      pieces,
      x0: Math.min(...pieces.map((p) => p.x0)),
      y0: Math.min(...pieces.map((p) => p.y0)),
      x1: Math.max(...pieces.map((p) => p.x1)),
      y1: Math.max(...pieces.map((p) => p.y1)),
    }))
    .sort((a, b) => a.x0 - b.x0);
  const heights = raw.map((g) => g.y1 - g.y0);
  const tallest = median(heights.filter((h) => h >= median(heights)));
  const tall = raw.filter((g) => g.y1 - g.y0 >= 0.6 * tallest);
  const glyphOf = (
    area: { x0: number; y0: number; x1: number; y1: number },
    members: Set<number>,
    pieces: number,
    top: number,
    bottom: number,
  ): Glyph => {
    const lineHeight = Math.max(1, bottom - top);
    const w = area.x1 - area.x0;
    const h = area.y1 - area.y0;
    // The glyph's own ink (not a neighbour's reaching into its box), fitted into BITMAP x BITMAP.
    const bitmap = new Float32Array(BITMAP * BITMAP);
    const scale = Math.max(w, h) / BITMAP;
    const offsetX = (Math.max(w, h) - w) / 2;
    const offsetY = (Math.max(w, h) - h) / 2;
    for (let by = 0; by < BITMAP; by += 1) {
      for (let bx = 0; bx < BITMAP; bx += 1) {
        let inked = 0;
        for (let s = 0; s < SAMPLES * SAMPLES; s += 1) {
          const fx = (bx + ((s % SAMPLES) + 0.5) / SAMPLES) * scale - offsetX;
          const fy = (by + (Math.floor(s / SAMPLES) + 0.5) / SAMPLES) * scale - offsetY;
          if (fx < 0 || fy < 0 || fx >= w || fy >= h) continue;
          if (members.has(labels[(area.y0 + Math.floor(fy)) * width + area.x0 + Math.floor(fx)]!)) inked += 1;
        }
        bitmap[by * BITMAP + bx] = inked / (SAMPLES * SAMPLES);
      }
    }
    smooth(bitmap);
    // Teeth along the top (٣ has one more than ٢): the most runs of ink across a row of its upper third.
    let teeth = 0;
    for (let y = area.y0 + Math.floor(h * 0.1); y < area.y0 + Math.ceil(h * 0.4); y += 1) {
      let runs = 0;
      let inside = false;
      for (let x = area.x0; x < area.x1; x += 1) {
        const inked = members.has(labels[y * width + x]!);
        if (inked && !inside) runs += 1;
        inside = inked;
      }
      teeth = Math.max(teeth, runs);
    }
    return {
      box: { x0: area.x0 + box.x0, y0: area.y0 + box.y0, x1: area.x1 + box.x0, y1: area.y1 + box.y0 },
      pieces,
      bitmap,
      geometry: [
        Math.log(w / h),
        h / lineHeight,
        ((area.y0 + area.y1) / 2 - top) / lineHeight,
        w / lineHeight,
        Math.min(teeth, 4),
      ],
    };
  };

  return raw.map((g) => {
    const cx = (g.x0 + g.x1) / 2;
    // The line's top and bottom at this glyph: from the nearest tall glyphs on each side (a photo's line is tilted).
    const left = [...tall].reverse().find((t) => t !== g && (t.x0 + t.x1) / 2 < cx);
    const right = tall.find((t) => t !== g && (t.x0 + t.x1) / 2 > cx);
    const near = [left, right].filter((t): t is (typeof raw)[number] => t !== undefined);
    const references = near.length > 0 ? near : [g];
    const top = references.reduce((s, t) => s + t.y0, 0) / references.length;
    const bottom = references.reduce((s, t) => s + t.y1, 0) / references.length;
    const members = new Set(g.pieces.map((p) => p.label));
    const glyph = glyphOf(g, members, g.pieces.length, top, bottom);
    // Two glyphs touching (bold digits in a tight number): cut where the fewest pixels of ink are.
    glyph.splits = () => {
      const columns: number[] = [];
      for (let x = g.x0; x < g.x1; x += 1) {
        let count = 0;
        for (let y = g.y0; y < g.y1; y += 1) if (members.has(labels[y * width + x]!)) count += 1;
        columns.push(count);
      }
      const w = g.x1 - g.x0;
      const cuts = columns
        .map((count, at) => ({ count, at }))
        .filter(({ at }) => at >= w * 0.2 && at <= w * 0.8)
        .sort((a, b) => a.count - b.count)
        .slice(0, 8);
      return cuts.map(({ at }) =>
        [
          [g.x0, g.x0 + at],
          [g.x0 + at, g.x1],
        ].map(([x0, x1]) => {
          let y0 = g.y1;
          let y1 = g.y0;
          for (let y = g.y0; y < g.y1; y += 1)
            for (let x = x0!; x < x1!; x += 1)
              if (members.has(labels[y * width + x]!)) {
                y0 = Math.min(y0, y);
                y1 = Math.max(y1, y + 1);
              }
          return glyphOf({ x0: x0!, x1: x1!, y0: Math.min(y0, y1 - 1), y1 }, members, 1, top, bottom);
        }),
      );
    };
    return glyph;
  });
}

const GEOMETRY_WEIGHTS = [0.15, 0.6, 0.6, 0.3, 0.03];

/** Distance between a glyph and a template; stops counting (returns more than `bound`) once past it. */
export function glyphDistance(glyph: Glyph, template: GlyphTemplate, bound = Infinity): number {
  let distance = Math.min(glyph.pieces, 2) === Math.min(template.pieces, 2) ? 0 : 0.3;
  for (let i = 0; i < GEOMETRY_WEIGHTS.length; i += 1)
    distance += GEOMETRY_WEIGHTS[i]! * (glyph.geometry[i]! - template.geometry[i]!) ** 2;
  const cells = glyph.bitmap.length;
  for (let i = 0; i < cells; i += 1) {
    distance += (glyph.bitmap[i]! - template.bitmap[i]!) ** 2 / cells;
    if (distance > bound) return distance;
  }
  return distance;
}

export interface GlyphMatch {
  label: string;
  distance: number;
}

/** The nearest template's class, among those `allowed` (all when omitted). */
export function classifyGlyph(glyph: Glyph, templates: GlyphTemplate[], allowed?: (label: string) => boolean): GlyphMatch {
  let best: GlyphMatch = { label: '?', distance: Infinity };
  for (const template of templates) {
    if (allowed && !allowed(template.label)) continue;
    const distance = glyphDistance(glyph, template, best.distance);
    if (distance < best.distance) best = { label: template.label, distance };
  }
  return best;
}
