import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import { enqueueMailRow } from '../mail/mail-repository.js';
import type { EnqueueResult, MessengerPort, WhatsAppOutgoing } from './messenger-port.js';
import { createMessengerRepository } from './messenger-repository.js';

interface Logger {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

export type MessengerEnv = Pick<Env, 'WHATSAPP_LEASE_SECONDS'> & Partial<Pick<Env, 'RUN_JOBS'>>;

/**
 * The WhatsApp outbox: enqueue in the transaction that decides to send (MessengerPort), deliverDue
 * from the whatsapp job. Each message may carry an e-mail in its place, queued with it as 'held' in
 * the mail outbox and released when WhatsApp cannot deliver it.
 */
export function createMessengerService(deps: { database: Database; env: MessengerEnv; logger?: Logger }) {
  const leaseMs = deps.env.WHATSAPP_LEASE_SECONDS * 1000;
  const repo = createMessengerRepository(deps.database, { leaseMs });

  const enqueue: MessengerPort['enqueue'] = async (tx, message: WhatsAppOutgoing): Promise<EnqueueResult> => {
    // An update to a number that replied STOP goes by e-mail only; a code the traveller asked for still goes.
    if (message.purpose === 'booking' && (await repo.isOptedOut(tx, message.to))) {
      if (!message.fallbackEmail) return { channel: 'none', id: null, optedOut: true };
      await enqueueMailRow(tx, message.fallbackEmail);
      return { channel: 'email', id: null, optedOut: true };
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

  const port: MessengerPort = {
    enqueue,
    isOptedOut: (tx, phone) => repo.isOptedOut(tx, phone),
    kick() {
      // Delivery arrives with the job (step 3).
    },
  };

  return { ...port, repo };
}

export type MessengerService = ReturnType<typeof createMessengerService>;
