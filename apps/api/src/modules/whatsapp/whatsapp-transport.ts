import { whatsappTemplateKeys, type WhatsAppTemplateKey } from '@kwenda/contracts';
import type { WhatsAppMessageRow } from '../../db/whatsapp-schema.js';
import { CloudApiUnreachable, type CloudApiClient } from './cloud-api-client.js';
import { OPT_OUT_REPLY } from './opt-out-reply.js';

/** Sends one outbox row; throws CloudApiError / CloudApiUnreachable when it was not (or may not have been) accepted. */
export interface WhatsAppTransport {
  /** Recorded in whatsapp_messages.transport: 'cloud-api' or 'dev-outbox'. */
  name: 'cloud-api' | 'dev-outbox';
  /** The Cloud API's message id (wamid); null in the dev outbox. */
  send(row: WhatsAppMessageRow): Promise<{ wamid: string | null }>;
}

const isTemplateKey = (template: string): template is WhatsAppTemplateKey =>
  (whatsappTemplateKeys as readonly string[]).includes(template);

/** The Cloud API: a document is uploaded as media first, then the template names it in its header. */
export function cloudApiTransport(client: CloudApiClient): WhatsAppTransport {
  return {
    name: 'cloud-api',
    async send(row) {
      if (row.template === 'opt_out_reply')
        return client.sendText({ to: row.toPhone, text: OPT_OUT_REPLY[row.language], callbackData: row.id });
      if (!isTemplateKey(row.template)) throw new Error(`Unknown template ${row.template}`);
      let document: { id: string; filename: string } | undefined;
      if (row.document) {
        try {
          const media = await client.uploadMedia({
            filename: row.document.filename,
            contentType: row.document.contentType,
            content: Buffer.from(row.document.content, 'base64'),
          });
          document = { id: media.id, filename: row.document.filename };
        } catch (error) {
          // An upload that went astray sends nothing: the message itself is not in doubt.
          if (error instanceof CloudApiUnreachable) throw new CloudApiUnreachable(error.message, false);
          throw error;
        }
      }
      return client.sendTemplate({
        to: row.toPhone,
        template: row.template,
        language: row.language,
        params: row.params,
        document,
        callbackData: row.id,
      });
    },
  };
}

/**
 * The embedded default without the WHATSAPP_ settings: nothing leaves the machine; the row is
 * marked sent and a developer reads it at /dev/outbox beside the e-mails.
 */
export const devOutboxWhatsApp: WhatsAppTransport = { name: 'dev-outbox', send: async () => ({ wamid: null }) };
