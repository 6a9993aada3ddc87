import { whatsappTemplateKeys, type WhatsAppTemplateKey } from '@kwenda/contracts';
import type { Env } from '../../env.js';

/**
 * A small typed client of the WhatsApp Business Cloud API (the Graph API over HTTPS): Meta's own
 * Node SDK is no longer maintained. Three calls: a template message, a document uploaded as media,
 * and a free-form text (only inside the 24-hour window after the traveller wrote: the answer to STOP).
 */

export interface CloudApiConfig {
  /** https://graph.facebook.com/v21.0, without a trailing slash. */
  apiUrl: string;
  token: string;
  phoneNumberId: string;
  /** Kwenda's template keys to the names Meta approved them under. */
  templateNames: Record<WhatsAppTemplateKey, string>;
  /** Upper bound of one call; shorter than the outbox lease, so a hung call never outlasts it. */
  timeoutMs: number;
}

/** Meta's error answer: {error:{message,type,code,error_subcode,error_data:{details},fbtrace_id}}. */
export class CloudApiError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly httpStatus: number,
    readonly details: { type?: string; subcode?: number; details?: string; fbtraceId?: string } = {},
  ) {
    super(message);
    this.name = 'CloudApiError';
  }
}

/**
 * The call did not get an answer. `mayHaveArrived`: the request may have reached Meta (a timeout, a
 * connection reset after it was written), so the message may have been accepted; false when the
 * connection was never made (refused, no such host).
 */
export class CloudApiUnreachable extends Error {
  constructor(
    message: string,
    readonly mayHaveArrived: boolean,
  ) {
    super(message);
    this.name = 'CloudApiUnreachable';
  }
}

/** The configuration when WhatsApp is on (token, phone number id and app secret set), else null. */
export function cloudApiConfigOf(env: Env, options: { leaseMs: number }): CloudApiConfig | null {
  if (!env.WHATSAPP_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID || !env.WHATSAPP_APP_SECRET) return null;
  return {
    apiUrl: env.WHATSAPP_API_URL,
    token: env.WHATSAPP_TOKEN,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
    templateNames: templateNamesOf(env),
    timeoutMs: Math.max(250, Math.min(20_000, options.leaseMs / 4)),
  };
}

export function templateNamesOf(env: Env): Record<WhatsAppTemplateKey, string> {
  return Object.fromEntries(
    whatsappTemplateKeys.map((key) => [key, env[`WHATSAPP_TEMPLATE_${key.toUpperCase() as Uppercase<WhatsAppTemplateKey>}`]]),
  ) as Record<WhatsAppTemplateKey, string>;
}

/** One template message as Kwenda sends it. */
export interface TemplateSend {
  /** E.164. */
  to: string;
  template: WhatsAppTemplateKey;
  language: 'ar' | 'en';
  params: string[];
  /** A document header: the media id of an uploaded file and the name the traveller sees. */
  document?: { id: string; filename: string };
  /** Echoed in every status webhook of this message: the outbox row's id. */
  callbackData: string;
}

type Component =
  | { type: 'header'; parameters: [{ type: 'document'; document: { id: string; filename: string } }] }
  | { type: 'body'; parameters: { type: 'text'; text: string }[] }
  | { type: 'button'; sub_type: 'url'; index: '0'; parameters: [{ type: 'text'; text: string }] };

/** The request body of a template message (POST /{phone-number-id}/messages). */
export function templateMessageBody(send: TemplateSend, templateName: string) {
  const components: Component[] = [];
  if (send.document) components.push({ type: 'header', parameters: [{ type: 'document', document: send.document }] });
  if (send.template === 'sign_in_code') {
    // An authentication template: the code in the body and again on the copy-code button.
    const code = send.params[0] ?? '';
    components.push({ type: 'body', parameters: [{ type: 'text', text: code }] });
    components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] });
  } else if (send.params.length) {
    components.push({ type: 'body', parameters: send.params.map((text) => ({ type: 'text' as const, text })) });
  }
  return {
    messaging_product: 'whatsapp' as const,
    recipient_type: 'individual' as const,
    to: toWaNumber(send.to),
    type: 'template' as const,
    template: { name: templateName, language: { code: send.language }, components },
    biz_opaque_callback_data: send.callbackData,
  };
}

/** The Cloud API takes the number in international form without the plus. */
const toWaNumber = (e164: string) => e164.replace(/^\+/, '');

interface SendAnswer {
  messaging_product?: string;
  contacts?: { input?: string; wa_id?: string }[];
  messages?: { id?: string; message_status?: string }[];
}

/** Errors of a connection that was never made: the request cannot have reached Meta. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL']);

function unreachable(error: unknown): CloudApiUnreachable {
  const cause = (error as { cause?: { code?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code;
  const name = (error as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new CloudApiUnreachable('The Cloud API did not answer in time', true);
  return new CloudApiUnreachable(`The Cloud API could not be reached (${code ?? name})`, !(code && NEVER_CONNECTED.has(code)));
}

async function errorOf(response: Response): Promise<CloudApiError> {
  const text = await response.text().catch(() => '');
  try {
    const { error } = JSON.parse(text) as {
      error?: {
        message?: string;
        type?: string;
        code?: number;
        error_subcode?: number;
        error_data?: { details?: string };
        fbtrace_id?: string;
      };
    };
    if (error && typeof error === 'object')
      return new CloudApiError(
        `${error.message ?? 'Cloud API error'}${error.error_data?.details ? `: ${error.error_data.details}` : ''}`,
        typeof error.code === 'number' ? error.code : null,
        response.status,
        { type: error.type, subcode: error.error_subcode, details: error.error_data?.details, fbtraceId: error.fbtrace_id },
      );
  } catch {
    /* not JSON: a proxy's page */
  }
  return new CloudApiError(`The Cloud API answered ${response.status}`, null, response.status);
}

export function createCloudApiClient(config: CloudApiConfig, fetchImpl: typeof fetch = fetch) {
  const base = `${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}`;

  async function call(path: string, init: { body: string | FormData; json: boolean }): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.token}`,
          ...(init.json ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw unreachable(error);
    }
    if (!response.ok) throw await errorOf(response);
    try {
      return await response.json();
    } catch (error) {
      // Accepted (2xx) but the answer was cut off: the message may well have been sent.
      throw new CloudApiUnreachable(`The Cloud API's answer could not be read (${(error as Error).name})`, true);
    }
  }

  const wamidOf = (answer: unknown): { wamid: string; waId: string | null } => {
    const sent = answer as SendAnswer;
    const wamid = sent.messages?.[0]?.id;
    if (!wamid) throw new CloudApiUnreachable('The Cloud API accepted the message without its id', true);
    return { wamid, waId: sent.contacts?.[0]?.wa_id ?? null };
  };

  return {
    /** POST /{phone-number-id}/messages, type template. */
    async sendTemplate(send: TemplateSend): Promise<{ wamid: string; waId: string | null }> {
      const body = templateMessageBody(send, config.templateNames[send.template]);
      return wamidOf(await call('/messages', { body: JSON.stringify(body), json: true }));
    },

    /** POST /{phone-number-id}/messages, type text: only inside the 24-hour window (a reply). */
    async sendText(send: { to: string; text: string; callbackData: string }): Promise<{ wamid: string; waId: string | null }> {
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: toWaNumber(send.to),
        type: 'text',
        text: { body: send.text, preview_url: false },
        biz_opaque_callback_data: send.callbackData,
      };
      return wamidOf(await call('/messages', { body: JSON.stringify(body), json: true }));
    },

    /** POST /{phone-number-id}/media (multipart): the id to send the file by. */
    async uploadMedia(file: { filename: string; contentType: string; content: Buffer }): Promise<{ id: string }> {
      const form = new FormData();
      form.append('messaging_product', 'whatsapp');
      form.append('type', file.contentType);
      form.append('file', new Blob([new Uint8Array(file.content)], { type: file.contentType }), file.filename);
      const answer = (await call('/media', { body: form, json: false })) as { id?: string };
      if (!answer.id) throw new CloudApiError('The Cloud API took the file without an id', null, 200);
      return { id: answer.id };
    },
  };
}

export type CloudApiClient = ReturnType<typeof createCloudApiClient>;
