import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { whatsappTemplateKeys } from '@kwenda/contracts';
import { signWebhookBody } from '../webhook-signature.js';

/**
 * A local WhatsApp Business Cloud API: the documented shapes of the Graph API calls Kwenda makes
 * (messages, media), its error answers, and the webhooks Meta sends back (statuses, inbound messages)
 * signed with X-Hub-Signature-256. Used by the API's tests and by the browser journeys, and by a
 * developer who wants to see the messages leave (npm run whatsapp:local). Its own inspection API
 * under /__local is described in README.md beside this file.
 */

export interface LocalCloudApiOptions {
  port?: number;
  host?: string;
  /** The Bearer token a send must carry (WHATSAPP_TOKEN of the app). */
  token: string;
  /** Signs the webhooks (WHATSAPP_APP_SECRET of the app). */
  appSecret: string;
  /** Where statuses and inbound messages are POSTed: the app's /api/v1/whatsapp/webhook. Unset: none is sent. */
  webhookUrl?: string;
  /** Approved template names; default kwenda_<key> for every template key. */
  templates?: string[];
  /** Send 'read' after 'delivered' for every message (else only for numbers in readBy). */
  readReceipts?: boolean;
  /** Webhook retries: first delay, doubling up to webhookRetryMaxMs (30 s by default). */
  webhookRetryMs?: number;
  webhookRetryMaxMs?: number;
}

/** A failure the server plays for some recipients: numbers ending in `suffix`. */
export interface RecipientRule {
  suffix: string;
  code: number;
  /** 'status': accepted, then a failed status webhook (as Meta reports 131026); 'response': refused at once. */
  as: 'status' | 'response';
}

export interface LocalMessage {
  /** The wamid. */
  id: string;
  to: string;
  type: 'template' | 'text';
  template: string | null;
  language: string | null;
  /** The body's text parameters, in order. */
  params: string[];
  /** Text parameters of buttons (an authentication template's copy-code button). */
  buttonParams: string[];
  document: { id: string; filename: string | null } | null;
  text: string | null;
  bizOpaqueCallbackData: string | null;
  acceptedAt: string;
  /** Statuses sent (or being sent) to the webhook, in order. */
  statuses: string[];
}

export interface LocalMedia {
  id: string;
  filename: string | null;
  mimeType: string;
  bytes: Buffer;
}

export interface WebhookDelivery {
  kind: 'status' | 'inbound';
  payload: string;
  attempts: number;
  /** The answer of the last attempt (0: no answer). */
  lastStatus: number;
  delivered: boolean;
}

/** Numbers ending in 0000 are not on WhatsApp (131026, a failed status after acceptance, as Meta does it). */
export const DEFAULT_RULES: RecipientRule[] = [
  { suffix: '0000', code: 131026, as: 'status' },
  { suffix: '0047', code: 131047, as: 'status' },
];

/** Meta's error texts for the codes the server plays. */
const ERRORS: Record<number, { title: string; http: number; details: string }> = {
  131026: { title: 'Message undeliverable', http: 400, details: 'Message Undeliverable.' },
  131047: {
    title: 'Re-engagement message',
    http: 400,
    details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  130429: { title: 'Rate limit hit', http: 429, details: 'Cloud API message throughput has been reached.' },
  131000: { title: 'Something went wrong', http: 500, details: 'Something went wrong' },
  132001: {
    title: 'Template name does not exist in the translation',
    http: 404,
    details: 'template name does not exist in the translation',
  },
  132015: { title: 'Template is Paused', http: 400, details: 'Template is paused due to low quality.' },
  132016: { title: 'Template is Disabled', http: 400, details: 'Template has been paused too many times and is now disabled.' },
  131051: { title: 'Unsupported message type', http: 400, details: 'Message type is not currently supported.' },
  131009: { title: 'Parameter value is not valid', http: 400, details: 'One or more parameter values are invalid.' },
  100: { title: 'Invalid parameter', http: 400, details: 'Invalid parameter' },
};
const errorInfo = (code: number) => ERRORS[code] ?? { title: `Error ${code}`, http: 400, details: `Error ${code}` };

const fbtrace = () => randomBytes(8).toString('base64url');
const newWamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

/** The multipart/form-data parts of a body: name, filename, content type, bytes. */
function parseMultipart(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: { name: string; filename: string | null; type: string | null; data: Buffer }[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      const filename = /filename="([^"]*)"/i.exec(headers)?.[1] ?? null;
      const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? null;
      if (name) parts.push({ name, filename, type, data: part.subarray(headerEnd + 4) });
    }
    start = next;
  }
  return parts;
}

const readBody = (request: http.IncomingMessage, limit = 110 * 1024 * 1024) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) reject(new Error('too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export async function startLocalCloudApi(options: LocalCloudApiOptions) {
  const defaultTemplates = () => options.templates ?? whatsappTemplateKeys.map((key) => `kwenda_${key}`);
  const state = {
    templates: new Set(defaultTemplates()),
    paused: new Map<string, number>(),
    rules: [...DEFAULT_RULES],
    rejectNext: [] as { code: number; message?: string }[],
    /** The next sends are accepted, but answered this late (a timeout on the caller's side: a send in doubt). */
    delayNext: [] as number[],
    readReceipts: options.readReceipts ?? false,
    readBy: new Set<string>(),
    webhookUrl: options.webhookUrl,
    messages: [] as LocalMessage[],
    /** Every send refused, with its code (for tests: a refused send is not a message). */
    refused: [] as { to: string; template: string | null; code: number; bizOpaqueCallbackData: string | null }[],
    media: new Map<string, LocalMedia>(),
    /** The last time each number wrote (opens the 24-hour window for free-form text). */
    lastInbound: new Map<string, number>(),
    deliveries: [] as WebhookDelivery[],
  };

  // Webhooks leave one at a time, in order; a refused or failed delivery is retried with backoff
  // (as Meta retries), holding the ones behind it.
  const queue: WebhookDelivery[] = [];
  let draining = false;
  let closed = false;
  const retryFirstMs = options.webhookRetryMs ?? 200;
  const retryMaxMs = options.webhookRetryMaxMs ?? 30_000;
  async function drain() {
    if (draining) return;
    draining = true;
    try {
      while (queue.length && !closed) {
        const delivery = queue[0]!;
        const url = state.webhookUrl;
        if (!url) {
          queue.shift();
          continue;
        }
        delivery.attempts++;
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-hub-signature-256': signWebhookBody(delivery.payload, options.appSecret),
            },
            body: delivery.payload,
            signal: AbortSignal.timeout(10_000),
          });
          delivery.lastStatus = response.status;
          await response.arrayBuffer().catch(() => undefined);
          if (response.ok) {
            delivery.delivered = true;
            queue.shift();
            continue;
          }
        } catch {
          delivery.lastStatus = 0;
        }
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(retryMaxMs, retryFirstMs * 2 ** Math.min(10, delivery.attempts - 1))),
        );
      }
    } finally {
      draining = false;
    }
  }
  const sendWebhook = (kind: WebhookDelivery['kind'], value: Record<string, unknown>) => {
    const payload = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'local-waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000000', phone_number_id: 'local' },
                ...value,
              },
            },
          ],
        },
      ],
    });
    const delivery: WebhookDelivery = { kind, payload, attempts: 0, lastStatus: 0, delivered: false };
    state.deliveries.push(delivery);
    queue.push(delivery);
    void drain();
  };
  const statusWebhook = (message: LocalMessage, status: string, errorCode?: number) => {
    message.statuses.push(status);
    const timestamp = String(Math.floor(Date.now() / 1000));
    sendWebhook('status', {
      statuses: [
        {
          id: message.id,
          status,
          timestamp,
          recipient_id: message.to,
          ...(message.bizOpaqueCallbackData ? { biz_opaque_callback_data: message.bizOpaqueCallbackData } : {}),
          ...(status !== 'failed'
            ? { pricing: { billable: true, pricing_model: 'PMP', category: message.type === 'text' ? 'service' : 'utility' } }
            : {}),
          ...(errorCode
            ? {
                errors: [
                  {
                    code: errorCode,
                    title: errorInfo(errorCode).title,
                    message: errorInfo(errorCode).title,
                    error_data: { details: errorInfo(errorCode).details },
                  },
                ],
              }
            : {}),
        },
      ],
    });
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: { message: String(error), type: 'OAuthException', code: 1 } });
    });
  });

  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const metaError = (response: http.ServerResponse, code: number, message?: string, httpStatus?: number) => {
    const info = errorInfo(code);
    json(response, httpStatus ?? info.http, {
      error: {
        message: `(#${code}) ${message ?? info.title}`,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details: info.details },
        fbtrace_id: fbtrace(),
      },
    });
  };

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://local');
    const path = url.pathname;
    if (path.startsWith('/__local')) return inspect(request, response, url);

    const match = /^\/(v\d+\.\d+)\/([^/]+)\/(messages|media)$/.exec(path);
    if (request.method !== 'POST' || !match) return metaError(response, 100, 'Unsupported request', 400);
    if (request.headers.authorization !== `Bearer ${options.token}`)
      return json(response, 401, {
        error: {
          message: 'Invalid OAuth access token - Cannot parse access token',
          type: 'OAuthException',
          code: 190,
          fbtrace_id: fbtrace(),
        },
      });
    const body = await readBody(request);
    if (match[3] === 'media') return media(request, response, body);
    return send(response, body);
  }

  function media(request: http.IncomingMessage, response: http.ServerResponse, body: Buffer) {
    const parts = parseMultipart(body, request.headers['content-type'] ?? '');
    const field = (name: string) => parts?.find((p) => p.name === name);
    const file = field('file');
    if (!parts || field('messaging_product')?.data.toString() !== 'whatsapp' || !file)
      return metaError(response, 100, 'The parameter messaging_product and file are required', 400);
    const id = String(BigInt(`0x${randomBytes(7).toString('hex')}`));
    state.media.set(id, {
      id,
      filename: file.filename,
      mimeType: field('type')?.data.toString() ?? file.type ?? 'application/octet-stream',
      bytes: Buffer.from(file.data),
    });
    return json(response, 200, { id });
  }

  async function send(response: http.ServerResponse, raw: Buffer) {
    let body: {
      messaging_product?: string;
      to?: string;
      type?: string;
      biz_opaque_callback_data?: string;
      text?: { body?: string };
      template?: {
        name?: string;
        language?: { code?: string };
        components?: {
          type?: string;
          parameters?: { type?: string; text?: string; document?: { id?: string; filename?: string } }[];
        }[];
      };
    };
    try {
      body = JSON.parse(raw.toString('utf8')) as typeof body;
    } catch {
      return metaError(response, 100, 'Invalid JSON', 400);
    }
    const to = String(body.to ?? '').replace(/^\+/, '');
    if (body.messaging_product !== 'whatsapp' || !/^\d{6,15}$/.test(to))
      return metaError(response, 100, 'Invalid parameter: messaging_product and to are required', 400);
    const templateName = body.template?.name ?? null;
    const refuse = (code: number, message?: string) => {
      state.refused.push({ to, template: templateName, code, bizOpaqueCallbackData: body.biz_opaque_callback_data ?? null });
      return metaError(response, code, message);
    };
    const injected = state.rejectNext.shift();
    if (injected) return refuse(injected.code, injected.message);
    const rule = state.rules.find((r) => to.endsWith(r.suffix));
    if (rule?.as === 'response') return refuse(rule.code);

    const message: LocalMessage = {
      id: newWamid(),
      to,
      type: body.type === 'text' ? 'text' : 'template',
      template: null,
      language: null,
      params: [],
      buttonParams: [],
      document: null,
      text: null,
      bizOpaqueCallbackData: body.biz_opaque_callback_data ?? null,
      acceptedAt: new Date().toISOString(),
      statuses: [],
    };
    let failAfter = rule?.as === 'status' ? rule.code : undefined;
    if (body.type === 'template') {
      const template = body.template;
      if (!templateName || !template?.language?.code)
        return refuse(100, 'Invalid parameter: template name and language are required');
      if (!state.templates.has(templateName)) return refuse(132001, `Template name does not exist in the translation`);
      const paused = state.paused.get(templateName);
      if (paused) return refuse(paused);
      message.template = templateName;
      message.language = template.language.code;
      for (const component of template.components ?? []) {
        for (const parameter of component.parameters ?? []) {
          if (component.type === 'header' && parameter.type === 'document') {
            const id = parameter.document?.id ?? '';
            if (!state.media.has(id)) return refuse(131053, 'Media upload error: unknown media id');
            message.document = { id, filename: parameter.document?.filename ?? null };
          } else if (component.type === 'body' && parameter.type === 'text') message.params.push(parameter.text ?? '');
          else if (component.type === 'button' && parameter.type === 'text') message.buttonParams.push(parameter.text ?? '');
        }
      }
    } else if (body.type === 'text') {
      if (!body.text?.body) return refuse(100, 'Invalid parameter: text.body is required');
      message.text = body.text.body;
      // Free-form text only inside the 24-hour window after the number last wrote.
      const last = state.lastInbound.get(to);
      if (failAfter === undefined && (last === undefined || Date.now() - last > 24 * 3_600_000)) failAfter = 131047;
    } else return refuse(131051);

    state.messages.push(message);
    const delay = state.delayNext.shift();
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    json(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: to }],
      messages: [{ id: message.id }],
    });
    if (failAfter !== undefined) statusWebhook(message, 'failed', failAfter);
    else {
      statusWebhook(message, 'sent');
      statusWebhook(message, 'delivered');
      if (state.readReceipts || state.readBy.has(to)) statusWebhook(message, 'read');
    }
  }

  async function inspect(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    const route = `${request.method} ${url.pathname}`;
    const input = async () => {
      const raw = await readBody(request, 1024 * 1024);
      return (raw.length ? JSON.parse(raw.toString('utf8')) : {}) as Record<string, unknown>;
    };
    if (route === 'GET /__local/health') return json(response, 200, { ok: true });
    if (route === 'GET /__local/messages') {
      const to = url.searchParams.get('to')?.replace(/^\+/, '');
      return json(response, 200, { messages: state.messages.filter((m) => !to || m.to === to), refused: state.refused });
    }
    const mediaMatch = /^GET \/__local\/media\/([^/]+)$/.exec(route);
    if (mediaMatch) {
      const file = state.media.get(decodeURIComponent(mediaMatch[1]!));
      if (!file) return json(response, 404, { error: 'no such media' });
      response.writeHead(200, {
        'content-type': file.mimeType,
        'content-disposition': `inline; filename="${(file.filename ?? 'file').replace(/[^\w.-]/g, '_')}"`,
      });
      return response.end(file.bytes);
    }
    if (route === 'GET /__local/webhooks')
      return json(response, 200, {
        deliveries: state.deliveries.map((d) => ({ ...d, payload: JSON.parse(d.payload) as unknown })),
        pending: queue.length,
      });
    if (route === 'POST /__local/reset') {
      state.messages = [];
      state.refused = [];
      state.media.clear();
      state.lastInbound.clear();
      state.deliveries = [];
      queue.length = 0;
      state.rejectNext = [];
      state.delayNext = [];
      state.rules = [...DEFAULT_RULES];
      state.templates = new Set(defaultTemplates());
      state.paused.clear();
      state.readBy.clear();
      state.readReceipts = options.readReceipts ?? false;
      return json(response, 200, { ok: true });
    }
    if (route === 'POST /__local/config') {
      const body = await input();
      if (typeof body.webhookUrl === 'string' || body.webhookUrl === null)
        state.webhookUrl = (body.webhookUrl as string | null) ?? undefined;
      if (Array.isArray(body.templates)) state.templates = new Set(body.templates as string[]);
      if (typeof body.readReceipts === 'boolean') state.readReceipts = body.readReceipts;
      if (Array.isArray(body.readBy)) state.readBy = new Set((body.readBy as string[]).map((n) => n.replace(/^\+/, '')));
      if (Array.isArray(body.rules)) state.rules = body.rules as RecipientRule[];
      void drain();
      return json(response, 200, {
        webhookUrl: state.webhookUrl ?? null,
        templates: [...state.templates],
        readReceipts: state.readReceipts,
        rules: state.rules,
      });
    }
    if (route === 'POST /__local/templates/pause') {
      const body = await input();
      const name = String(body.name ?? '');
      if (body.paused === false) state.paused.delete(name);
      else state.paused.set(name, typeof body.code === 'number' ? body.code : 132015);
      return json(response, 200, { paused: Object.fromEntries(state.paused) });
    }
    if (route === 'POST /__local/reject-next') {
      const body = await input();
      const code = typeof body.code === 'number' ? body.code : 130429;
      const count = typeof body.count === 'number' ? body.count : 1;
      for (let i = 0; i < count; i++)
        state.rejectNext.push({ code, message: typeof body.message === 'string' ? body.message : undefined });
      return json(response, 200, { rejectNext: state.rejectNext.length });
    }
    if (route === 'POST /__local/delay-next') {
      const body = await input();
      const delayMs = typeof body.delayMs === 'number' ? body.delayMs : 5_000;
      const count = typeof body.count === 'number' ? body.count : 1;
      for (let i = 0; i < count; i++) state.delayNext.push(delayMs);
      return json(response, 200, { delayNext: state.delayNext.length });
    }
    if (route === 'POST /__local/inbound') {
      const body = await input();
      const from = String(body.from ?? '').replace(/^\+/, '');
      if (!/^\d{6,15}$/.test(from)) return json(response, 400, { error: 'from must be a phone number' });
      const id = typeof body.id === 'string' ? body.id : newWamid();
      state.lastInbound.set(from, Date.now());
      const button = typeof body.button === 'string' ? body.button : undefined;
      sendWebhook('inbound', {
        contacts: [{ profile: { name: typeof body.name === 'string' ? body.name : 'Traveller' }, wa_id: from }],
        messages: [
          {
            from,
            id,
            timestamp: String(Math.floor(Date.now() / 1000)),
            ...(button
              ? { type: 'button', button: { text: button, payload: button } }
              : { type: 'text', text: { body: String(body.text ?? '') } }),
          },
        ],
      });
      return json(response, 200, { id });
    }
    if (route === 'POST /__local/statuses') {
      // Replays a status of an accepted message (a test of replayed or out-of-order webhooks).
      const body = await input();
      const message = state.messages.find((m) => m.id === body.id);
      if (!message) return json(response, 404, { error: 'no such message' });
      statusWebhook(message, String(body.status ?? 'read'), typeof body.code === 'number' ? body.code : undefined);
      return json(response, 200, { ok: true });
    }
    return json(response, 404, { error: 'unknown inspection route' });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    port,
    origin,
    /** WHATSAPP_API_URL for the app. */
    apiUrl: `${origin}/v21.0`,
    state,
    /** Resolves once every webhook queued so far was delivered. */
    async webhooksDelivered(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (queue.length || draining) {
        if (Date.now() > deadline) throw new Error(`webhooks still undelivered after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type LocalCloudApi = Awaited<ReturnType<typeof startLocalCloudApi>>;
