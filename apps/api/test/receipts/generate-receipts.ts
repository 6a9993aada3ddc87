/**
 * npm run receipts:generate [-- --out DIR --seed N --per-kind N --font noto-sans]: Bankak-style transfer receipts made
 * from known values, for the receipt reader's tests and its accuracy harness (measure-reading.ts).
 * For each layout of the app (Arabic, English): PNG screenshots, JPEG photos of the phone's screen
 * (tilted, out of focus, under a glare, compressed), the bank's PDF advice (with text) and scanned PDFs
 * (an image only); then receipts with their amount painted over, re-saved and cropped copies of other
 * receipts, and transfers to accounts that are not the agency's. manifest.json records what each file
 * shows (and what it hides). All values are made up (receipt-values.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import sharp from 'sharp';
import {
  appReceiptHtml,
  bankPdfHtml,
  photoSceneHtml,
  receiptStyle,
  scanPdfHtml,
  useReceiptFont,
  type ReceiptStyle,
} from './receipt-templates.js';
import { FONT_FILES } from './make-digit-templates.js';
import {
  fareAmount,
  receiptTruth,
  seededRandom,
  type GeneratedReceipt,
  type Random,
  type ReceiptKind,
  type ReceiptLayout,
  type ReceiptTruth,
} from './receipt-values.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
export const DEFAULT_RECEIPTS_DIR = path.join(here, 'generated');

export interface GenerateOptions {
  outDir?: string;
  seed?: number;
  /** Receipts of each kind and layout (PDFs get half, scanned PDFs a sixth); 12 gives 72 files. */
  perKind?: number;
}

async function launch(): Promise<Browser> {
  // The shared launch options (a .mjs the e2e config and scripts import too).
  const shared = (await import(pathToFileURL(path.join(repoRoot, 'scripts/chromium.mjs')).href)) as {
    chromiumLaunchOptions: LaunchOptions;
  };
  return chromium.launch(shared.chromiumLaunchOptions);
}

export async function generateReceipts(options: GenerateOptions = {}): Promise<GeneratedReceipt[]> {
  const outDir = options.outDir ?? DEFAULT_RECEIPTS_DIR;
  const perKind = options.perKind ?? 12;
  const random = seededRandom(options.seed ?? 29);
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launch();
  const app = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const scene = await browser.newPage({ viewport: { width: 640, height: 1150 }, deviceScaleFactor: 2 });
  const pdfPage = await browser.newPage();
  const receipts: GeneratedReceipt[] = [];
  const write = (name: string, bytes: Buffer, entry: Omit<GeneratedReceipt, 'file'>) => {
    fs.writeFileSync(path.join(outDir, name), bytes);
    receipts.push({ file: name, ...entry });
  };
  const fileName = (layout: ReceiptLayout, kind: string, scenario: string, ext: string) =>
    `${String(receipts.length + 1).padStart(3, '0')}-${layout}-${kind}-${scenario}.${ext}`;

  async function screenshot(truth: ReceiptTruth, style: ReceiptStyle, edited = false): Promise<Buffer> {
    await app.setContent(appReceiptHtml(truth, style, edited));
    await app.evaluate('document.fonts.ready.then(() => undefined)');
    return app.screenshot({ fullPage: true, type: 'png' });
  }
  async function photo(receiptPng: Buffer): Promise<Buffer> {
    const { html } = photoSceneHtml(receiptPng, random);
    await scene.setContent(html);
    await scene.evaluate('document.fonts.ready.then(() => undefined)');
    const shot = await scene.screenshot({ type: 'jpeg', quality: 92 });
    return sharp(shot)
      .resize({ width: random.int(900, 1280) })
      .modulate({ brightness: 0.9 + random.next() * 0.15 })
      .jpeg({ quality: random.int(50, 80) })
      .toBuffer();
  }
  async function pdf(html: string): Promise<Buffer> {
    await pdfPage.setContent(html);
    await pdfPage.evaluate('document.fonts.ready.then(() => undefined)');
    return pdfPage.pdf({ format: 'A4', printBackground: true });
  }

  try {
    const genuineScreens: { truth: ReceiptTruth; style: ReceiptStyle; layout: ReceiptLayout; file: string }[] = [];
    for (const layout of ['ar', 'en'] as const) {
      const counts: [ReceiptKind, number][] = [
        ['screenshot', perKind],
        ['photo', perKind],
        ['pdf', Math.ceil(perKind / 2)],
        ['pdf-scan', Math.ceil(perKind / 6)],
      ];
      for (const [kind, count] of counts) {
        for (let i = 0; i < count; i += 1) {
          // Every fifth transfer went to an account that is not the agency's.
          const scenario = i % 5 === 3 ? 'other-account' : 'genuine';
          // The Arabic app prints Arabic-Indic digits when the phone's settings ask for them.
          const digits = layout === 'ar' && i % 2 === 1 ? 'arabic-indic' : 'latin';
          const truth = receiptTruth(random, layout, scenario === 'genuine');
          const style = receiptStyle(random, layout, digits);
          const entry = { kind, layout, digits, scenario, truth } as const;
          if (kind === 'screenshot') {
            const name = fileName(layout, kind, scenario, 'png');
            write(name, await screenshot(truth, style), entry);
            if (scenario === 'genuine') genuineScreens.push({ truth, style, layout, file: name });
          } else if (kind === 'photo') {
            write(fileName(layout, kind, scenario, 'jpg'), await photo(await screenshot(truth, style)), entry);
          } else if (kind === 'pdf') {
            write(fileName(layout, kind, scenario, 'pdf'), await pdf(bankPdfHtml(truth, style)), entry);
          } else {
            const image = await screenshot(truth, style);
            write(fileName(layout, kind, scenario, 'pdf'), await pdf(scanPdfHtml(image, 'image/png')), entry);
          }
        }
      }
    }
    await addForgeries(genuineScreens, random, { outDir, screenshot, photo, write, fileName });
  } finally {
    await browser.close();
  }
  fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(receipts, null, 2)}\n`);
  return receipts;
}

/** Amounts painted over (a screenshot and a photo of it) and re-saved, cropped copies of other receipts. */
async function addForgeries(
  sources: { truth: ReceiptTruth; style: ReceiptStyle; layout: ReceiptLayout; file: string }[],
  random: Random,
  make: {
    outDir: string;
    screenshot: (truth: ReceiptTruth, style: ReceiptStyle, edited?: boolean) => Promise<Buffer>;
    photo: (png: Buffer) => Promise<Buffer>;
    write: (name: string, bytes: Buffer, entry: Omit<GeneratedReceipt, 'file'>) => void;
    fileName: (layout: ReceiptLayout, kind: string, scenario: string, ext: string) => string;
  },
) {
  for (const layout of ['ar', 'en'] as const) {
    const mine = sources.filter((source) => source.layout === layout);
    for (const [index, source] of mine.slice(0, 3).entries()) {
      // A traveller who sent less than the fare and changed the figure to the fare.
      const truth = { ...source.truth, amount: source.truth.amount + fareAmount(random) };
      const png = await make.screenshot(truth, source.style, true);
      const entry = {
        layout,
        digits: source.style.digits,
        scenario: 'edited-amount',
        truth,
        originalAmount: source.truth.amount,
      } as const;
      if (index < 2)
        make.write(make.fileName(layout, 'screenshot', 'edited-amount', 'png'), png, { kind: 'screenshot', ...entry });
      else make.write(make.fileName(layout, 'photo', 'edited-amount', 'jpg'), await make.photo(png), { kind: 'photo', ...entry });
    }
    for (const source of mine.slice(3, 6)) {
      // The same receipt sent again for another booking, through WhatsApp: cropped and re-compressed.
      const bytes = fs.readFileSync(path.join(make.outDir, source.file));
      const meta = await sharp(bytes).metadata();
      const top = random.int(0, 60);
      const copy = await sharp(bytes)
        .extract({ left: 0, top, width: meta.width, height: meta.height - top - random.int(0, 80) })
        .resize({ width: Math.round(meta.width * (0.8 + random.next() * 0.15)) })
        .jpeg({ quality: random.int(70, 88) })
        .toBuffer();
      make.write(make.fileName(layout, 'screenshot', 'reused', 'jpg'), copy, {
        kind: 'screenshot',
        layout,
        digits: source.style.digits,
        scenario: 'reused',
        truth: source.truth,
        copyOf: source.file,
      });
    }
  }
}

// Run as a command (not when imported, bundled into the harness included).
if (/generate-receipts\.[cm]?[jt]s$/.test(process.argv[1] ?? '')) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const outDir = path.resolve(arg('out') ?? DEFAULT_RECEIPTS_DIR);
  // --font noto-sans (or kufi, naskh, dejavu): the receipts in another font than the app's Plex.
  const font = arg('font');
  if (font) {
    const files = FONT_FILES[font];
    if (!files) throw new Error(`--font is one of ${Object.keys(FONT_FILES).join(', ')}`);
    useReceiptFont(...files);
  }
  const started = Date.now();
  const receipts = await generateReceipts({
    outDir,
    seed: arg('seed') ? Number(arg('seed')) : undefined,
    perKind: arg('per-kind') ? Number(arg('per-kind')) : undefined,
  });
  const counts = new Map<string, number>();
  for (const r of receipts) counts.set(`${r.kind}/${r.scenario}`, (counts.get(`${r.kind}/${r.scenario}`) ?? 0) + 1);
  const byKind = [...counts].map(([kind, count]) => `${kind}: ${count}`);
  console.log(`${receipts.length} receipts in ${outDir} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${byKind.join('\n')}`);
}
