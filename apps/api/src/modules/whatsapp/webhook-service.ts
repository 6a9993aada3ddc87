import type { Database } from '../../db/client.js';
import { releaseHeldMail, skipHeldMail } from '../mail/mail-repository.js';
import { inboundIntentOf } from './inbound-intent.js';
import type { MessengerRepository } from './messenger-repository.js';
import { maskPhone } from './messenger-service.js';
import type { WebhookInbound, WebhookStatus, WhatsAppWebhook } from './webhook-schema.js';

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

const KNOWN_STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);
const dateOf = (seconds: string) => new Date(Number(seconds) * 1000);

/**
 * What Meta's webhooks tell Kwenda, once each: the statuses of the messages it sent (recorded on the
 * row, forward only) and the messages travellers wrote (STOP and START; their text is never kept).
 */
export function createWebhookService(deps: {
  database: Database;
  repo: MessengerRepository;
  /** A reply was queued: deliver it now. */
  kick: () => void;
  logger?: Logger;
  clock?: () => Date;
}) {
  const { db } = deps.database;
  const { repo, logger } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function recordStatus(status: WebhookStatus) {
    if (!KNOWN_STATUSES.has(status.status)) return;
    const errorCode = status.errors?.[0]?.code ?? null;
    const error = status.errors?.[0] ? (status.errors[0].title ?? status.errors[0].message ?? 'Failed') : null;
    const moved = await db.transaction(async (tx) => {
      const change = await repo.recordStatus(tx, {
        status: status.status as 'sent' | 'delivered' | 'read' | 'failed',
        at: dateOf(status.timestamp),
        wamid: status.id,
        rowId: status.biz_opaque_callback_data ?? null,
        errorCode,
        error,
      });
      if (!change) return null;
      const { before, after } = change;
      let fallbackEmail = false;
      if (after.status === 'failed') fallbackEmail = await releaseHeldMail(tx, after.id, clock(), { afterAcceptance: true });
      // Recorded by its webhook before (or instead of) the sending process: the e-mail is not needed.
      else if (before.status === 'pending') await skipHeldMail(tx, after.id);
      return { id: after.id, status: after.status, fallbackEmail };
    });
    if (moved?.status === 'failed')
      logger?.warn(
        { whatsappId: moved.id, errorCode, fallbackEmail: moved.fallbackEmail },
        'WhatsApp message failed after it was sent',
      );
  }

  /** Returns whether a reply was queued. */
  async function receive(message: WebhookInbound): Promise<boolean> {
    const text = message.text?.body ?? message.button?.text;
    const read = inboundIntentOf(text);
    const phone = `+${message.from}`;
    const now = clock();
    const replied = await db.transaction(async (tx) => {
      if (!(await repo.recordInbound(tx, { wamid: message.id, fromPhone: phone, intent: read.intent, at: now }))) return false;
      if (read.intent === 'start') {
        await repo.optIn(tx, phone);
        return false;
      }
      if (read.intent !== 'stop') return false;
      const { told } = await repo.optOut(tx, phone, now);
      if (told) return false;
      // Told once: inside the 24-hour window the traveller's STOP opened, a free-form answer.
      await repo.insert(tx, {
        toPhone: phone,
        template: 'opt_out_reply',
        language: read.language,
        params: [],
        document: null,
        bookingId: null,
        userId: null,
        purpose: 'reply',
        dedupeKey: `opt-out-reply:${message.id}`,
        expiresAt: new Date(now.getTime() + 24 * 3_600_000),
        requestedBy: null,
      });
      await repo.markToldOptedOut(tx, phone, now);
      return true;
    });
    if (read.intent !== 'other') logger?.info({ from: maskPhone(phone), intent: read.intent }, 'WhatsApp opt-out choice');
    return replied;
  }

  return {
    /** One webhook delivery (signature already checked): statuses first, then inbound messages. */
    async handle(webhook: WhatsAppWebhook): Promise<{ statuses: number; messages: number }> {
      let statuses = 0;
      let messages = 0;
      let replied = false;
      for (const entry of webhook.entry)
        for (const change of entry.changes) {
          for (const status of change.value.statuses ?? []) {
            await recordStatus(status);
            statuses++;
          }
          for (const message of change.value.messages ?? []) {
            if (await receive(message)) replied = true;
            messages++;
          }
        }
      if (replied) deps.kick();
      return { statuses, messages };
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
