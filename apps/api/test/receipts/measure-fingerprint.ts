/**
 * npm run receipts:fingerprint [-- --dir DIR --copies-of N]: how far apart image-fingerprint.ts puts copies of one
 * receipt picture and pictures of different receipts. From the generated receipts (generate-receipts.ts
 * makes them when DIR has none) it builds, with sharp, copies of each screenshot (JPEG at quality 40-90,
 * WebP, resized 50-150 %, cropped 2-8 % off one edge, the status bar cut off, cut + shrunk + re-compressed)
 * and of each photo (re-saved, shrunk); it renders receipts again with another amount painted over (an
 * edited copy: the same picture); then it prints the distances of copies, of edited copies and of every
 * pair of different receipts (those of the same layout and kind apart), the catch rate per kind of copy at
 * the module's threshold and the time per fingerprint. Not a test: the figures go to docs/performance.md.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type LaunchOptions } from 'playwright-core';
import sharp from 'sharp';
import {
  fingerprintDistance,
  imageFingerprint,
  SAME_IMAGE_MAX_DISTANCE,
} from '../../src/modules/receipts/reading/image-fingerprint.js';
import {
  contentFingerprint,
  contentSimilarity,
  SAME_CONTENT_MIN_SIMILARITY,
} from '../../src/modules/receipts/reading/content-fingerprint.js';
import { createReceiptReader } from '../../src/modules/receipts/reading/read-receipt.js';
import type { ReceiptLine } from '../../src/modules/receipts/reading/receipt-reading.js';
import { DEFAULT_RECEIPTS_DIR, generateReceipts } from './generate-receipts.js';
import { appReceiptHtml, receiptStyle } from './receipt-templates.js';
import { fareAmount, receiptTruth, seededRandom, type GeneratedReceipt } from './receipt-values.js';

export interface Picture {
  name: string;
  layout: string;
  kind: string;
  /** Pictures of one transfer (its copies, its edited copies) share it. */
  transfer: string;
  bytes: Buffer;
}
export interface FingerprintSets {
  originals: Picture[];
  copies: { kind: string; of: Picture; copy: Picture }[];
  edited: { of: Picture; copy: Picture }[];
}

const crop = async (bytes: Buffer, edge: 'left' | 'right' | 'top' | 'bottom', share: number, px = 0) => {
  const { width, height } = await sharp(bytes).metadata();
  const cut = px || Math.round((edge === 'left' || edge === 'right' ? width : height) * share);
  return sharp(bytes)
    .extract({
      left: edge === 'left' ? cut : 0,
      top: edge === 'top' ? cut : 0,
      width: width - (edge === 'left' || edge === 'right' ? cut : 0),
      height: height - (edge === 'top' || edge === 'bottom' ? cut : 0),
    })
    .png()
    .toBuffer();
};
const scale = async (bytes: Buffer, factor: number) => {
  const { width } = await sharp(bytes).metadata();
  return sharp(bytes)
    .resize({ width: Math.round(width * factor) })
    .png()
    .toBuffer();
};

/** The copies a traveller's phone or a messaging app makes of a screenshot, by kind of copy. */
const SCREENSHOT_COPIES: [string, (png: Buffer, index: number) => Promise<Buffer>][] = [
  ['JPEG q40', (png) => sharp(png).jpeg({ quality: 40 }).toBuffer()],
  ['JPEG q65', (png) => sharp(png).jpeg({ quality: 65 }).toBuffer()],
  ['JPEG q90', (png) => sharp(png).jpeg({ quality: 90 }).toBuffer()],
  ['WebP q75', (png) => sharp(png).webp({ quality: 75 }).toBuffer()],
  ['resized 50 %', (png) => scale(png, 0.5)],
  ['resized 75 %', (png) => scale(png, 0.75)],
  ['resized 150 %', (png) => scale(png, 1.5)],
  ...(['left', 'right', 'top', 'bottom'] as const).flatMap((edge) =>
    [2, 5, 8].map(
      (percent) =>
        [`cropped ${percent} % off the ${edge}`, (png: Buffer) => crop(png, edge, percent / 100)] as [
          string,
          (png: Buffer) => Promise<Buffer>,
        ],
    ),
  ),
  ['status bar (top 60 px) cut', (png) => crop(png, 'top', 0, 60)],
  [
    'status bar cut, 85 %, JPEG q70',
    async (png) =>
      sharp(await crop(png, 'top', 0, 60))
        .resize({ width: 663 })
        .jpeg({ quality: 70 })
        .toBuffer(),
  ],
];
const PHOTO_COPIES: [string, (jpg: Buffer) => Promise<Buffer>][] = [
  ['photo re-saved q60', (jpg) => sharp(jpg).jpeg({ quality: 60 }).toBuffer()],
  [
    'photo resized 70 %, q75',
    async (jpg) =>
      sharp(await scale(jpg, 0.7))
        .jpeg({ quality: 75 })
        .toBuffer(),
  ],
];

/** Receipts rendered twice: as the bank made them and with another amount painted over. */
async function renderEdited(count: number): Promise<{ of: Picture; copy: Picture }[]> {
  const repoRoot = path.resolve(import.meta.dirname, '../../../..');
  const shared = (await import(pathToFileURL(path.join(repoRoot, 'scripts/chromium.mjs')).href)) as {
    chromiumLaunchOptions: LaunchOptions;
  };
  const browser = await chromium.launch(shared.chromiumLaunchOptions);
  const random = seededRandom(2929);
  const pairs: { of: Picture; copy: Picture }[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    for (let i = 0; i < count; i += 1) {
      const layout = i % 2 === 0 ? 'ar' : 'en';
      const truth = receiptTruth(random, layout, true);
      const style = receiptStyle(random, layout, 'latin');
      const shot = async (html: string) => {
        await page.setContent(html);
        await page.evaluate('document.fonts.ready.then(() => undefined)');
        return page.screenshot({ fullPage: true, type: 'png' });
      };
      const transfer = `rendered-${truth.transactionNumber}`;
      const of = {
        name: `${transfer}.png`,
        layout,
        kind: 'screenshot',
        transfer,
        bytes: await shot(appReceiptHtml(truth, style)),
      };
      const edited = { ...truth, amount: truth.amount + fareAmount(random) };
      const copy = { ...of, name: `${transfer}-edited.png`, bytes: await shot(appReceiptHtml(edited, style, true)) };
      pairs.push({ of, copy });
    }
  } finally {
    await browser.close();
  }
  return pairs;
}

/** `copiesOf`: copies are made of that many originals of each layout and kind (all when absent). */
export async function buildFingerprintSets(dir: string, renderedPairs = 12, copiesOf = Infinity): Promise<FingerprintSets> {
  if (!fs.existsSync(path.join(dir, 'manifest.json'))) await generateReceipts({ outDir: dir });
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as GeneratedReceipt[];
  const picture = (receipt: GeneratedReceipt): Picture => ({
    name: receipt.file,
    layout: receipt.layout,
    kind: receipt.kind,
    transfer: receipt.truth.transactionNumber,
    bytes: fs.readFileSync(path.join(dir, receipt.file)),
  });
  const images = manifest.filter((receipt) => receipt.kind === 'screenshot' || receipt.kind === 'photo');
  const originals = images.filter((r) => r.scenario === 'genuine' || r.scenario === 'other-account').map(picture);
  const copies: FingerprintSets['copies'] = [];
  const copied = new Map<string, number>();
  for (const of of originals) {
    const group = `${of.layout} ${of.kind}`;
    copied.set(group, (copied.get(group) ?? 0) + 1);
    if (copied.get(group)! > copiesOf) continue;
    const made = of.kind === 'screenshot' ? SCREENSHOT_COPIES : PHOTO_COPIES;
    for (const [kind, make] of made)
      copies.push({ kind, of, copy: { ...of, name: `${of.name} ${kind}`, bytes: await make(of.bytes, 0) } });
  }
  // The generator's own re-used copies (cut at the top and bottom, shrunk, JPEG) of its screenshots.
  for (const reused of images.filter((r) => r.scenario === 'reused')) {
    const of = originals.find((original) => original.name === reused.copyOf);
    if (of) copies.push({ kind: 'generator’s reused copy', of, copy: picture(reused) });
  }
  const edited: FingerprintSets['edited'] = [];
  for (const receipt of images.filter((r) => r.scenario === 'edited-amount' && r.kind === 'screenshot')) {
    const of = originals.find((original) => original.transfer === receipt.truth.transactionNumber);
    if (of) edited.push({ of, copy: picture(receipt) });
  }
  const rendered = await renderEdited(renderedPairs);
  edited.push(...rendered);
  originals.push(...rendered.map((pair) => pair.of));
  return { originals, copies, edited };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
export const describe = (distances: number[]) => {
  const sorted = [...distances].sort((a, b) => a - b);
  const f = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(Math.abs(n) < 1 ? 2 : 1));
  return `n=${sorted.length} min ${f(sorted[0]!)} p5 ${f(percentile(sorted, 0.05))} median ${f(percentile(sorted, 0.5))} p95 ${f(percentile(sorted, 0.95))} max ${f(sorted.at(-1)!)}`;
};

export interface Method {
  fingerprint: (bytes: Buffer) => Promise<string | null>;
  distance: (a: string, b: string) => number;
  threshold: number;
  /** The other thresholds to print the figures at (default: bits of the image fingerprint). */
  thresholds?: number[];
}

export async function measure(sets: FingerprintSets, method: Method) {
  const cache = new Map<Picture, string>();
  let fingerprintMs = 0;
  let length = 0;
  const print = async (picture: Picture) => {
    let fp = cache.get(picture);
    if (fp === undefined) {
      const started = performance.now();
      fp = (await method.fingerprint(picture.bytes)) ?? 'null';
      fingerprintMs += performance.now() - started;
      length = Math.max(length, fp.length);
      cache.set(picture, fp);
    }
    return fp;
  };
  const lines: string[] = [];
  const byKind = new Map<string, number[]>();
  for (const { kind, of, copy } of sets.copies) {
    const d = method.distance(await print(of), await print(copy));
    byKind.set(kind, [...(byKind.get(kind) ?? []), d]);
  }
  let caught = 0;
  for (const [kind, distances] of byKind) {
    const hits = distances.filter((d) => d <= method.threshold).length;
    caught += hits;
    lines.push(`copy  ${kind.padEnd(34)} caught ${hits}/${distances.length}  ${describe(distances)}`);
  }
  lines.push(`copies caught ${caught}/${sets.copies.length}`);
  const editedDistances: number[] = [];
  for (const { of, copy } of sets.edited) editedDistances.push(method.distance(await print(of), await print(copy)));
  lines.push(
    `edited amount: caught ${editedDistances.filter((d) => d <= method.threshold).length}/${editedDistances.length}  ${describe(editedDistances)}`,
  );
  const distinct: number[] = [];
  const sameLayout: number[] = [];
  let closest = { d: Number.POSITIVE_INFINITY, pair: '' };
  for (const [i, a] of sets.originals.entries())
    for (const b of sets.originals.slice(i + 1)) {
      if (a.transfer === b.transfer) continue;
      const d = method.distance(await print(a), await print(b));
      distinct.push(d);
      if (a.layout === b.layout && a.kind === b.kind) sameLayout.push(d);
      if (d < closest.d) closest = { d, pair: `${a.name} / ${b.name}` };
    }
  const falsePositives = distinct.filter((d) => d <= method.threshold).length;
  lines.push(`distinct, all pairs: false positives ${falsePositives}/${distinct.length}  ${describe(distinct)}`);
  lines.push(
    `distinct, same layout and kind: false positives ${sameLayout.filter((d) => d <= method.threshold).length}/${sameLayout.length}  ${describe(sameLayout)}`,
  );
  lines.push(`closest distinct pair: ${closest.d} (${closest.pair})`);
  // The same figures at other thresholds, to choose one.
  const copyDistances = [...byKind.values()].flat();
  for (const threshold of method.thresholds ?? [2, 4, 8, 16, 24, 32, 40, 48, 64]) {
    const within = (distances: number[]) => distances.filter((d) => d <= threshold).length;
    lines.push(
      `at ${String(threshold).padStart(3)}: copies caught ${within(copyDistances)}/${copyDistances.length}, edited ${within(editedDistances)}/${editedDistances.length}, false positives ${within(distinct)}/${distinct.length} (same layout and kind ${within(sameLayout)}/${sameLayout.length})`,
    );
  }
  lines.push(
    `threshold ${method.threshold}; ${cache.size} fingerprints, ${(fingerprintMs / cache.size).toFixed(1)} ms each, at most ${length} characters`,
  );
  const compared = [...cache.values()];
  const started = performance.now();
  let sink = 0;
  for (let round = 0; round < 10; round += 1) for (const a of compared) sink += method.distance(compared[0]!, a);
  lines.push(
    `comparison: ${(((performance.now() - started) / (10 * compared.length)) * 1000).toFixed(2)} µs each (${sink > 0 ? 'ok' : ''})`,
  );
  return { lines, caught, falsePositives, distinct, copies: sets.copies.length };
}

/**
 * content-fingerprint.ts measured the same way: every picture is read once by the receipt reader (its lines
 * kept in `cacheFile`, by the picture's SHA-1, so the fingerprint can be changed and measured again without
 * OCR); distance = 1 - contentSimilarity, so a copy is caught within 1 - SAME_CONTENT_MIN_SIMILARITY.
 */
async function contentMethod(sets: FingerprintSets, cacheFile: string): Promise<Method> {
  const readings = (fs.existsSync(cacheFile) ? JSON.parse(fs.readFileSync(cacheFile, 'utf8')) : {}) as Record<
    string,
    { lines: ReceiptLine[]; ms: number }
  >;
  const key = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');
  const pictures = [...new Set([...sets.originals, ...sets.copies.map((c) => c.copy), ...sets.edited.map((e) => e.copy)])];
  const missing = pictures.filter((picture) => !readings[key(picture.bytes)]);
  if (missing.length) {
    const reader = createReceiptReader();
    try {
      for (const [index, picture] of missing.entries()) {
        const started = performance.now();
        const reading = await reader.readReceipt(picture.bytes);
        readings[key(picture.bytes)] = { lines: reading.lines, ms: performance.now() - started };
        if (index % 10 === 9 || index === missing.length - 1) {
          fs.writeFileSync(cacheFile, JSON.stringify(readings));
          console.error(`read ${index + 1}/${missing.length}`);
        }
      }
    } finally {
      await reader.close();
    }
  }
  const readMs = pictures.map((picture) => readings[key(picture.bytes)]!.ms);
  console.log(`reading (OCR): ${describe(readMs)} ms per picture`);
  return {
    fingerprint: async (bytes) => contentFingerprint({ lines: readings[key(bytes)]!.lines }),
    distance: (a, b) => (a === 'null' || b === 'null' ? 1 : 1 - contentSimilarity(a, b)),
    threshold: Number((1 - SAME_CONTENT_MIN_SIMILARITY).toFixed(3)),
    thresholds: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8],
  };
}

if (/measure-fingerprint\.[cm]?[jt]s$/.test(process.argv[1] ?? '')) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const dir = path.resolve(arg('dir') ?? DEFAULT_RECEIPTS_DIR);
  const sets = await buildFingerprintSets(dir, 12, Number(arg('copies-of') ?? Infinity));
  const result = process.argv.includes('--content')
    ? await measure(sets, await contentMethod(sets, arg('readings') ?? '/tmp/kwenda-content-readings.json'))
    : await measure(sets, {
        fingerprint: imageFingerprint,
        distance: fingerprintDistance,
        threshold: SAME_IMAGE_MAX_DISTANCE,
      });
  console.log(result.lines.join('\n'));
}
