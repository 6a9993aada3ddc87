import { AppError } from '../../errors.js';
import { crashPoint } from '../../crash-points.js';
import type { Database } from '../../db/client.js';
import type { WhatsAppMessageRow } from '../../db/whatsapp-schema.js';
import type { Env } from '../../env.js';
import { retryDelayMs } from '../../jobs/claim-due.js';
import { enqueueMailRow, releaseHeldMail, skipHeldMail } from '../mail/mail-repository.js';
import { cloudApiConfigOf, createCloudApiClient } from './cloud-api-client.js';
import { errorCodeOf, failureKindOf } from './delivery-errors.js';
import type { EnqueueResult, MessengerPort, WhatsAppOutgoing } from './messenger-port.js';
import { createMessengerRepository } from './messenger-repository.js';
import { whatsappChannelOn } from './whatsapp-channel.js';
import { cloudApiTransport, devOutboxWhatsApp, type WhatsAppTransport } from './whatsapp-transport.js';

interface Logger {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

/** Rate-limited tries before the e-mail goes instead: 30 s, 1 min, 2 min apart, so within a few minutes. */
export const RATE_LIMITED_TRIES = 3;
const rateLimitDelayMs = (attempts: number) => retryDelayMs(attempts, { firstMs: 30_000, maxMs: 5 * 60_000 });
/** Tries through Meta's errors and network failures (1, 2, 4, 8, 16 min apart: about half an hour) before the e-mail goes instead. */
export const TRANSIENT_TRIES = 6;
/** Claims of one row, whatever became of them (a process that died on each), before it is given up. */
export const MAX_CLAIMS = 12;

/**
 * Sends under way at once in one process: the Cloud API answers in a few hundred milliseconds from
 * Khartoum, and takes 80 messages a second per number by default.
 */
export const SENDS_AT_ONCE = 8;

/** A number as logs may show it: the country code and the last two digits. */
export const maskPhone = (phone: string) => (phone.length > 6 ? `${phone.slice(0, 4)}…${phone.slice(-2)}` : '…');

/**
 * The WhatsApp outbox: enqueue in the transaction that decides to send (MessengerPort), deliverDue
 * from the whatsapp job. Each message may carry an e-mail in its place, queued with it as 'held' in
 * the mail outbox and released when WhatsApp cannot deliver it.
 *
 * Never twice: each send carries the row's id as biz_opaque_callback_data. A try whose outcome is
 * unknown (the process died after the Cloud API accepted it, or the answer never came) leaves the row
 * leased for WHATSAPP_LEASE_SECONDS, the grace period; the status webhook Meta sends for an accepted
 * message names the row and records it as sent, which takes it out of the queue. Only a row no
 * webhook named within the grace period is sent again (docs/decisions/0038-whatsapp-outbox.md).
 */
export function createMessengerService(deps: {
  database: Database;
  env: Env;
  logger?: Logger;
  transport?: WhatsAppTransport;
  clock?: () => Date;
}) {
  const { env, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const leaseMs = env.WHATSAPP_LEASE_SECONDS * 1000;
  const repo = createMessengerRepository(deps.database, { leaseMs });
  const { db } = deps.database;
  const config = cloudApiConfigOf(env, { leaseMs });
  const transport = deps.transport ?? (config ? cloudApiTransport(createCloudApiClient(config)) : devOutboxWhatsApp);
  const channelOn = deps.transport !== undefined || whatsappChannelOn(env);
  // Two calls (the media upload, then the message) per row, each within the client's timeout, a few
  // rows at a time: a batch ends well within the lease, so no claimed row is still unsent when another
  // process may take it.
  const rounds = Math.max(1, Math.floor(leaseMs / (2 * 2 * (config?.timeoutMs ?? 1000))));
  const BATCH = Math.min(64, rounds * SENDS_AT_ONCE);

  const enqueue: MessengerPort['enqueue'] = async (tx, message: WhatsAppOutgoing): Promise<EnqueueResult> => {
    // An update to a number that replied STOP goes by e-mail only; a code the traveller asked for still goes.
    // A server without WhatsApp (production without its settings) would deliver it nowhere: e-mail it.
    // A code asked for on a server without WhatsApp could reach no one: refused, nothing written.
    if (!channelOn && message.purpose === 'auth')
      throw new AppError(404, 'NOT_FOUND', 'Codes by WhatsApp are not offered on this server');
    const optedOut = message.purpose === 'booking' && (await repo.isOptedOut(tx, message.to));
    if (optedOut || !channelOn) {
      if (!message.fallbackEmail) return { channel: 'none', id: null, optedOut };
      await enqueueMailRow(tx, message.fallbackEmail);
      return { channel: 'email', id: null, optedOut };
    }
    const { id, queued } = await repo.insert(tx, {
      toPhone: message.to,
      template: message.template,
      language: message.language,
      params: message.params,
      document: message.document
        ? {
            filename: message.document.filename,
            contentType: message.document.contentType,
            content: message.document.content.toString('base64'),
          }
        : null,
      bookingId: message.bookingId ?? null,
      userId: message.userId ?? null,
      purpose: message.purpose,
      dedupeKey: message.dedupeKey ?? null,
      expiresAt: message.expiresAt ?? null,
      requestedBy: message.requestedBy ?? null,
    });
    if (queued && message.fallbackEmail) {
      const mail = await enqueueMailRow(tx, message.fallbackEmail, { heldFor: id });
      // An e-mail already queued under the fallback's key is not this message's to hold or release.
      if (mail.queued) await repo.setFallbackMail(tx, id, mail.id);
    }
    return { channel: 'whatsapp', id };
  };

  /** Failed for good: the Cloud API's code recorded, the e-mail sent in its place. */
  async function giveUp(row: WhatsAppMessageRow, errorCode: number | null, error: string, now: Date) {
    const released = await db.transaction(async (tx) => {
      if (!(await repo.markFailed(tx, row.id, { errorCode, error, at: now }))) return false;
      return releaseHeldMail(tx, row.id, now);
    });
    logger?.warn(
      {
        whatsappId: row.id,
        template: row.template,
        to: maskPhone(row.toPhone),
        errorCode,
        attempts: row.attempts,
        fallbackEmail: released,
      },
      'WhatsApp message failed',
    );
  }

  async function skip(row: WhatsAppMessageRow, reason: string, now: Date, options: { releaseMail: boolean }) {
    await db.transaction(async (tx) => {
      if (!(await repo.markSkipped(tx, row.id, reason))) return;
      if (options.releaseMail) await releaseHeldMail(tx, row.id, now);
      else await skipHeldMail(tx, row.id);
    });
  }

  async function deliverOne(row: WhatsAppMessageRow, now: Date): Promise<'sent' | 'failed' | 'skipped' | 'retry'> {
    if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
      await skip(row, 'Expired before it could be sent', now, { releaseMail: false });
      return 'skipped';
    }
    if (row.purpose === 'booking' && (await repo.isOptedOut(db, row.toPhone))) {
      await skip(row, 'The number opted out of WhatsApp updates', now, { releaseMail: true });
      return 'skipped';
    }
    if (row.attempts > MAX_CLAIMS) {
      await giveUp(row, null, `Given up after ${row.attempts - 1} tries`, now);
      return 'failed';
    }
    let accepted: { wamid: string | null };
    try {
      accepted = await transport.send(row);
    } catch (error) {
      const kind = failureKindOf(error);
      const errorCode = errorCodeOf(error);
      const message = (error as Error).message || String(error);
      if (kind === 'permanent') {
        await giveUp(row, errorCode, message, now);
        return 'failed';
      }
      if (kind === 'in-doubt') {
        // Perhaps accepted: left leased; a status webhook naming the row records it within the grace period.
        await repo.noteInDoubt(row.id, message);
        logger?.warn(
          { whatsappId: row.id, attempts: row.attempts },
          'WhatsApp send in doubt; not sent again before the grace period',
        );
        return 'retry';
      }
      const limit = kind === 'rate-limited' ? RATE_LIMITED_TRIES : TRANSIENT_TRIES;
      if (row.attempts >= limit) {
        await giveUp(row, errorCode, message, now);
        return 'failed';
      }
      await repo.retryLater(row, {
        now,
        delayMs: kind === 'rate-limited' ? rateLimitDelayMs(row.attempts) : retryDelayMs(row.attempts),
        error: message,
        errorCode,
      });
      logger?.warn({ whatsappId: row.id, attempts: row.attempts, errorCode, kind }, 'WhatsApp send failed; will retry');
      return 'retry';
    }
    await crashPoint('whatsapp.accepted');
    await db.transaction(async (tx) => {
      await repo.markAccepted(tx, row.id, { wamid: accepted.wamid, at: clock(), transport: transport.name });
      await skipHeldMail(tx, row.id);
    });
    return 'sent';
  }

  /** Delivers what is due at `now`; the whatsapp job calls it every few seconds, a kick at once. */
  async function deliverDue(now: Date = clock()): Promise<{ sent: number; failed: number; skipped: number }> {
    const counts = { sent: 0, failed: 0, skipped: 0 };
    for (;;) {
      const batch = await repo.claimDue(BATCH, now);
      let next = 0;
      const worker = async () => {
        while (next < batch.length) {
          const row = batch[next++]!;
          const outcome = await deliverOne(row, now);
          if (outcome !== 'retry') counts[outcome]++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, batch.length) }, worker));
      // Claimed rows are leased past `now`, so each round takes new ones until none is due.
      if (batch.length < BATCH) return counts;
    }
  }

  // One delivery at a time in this process: the job's runs and kicks wait for each other.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  };
  let kickWaiting = false;
  let closed = false;

  const port: MessengerPort = {
    enqueue,
    isOptedOut: (tx, phone) => repo.isOptedOut(tx, phone),
    kick() {
      // A process that does not run the jobs leaves the message to those that do (their next sweep).
      if (!env.RUN_JOBS || kickWaiting || closed) return;
      kickWaiting = true;
      setImmediate(() => {
        serial<unknown>(async () => {
          kickWaiting = false;
          if (!closed) await deliverDue(clock());
        }).catch((error: unknown) => logger?.error({ err: error }, 'WhatsApp delivery failed; the job tries again'));
      });
    },
  };

  return {
    ...port,
    /** 'cloud-api' or 'dev-outbox'. */
    transport: transport.name,
    deliverDue: (now?: Date) => serial(() => deliverDue(now ?? clock())),
    /** No kicked delivery starts after this; resolves once the one under way ended. */
    async close() {
      closed = true;
      await chain;
    },
    repo,
    leaseMs,
  };
}

export type MessengerService = ReturnType<typeof createMessengerService>;
