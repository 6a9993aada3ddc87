import type { BankAccount, Currency, ReceiptReadingState } from '@kwenda/contracts';
import type { Database } from '../../../db/client.js';
import type { BookingRow, ReceiptRow, StoredReceiptReading } from '../../../db/schema.js';
import { claimDue, retryLater, retryDelayMs } from '../../../jobs/claim-due.js';
import { receiptReadingQueue } from '../../../jobs/due-queues.js';
import type { ReceiptReader } from '../reading/read-receipt.js';
import type { ReceiptReading } from '../reading/receipt-reading.js';
import { readReceiptBytes } from '../receipt-storage.js';
import * as repo from '../receipts-repository.js';
import {
  accountVerdict,
  amountDueIn,
  poundsDue,
  amountVerdict,
  assembleChecks,
  dateVerdict,
  imageReusedVerdict,
  numberReusedVerdict,
  typedNumberVerdict,
  valuesOf,
} from './receipt-checks.js';

/**
 * The receipt-reading job: each receipt sent is read in the background (reading/read-receipt.ts), then
 * checked (receipt-checks.ts), and what was found is kept with it for the traveller and the desk.
 * - Receipts are taken from the table with a SKIP LOCKED claim (jobs/claim-due.ts), so several processes
 *   never read the same one; each process reads ONE at a time (the reader holds an OCR worker and a
 *   large image in memory; ~0.85 s per photo, 40 ms for a PDF with text).
 * - The reader is imported at the first receipt, never at start: a process that reads none never loads it.
 * - A failed reading is tried again after 30 s, then 60 s; after the third the receipt is unreadable and
 *   the checks that need no reading (the number typed, the same file) are still recorded.
 * - `kick` starts it right after an upload in the process that took it (the traveller sees the result
 *   seconds later, not at the next sweep), after the request has been answered.
 */

const LEASE_MS = 5 * 60_000;
/** Receipts read per run before the other jobs get their turn. */
const PER_RUN = 20;
/**
 * A run stops taking receipts after this long: the job runner waits for it before the next tick of every
 * job (holds that expire, mail), which must not wait behind a queue of receipts; the rest waits a tick.
 */
const RUN_BUDGET_MS = 10_000;
/**
 * One reading taking longer than this is abandoned (its OCR worker ended) and tried again later: a worker
 * that never answers must not hold the receipts behind it, nor the job loop, for ever.
 */
const READ_TIMEOUT_MS = 90_000;
const FIRST_RETRY_MS = 30_000;

/** `work`, or a rejection after `ms` (then `onTimeout` runs, to stop the work). */
async function within<T>(work: Promise<T>, ms: number, onTimeout: () => Promise<void>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`The reading took longer than ${Math.round(ms / 1000)} s`));
      void onTimeout().catch(() => undefined);
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

type Holder = { receiptId: string; bookingId: string };

export function createReceiptReadingJob(deps: {
  database: Database;
  bankAccounts: BankAccount[];
  /**
   * What the booking owed into each of the agency's accounts, in the account's currency (the bookings
   * module's transfer-accounts.ts, as the desk's transfers screen shows it).
   */
  owedInAccounts: (
    booking: Pick<BookingRow, 'amount' | 'currency' | 'exchangeRate' | 'createdAt'>,
  ) => Promise<{ currency: Currency; amount: number }[]>;
  logger: { error(obj: object, msg?: string): void };
  clock?: () => Date;
  /** How long the OCR worker is kept once idle. */
  idleMs?: number;
  /** The reader (tests give one); by default reading/read-receipt.ts, imported at the first receipt. */
  reader?: () => Promise<Pick<ReceiptReader, 'readReceipt' | 'close'>>;
  readTimeoutMs?: number;
}) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  const knownAccounts = deps.bankAccounts.map((a) => a.accountNumber);
  const readTimeoutMs = deps.readTimeoutMs ?? READ_TIMEOUT_MS;
  let reader: Promise<Pick<ReceiptReader, 'readReceipt' | 'close'>> | undefined;
  const readerOf = () =>
    (reader ??=
      deps.reader?.() ??
      import('../reading/read-receipt.js').then((module) => module.createReceiptReader({ knownAccounts, idleMs: deps.idleMs })));

  // One receipt at a time in this process: runs (the job runner's, and kicks) wait for each other.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  };
  let kickWaiting = false;
  let closed = false;

  async function drain(now: Date): Promise<number> {
    let read = 0;
    const started = Date.now();
    while (read < PER_RUN && !closed && Date.now() - started < RUN_BUDGET_MS) {
      const [row] = await db.transaction((tx) => claimDue(tx, receiptReadingQueue, { now, leaseMs: LEASE_MS, limit: 1 }));
      if (!row) break;
      await readOne(row, now);
      read += 1;
    }
    return read;
  }

  async function readOne(receipt: ReceiptRow, now: Date): Promise<void> {
    let reading: ReceiptReading | null = null;
    let fingerprint: string | null = null;
    let failure: string | null = null;
    try {
      const bytes = await readReceiptBytes(db, receipt);
      if (!bytes) throw new Error('The receipt file is missing from storage');
      if (receipt.contentType.startsWith('image/')) {
        const { imageFingerprint } = await import('../reading/image-fingerprint.js');
        fingerprint = await imageFingerprint(bytes);
      }
      const active = await readerOf();
      // Past the deadline the worker is ended: the reading under way stops, the next starts a new one.
      reading = await within(active.readReceipt(bytes), readTimeoutMs, () => active.close());
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    try {
      if (failure !== null && receipt.readingAttempts < receiptReadingQueue.maxAttempts) {
        await db.transaction((tx) =>
          retryLater(tx, receiptReadingQueue, receipt, {
            now,
            error: failure,
            delayMs: retryDelayMs(receipt.readingAttempts, { firstMs: FIRST_RETRY_MS }),
          }),
        );
        return;
      }
      await record(receipt, reading, fingerprint, failure, now);
    } catch (error) {
      deps.logger.error({ err: error, receiptId: receipt.id }, 'a receipt could not be checked; it is read again later');
      await db
        .transaction((tx) =>
          retryLater(tx, receiptReadingQueue, receipt, { now, error: error instanceof Error ? error.message : String(error) }),
        )
        .catch(() => undefined);
    }
  }

  /** The checks of a receipt read (or given up on: `reading` null), kept with it in one transaction. */
  async function record(
    receipt: ReceiptRow,
    reading: ReceiptReading | null,
    fingerprint: string | null,
    failure: string | null,
    now: Date,
  ) {
    const found = await repo.findReceiptWithBooking(db, receipt.id);
    if (!found) return;
    const { booking } = found;
    const values = reading ? valuesOf(reading.fields) : null;
    const anyRead = values !== null && Object.values(values).some((v) => v !== null);
    const owed = await deps.owedInAccounts(booking);
    const bookingMoney = { amount: booking.amount, currency: booking.currency as Currency };
    const currencyDue: Currency = values?.currency ?? 'SDG';
    const due = amountDueIn(currencyDue, owed, bookingMoney);
    // Compared with nothing in a currency the booking was never asked for: shown in pounds, or its own.
    const shownDue = due !== null ? { amount: due, currency: currencyDue } : poundsDue(owed, bookingMoney);

    // The same receipt as another booking's, sent before this one: the very file, the same pixels, or
    // the same words and numbers read (a re-saved, resized, cropped or edited copy; a pixel hash cannot
    // tell those from another transfer). One sent a moment before this one but beaten to the transaction
    // number by it (two uploads at once) is the copy, as its own numberReused check says, not this one.
    const content = reading ? (await import('../reading/content-fingerprint.js')).contentFingerprint(reading) : null;
    const earlier = (await repo.findEarlierOfOtherBookings(db, receipt)).filter(
      (other) => !other.checks.some((c) => c.check === 'numberReused' && c.otherReceiptId === receipt.id),
    );
    const sameFile = earlier.find((other) => other.sha256 === receipt.sha256)?.receiptId ?? null;
    let sameImage: string | null = null;
    if ((fingerprint || content) && !sameFile) {
      const [{ isSameImage }, { isSameContent }] = await Promise.all([
        import('../reading/image-fingerprint.js'),
        import('../reading/content-fingerprint.js'),
      ]);
      sameImage =
        earlier.find(
          (other) =>
            (fingerprint !== null && other.fingerprint !== null && isSameImage(fingerprint, other.fingerprint)) ||
            (content !== null && other.contentFingerprint !== null && isSameContent(content, other.contentFingerprint)),
        )?.receiptId ?? null;
    }
    const state: ReceiptReadingState = anyRead ? 'read' : 'unreadable';
    const stored: StoredReceiptReading = {
      source: reading?.source ?? null,
      values: anyRead ? values : null,
      boxes: reading ? boxesOf(reading) : {},
      size: reading?.size && reading.source === 'ocr' ? reading.size : null,
      unread: reading?.unread ?? [],
      amountDue: shownDue.amount,
      currencyDue: shownDue.currency,
    };
    const saved = await db
      .transaction(async (tx) => {
        const claim = (transactionNumber: string): Promise<Holder> =>
          repo.claimTransactionNumber(tx, { transactionNumber, receiptId: receipt.id, bookingId: booking.id, now });
        const typedHolder = receipt.typedTransactionNumber ? await claim(receipt.typedTransactionNumber) : null;
        const readHolder = values?.transactionNumber ? await claim(values.transactionNumber) : null;
        const verdicts = assembleChecks({
          amount: { verdict: amountVerdict(values?.amount ?? null, due) },
          account: { verdict: accountVerdict(values?.recipientAccount ?? null, knownAccounts) },
          date: {
            verdict: dateVerdict(values?.dateTime ?? null, { createdAt: booking.createdAt, uploadedAt: receipt.uploadedAt }),
          },
          typedNumber: { verdict: typedNumberVerdict(receipt.typedTransactionNumber, values?.transactionNumber ?? null) },
          numberReused: numberReusedVerdict(booking.id, [typedHolder, readHolder]),
          imageReused: imageReusedVerdict({ sameFile, fingerprint: fingerprint ?? content, sameImage }),
        });
        const done = await repo.saveReading(tx, receipt.id, {
          readingState: state,
          reading: stored,
          readTransactionNumber: values?.transactionNumber ?? null,
          ...verdicts,
          imageFingerprint: fingerprint,
          contentFingerprint: content,
          readAt: now,
          readingError: failure,
        });
        // Read meanwhile by a process whose lease ran out: its findings stand, this one's number claims go.
        if (!done) throw new ReadElsewhere();
        return done;
      })
      .catch((error: unknown) => {
        if (error instanceof ReadElsewhere) return false;
        throw error;
      });
    return saved;
  }

  return {
    name: 'receipt-reading',
    /** Reads the receipts due at `now`, one at a time, after any reading this process has under way. */
    run: (now: Date) => serial(() => drain(now)),
    /** A receipt was just sent: read it now, after the request (one start waits at a time). */
    kick() {
      if (kickWaiting || closed) return;
      kickWaiting = true;
      setImmediate(() => {
        serial(() => {
          kickWaiting = false;
          return drain(clock());
        }).catch((error: unknown) => deps.logger.error({ err: error }, 'reading a receipt failed; the job reads it again'));
      });
    },
    /** No reading starts after this; resolves once the one under way ended and the OCR worker is closed. */
    async close() {
      closed = true;
      await chain;
      if (reader) await (await reader).close();
    },
  };
}

export type ReceiptReadingJob = ReturnType<typeof createReceiptReadingJob>;

class ReadElsewhere extends Error {}

const BOXED = ['amount', 'recipientAccount', 'dateTime', 'transactionNumber', 'recipientName', 'senderName'] as const;

/** Where each value was on the image (OCR only: a PDF's text boxes are in points, not the image's pixels). */
function boxesOf(reading: ReceiptReading): StoredReceiptReading['boxes'] {
  if (reading.source !== 'ocr') return {};
  const boxes: StoredReceiptReading['boxes'] = {};
  for (const name of BOXED) {
    const box = reading.fields[name]?.box;
    if (box) boxes[name] = { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1 };
  }
  return boxes;
}
