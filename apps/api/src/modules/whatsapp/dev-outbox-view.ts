import { whatsappTemplateKeys, type WhatsAppTemplateKey } from '@kwenda/contracts';
import type { WhatsAppMessageRow } from '../../db/whatsapp-schema.js';
import type { DevWhatsAppMessage, DevWhatsAppOutbox } from '../mail/dev-outbox-routes.js';
import type { MessengerRepository } from './messenger-repository.js';
import { OPT_OUT_REPLY } from './opt-out-reply.js';
import { renderTemplate } from './templates.js';

const isTemplateKey = (template: string): template is WhatsAppTemplateKey =>
  (whatsappTemplateKeys as readonly string[]).includes(template);

function viewOf(row: WhatsAppMessageRow, templateNames: Record<WhatsAppTemplateKey, string>): DevWhatsAppMessage {
  return {
    id: row.id,
    to: row.toPhone,
    template: row.template,
    templateName: isTemplateKey(row.template) ? templateNames[row.template] : '(free-form text)',
    language: row.language,
    params: row.params,
    text: isTemplateKey(row.template) ? renderTemplate(row.template, row.language, row.params) : OPT_OUT_REPLY[row.language],
    purpose: row.purpose,
    status: row.status,
    transport: row.transport,
    attempts: row.attempts,
    errorCode: row.errorCode,
    lastError: row.lastError,
    wamid: row.wamid,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    document: row.document,
  };
}

/** The WhatsApp messages as the dev outbox shows them beside the e-mails, each with its text as the traveller reads it. */
export function devWhatsAppOutbox(
  repo: MessengerRepository,
  templateNames: Record<WhatsAppTemplateKey, string>,
): DevWhatsAppOutbox {
  return {
    list: async () => (await repo.list()).map((row) => viewOf(row, templateNames)),
    find: async (id) => {
      const row = await repo.find(id);
      return row ? viewOf(row, templateNames) : undefined;
    },
  };
}
