/**
 * npm run receipts:accuracy [-- --dir DIR --only PATTERN --lines FILE]: reads every generated receipt
 * (generate-receipts.ts makes them when DIR has none) and prints, per kind, the share read right (the
 * amount, the transaction number and the date, each and all three), the time per receipt and the
 * process's peak memory. Not a test: the figures go to docs/performance.md. --lines saves each receipt's
 * lines of text (the parser's unit tests use such captures).
 *
 * Its memory figures under tsx are too high (tsx transforming pdfjs-dist alone costs 300 MB). The figures
 * in docs/performance.md come from the harness bundled as the server is, run with plain node:
 *   npx esbuild apps/api/test/receipts/measure-reading.ts --bundle --platform=node --format=esm \
 *     --external:tesseract.js --external:sharp --external:pdfjs-dist --external:playwright-core \
 *     --outfile=node_modules/.cache/kwenda-receipts/measure.mjs
 *   MALLOC_ARENA_MAX=2 node node_modules/.cache/kwenda-receipts/measure.mjs --dir apps/api/test/receipts/generated
 */
import fs from 'node:fs';
import path from 'node:path';
import { createReceiptReader } from '../../src/modules/receipts/reading/read-receipt.js';
import type { ReceiptReading } from '../../src/modules/receipts/reading/receipt-reading.js';
import { DEFAULT_RECEIPTS_DIR, generateReceipts } from './generate-receipts.js';
import { AGENCY_ACCOUNTS, type GeneratedReceipt } from './receipt-values.js';

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const dir = path.resolve(arg('dir') ?? DEFAULT_RECEIPTS_DIR);
const manifestPath = path.join(dir, 'manifest.json');
if (!fs.existsSync(manifestPath)) await generateReceipts({ outDir: dir });
const only = arg('only') ? new RegExp(arg('only')!) : undefined;
const receipts = (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as GeneratedReceipt[]).filter(
  (receipt) => !only || only.test(receipt.file),
);

let peakRss = process.memoryUsage().rss;
const baseRss = peakRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

interface Outcome {
  receipt: GeneratedReceipt;
  reading: ReceiptReading;
  amount: boolean;
  transaction: boolean;
  date: boolean;
  account: boolean;
  names: boolean;
  /** Amount, transaction number or date read as a value the receipt does not show (worse than unread). */
  wrong: boolean;
}
const outcomes: Outcome[] = [];
const captured: Record<string, { text: string }[]> = {};
// The agency's accounts, as the server passes BANK_ACCOUNTS.
const reader = createReceiptReader({ idleMs: 5_000, knownAccounts: AGENCY_ACCOUNTS.map((account) => account.accountNumber) });
const started = Date.now();
for (const receipt of receipts) {
  const reading = await reader.readReceipt(fs.readFileSync(path.join(dir, receipt.file)));
  const { fields } = reading;
  const { truth } = receipt;
  const outcome: Outcome = {
    receipt,
    reading,
    amount: fields.amount?.value === truth.amount,
    transaction: fields.transactionNumber?.value === truth.transactionNumber,
    date: fields.dateTime?.value === truth.dateTime,
    account: fields.recipientAccount?.value === truth.recipientAccount,
    names: fields.recipientName?.value === truth.recipientName && fields.senderName?.value === truth.senderName,
    wrong:
      (fields.amount !== undefined && fields.amount.value !== truth.amount) ||
      (fields.transactionNumber !== undefined && fields.transactionNumber.value !== truth.transactionNumber) ||
      (fields.dateTime !== undefined && fields.dateTime.value !== truth.dateTime),
  };
  outcomes.push(outcome);
  captured[receipt.file] = reading.lines.map((line) => ({ text: line.text }));
  const misses = (['amount', 'transaction', 'date', 'account'] as const).filter((key) => !outcome[key]);
  console.log(
    `${receipt.file.padEnd(40)} ${String(reading.durationMs).padStart(5)} ms  ${misses.length === 0 ? 'ok' : `missed ${misses.join(', ')}`}` +
      (misses.length
        ? `  (read ${fields.amount?.value} / ${fields.transactionNumber?.value} / ${fields.dateTime?.value} / ${fields.recipientAccount?.value})`
        : ''),
  );
}
const totalMs = Date.now() - started;
await reader.close();
clearInterval(sampler);

const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${Math.round((part / whole) * 100)} %`);
const groups = new Map<string, Outcome[]>();
for (const outcome of outcomes) {
  const { kind, layout, digits } = outcome.receipt;
  const photoLike =
    kind === 'photo' ? 'photos' : kind === 'screenshot' ? 'screenshots' : kind === 'pdf' ? 'PDFs with text' : 'scanned PDFs';
  for (const key of [
    photoLike,
    `${photoLike}, ${layout === 'ar' ? 'Arabic' : 'English'} app${layout === 'ar' ? `, ${digits} digits` : ''}`,
  ]) {
    groups.set(key, [...(groups.get(key) ?? []), outcome]);
  }
}
groups.set('all', outcomes);
console.log(
  '\n| Receipts | n | amount | transaction no. | date | all three | recipient account | names | a wrong value | ms per receipt (median) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const [name, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
  const count = (test: (o: Outcome) => boolean) => percent(list.filter(test).length, list.length);
  const times = list.map((o) => o.reading.durationMs).sort((a, b) => a - b);
  console.log(
    `| ${name} | ${list.length} | ${count((o) => o.amount)} | ${count((o) => o.transaction)} | ${count((o) => o.date)} | ${count(
      (o) => o.amount && o.transaction && o.date,
    )} | ${count((o) => o.account)} | ${count((o) => o.names)} | ${count((o) => o.wrong)} | ${times[Math.floor(times.length / 2)]} |`,
  );
}
console.log(
  `\n${outcomes.length} receipts in ${(totalMs / 1000).toFixed(1)} s (${Math.round(totalMs / outcomes.length)} ms each, worker start included); ` +
    `RSS ${Math.round(baseRss / 1e6)} MB before, peak ${Math.round(peakRss / 1e6)} MB, ${Math.round(process.memoryUsage().rss / 1e6)} MB after the worker ended`,
);
if (arg('lines')) fs.writeFileSync(path.resolve(arg('lines')!), `${JSON.stringify(captured, null, 1)}\n`);
