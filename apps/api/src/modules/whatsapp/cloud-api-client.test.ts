import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.js';
import {
  cloudApiConfigOf,
  CloudApiError,
  CloudApiUnreachable,
  createCloudApiClient,
  templateMessageBody,
} from './cloud-api-client.js';
import { failureKindOf } from './delivery-errors.js';

const config = cloudApiConfigOf(
  loadEnv({
    WHATSAPP_TOKEN: 'token-1',
    WHATSAPP_PHONE_NUMBER_ID: '123456789',
    WHATSAPP_APP_SECRET: 'secret',
    WHATSAPP_API_URL: 'http://graph.test/v21.0/',
    WHATSAPP_TEMPLATE_E_TICKET: 'agency_ticket_v2',
  }),
  { leaseMs: 900_000 },
)!;

/** A fetch that answers `answer` and keeps what it was asked. */
function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}
/** A port nothing listens on (it did a moment ago). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
const ok = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the Cloud API client', () => {
  it('takes the template names from the environment, kwenda_<key> by default, and times out within the lease', () => {
    expect(config.apiUrl).toBe('http://graph.test/v21.0');
    expect(config.templateNames.e_ticket).toBe('agency_ticket_v2');
    expect(config.templateNames.hold_confirmation).toBe('kwenda_hold_confirmation');
    expect(config.timeoutMs).toBeLessThan(900_000);
    expect(cloudApiConfigOf(loadEnv({}), { leaseMs: 1000 })).toBeNull();
  });

  it('sends a template with a document header and its body parameters, the row id as callback data', async () => {
    const { calls, fetchImpl } = fakeFetch(() =>
      ok({
        messaging_product: 'whatsapp',
        contacts: [{ input: '249912345678', wa_id: '249912345678' }],
        messages: [{ id: 'wamid.A' }],
      }),
    );
    const client = createCloudApiClient(config, fetchImpl);
    const sent = await client.sendTemplate({
      to: '+249912345678',
      template: 'e_ticket',
      language: 'ar',
      params: ['KW1', 'الخرطوم ← القاهرة', 'الأحد'],
      document: { id: 'media-1', filename: 'e-ticket.pdf' },
      callbackData: 'wa_row1',
    });
    expect(sent).toEqual({ wamid: 'wamid.A', waId: '249912345678' });
    expect(calls[0]!.url).toBe('http://graph.test/v21.0/123456789/messages');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '249912345678',
      type: 'template',
      template: {
        name: 'agency_ticket_v2',
        language: { code: 'ar' },
        components: [
          { type: 'header', parameters: [{ type: 'document', document: { id: 'media-1', filename: 'e-ticket.pdf' } }] },
          { type: 'body', parameters: ['KW1', 'الخرطوم ← القاهرة', 'الأحد'].map((text) => ({ type: 'text', text })) },
        ],
      },
      biz_opaque_callback_data: 'wa_row1',
    });
  });

  it('puts a sign-in code in the body and on the copy-code button (authentication template)', () => {
    const body = templateMessageBody(
      { to: '+249912345678', template: 'sign_in_code', language: 'en', params: ['482913'], callbackData: 'wa_x' },
      'kwenda_sign_in_code',
    );
    expect(body.template.components).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
    ]);
  });

  it('uploads a document as multipart media', async () => {
    const { calls, fetchImpl } = fakeFetch(() => ok({ id: '987' }));
    const client = createCloudApiClient(config, fetchImpl);
    expect(await client.uploadMedia({ filename: 'e.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF') })).toEqual(
      { id: '987' },
    );
    expect(calls[0]!.url).toBe('http://graph.test/v21.0/123456789/media');
    const form = calls[0]!.init.body as FormData;
    expect(form.get('messaging_product')).toBe('whatsapp');
    expect(form.get('type')).toBe('application/pdf');
    expect((form.get('file') as File).name).toBe('e.pdf');
  });

  it("reads Meta's error answer into a typed error with its code", async () => {
    const { fetchImpl } = fakeFetch(
      () =>
        new Response(
          JSON.stringify({
            error: {
              message: '(#132001) Template name does not exist in the translation',
              type: 'OAuthException',
              code: 132001,
              error_subcode: 2494073,
              error_data: { messaging_product: 'whatsapp', details: 'template name (kwenda_x) does not exist in ar' },
              fbtrace_id: 'AbC',
            },
          }),
          { status: 404 },
        ),
    );
    const error = await createCloudApiClient(config, fetchImpl)
      .sendTemplate({ to: '+249912345678', template: 'hold_reminder', language: 'ar', params: [], callbackData: 'wa_y' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CloudApiError);
    expect(error).toMatchObject({ code: 132001, httpStatus: 404, details: { subcode: 2494073, fbtraceId: 'AbC' } });
    expect(failureKindOf(error)).toBe('permanent');
    expect(failureKindOf(new CloudApiError('rate', 130429, 400))).toBe('rate-limited');
    expect(failureKindOf(new CloudApiError('oops', 131000, 500))).toBe('transient');
    expect(failureKindOf(new CloudApiError('proxy', null, 502))).toBe('transient');
  });

  it('tells a send that may have arrived (a timeout) from one that cannot have (connection refused)', async () => {
    const slow = createCloudApiClient(
      { ...config, timeoutMs: 50 },
      (async (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
        )) as unknown as typeof fetch,
    );
    const timedOut = await slow.sendText({ to: '+249912345678', text: 'hi', callbackData: 'wa_z' }).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(CloudApiUnreachable);
    expect(failureKindOf(timedOut)).toBe('in-doubt');
    const refused = await createCloudApiClient({ ...config, apiUrl: `http://127.0.0.1:${await closedPort()}/v21.0` })
      .sendText({ to: '+249912345678', text: 'hi', callbackData: 'wa_z' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ mayHaveArrived: false });
    expect(failureKindOf(refused)).toBe('transient');
  });
});
