import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WhatsAppOutgoing } from '../src/modules/whatsapp/messenger-port.js';
import { createMessengerService } from '../src/modules/whatsapp/messenger-service.js';
import { startLocalCloudApi, type LocalCloudApi } from '../src/modules/whatsapp/local-cloud-api/local-cloud-api.js';
import { signWebhookBody } from '../src/modules/whatsapp/webhook-signature.js';
import { startSmtp } from './helpers/smtp-server.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';
import { testEnv } from './helpers/test-env.js';
import { until } from './helpers/until.js';

/**
 * WhatsApp through the Cloud API, against the local Cloud API server in the repository (its documented
 * shapes, error answers and signed webhooks), with the e-mail fallback sent to a real SMTP server.
 */

const TOKEN = 'test-token-123';
const APP_SECRET = 'test-app-secret-456';
const VERIFY = 'test-verify-789';
const PDF = Buffer.from('%PDF-1.4\n% a tiny e-ticket\n%%EOF\n');

interface WaRow {
  id: string;
  status: string;
  wamid: string | null;
  error_code: number | null;
  attempts: number;
  fallback_mail_id: string | null;
  transport: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
}
interface MailRowLite {
  id: string;
  status: string;
  held_for: string | null;
  to_address: string;
}

describe.each(backends)('the WhatsApp channel on %s', (backend) => {
  let ctx: TestContext;
  let local: LocalCloudApi;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let webhookUrl: string;
  let counter = 0;
  /** A fresh Sudanese number each time (suffix chosen by the caller to play a rule). */
  const number = (suffix = '') => {
    counter++;
    const base = `+2499${String(1000000 + counter * 7919).slice(-7)}`;
    return suffix ? base.slice(0, base.length - suffix.length) + suffix : base;
  };

  const messenger = () => ctx.app.kwenda.messenger;
  const rowOf = async (id: string) =>
    (await ctx.database.sql.query<WaRow>('SELECT * FROM whatsapp_messages WHERE id = $1', [id]))[0]!;
  const mailOf = async (heldFor: string) =>
    (await ctx.database.sql.query<MailRowLite>('SELECT * FROM mail_outbox WHERE held_for = $1', [heldFor]))[0];
  const enqueue = (message: Partial<WhatsAppOutgoing> & { to: string }) =>
    ctx.database.db.transaction((tx) =>
      messenger().enqueue(tx, {
        template: 'hold_confirmation',
        language: 'en',
        params: ['KW7Q2M4X', 'Khartoum → Cairo', 'Sunday 13 December 2026', '1,250,000 SDG', 'Bank of Khartoum 1234567', '18:30'],
        purpose: 'booking',
        ...message,
      }),
    );
  const queueId = async (message: Partial<WhatsAppOutgoing> & { to: string }) => {
    const result = await enqueue(message);
    if (result.channel !== 'whatsapp') throw new Error(`not queued on WhatsApp: ${result.channel}`);
    return result.id;
  };
  const fallback = (to: string, subject = 'Your seats are held') => ({
    to,
    subject,
    text: `${subject}.`,
    html: `<p>${subject}.</p>`,
  });
  const sentTo = (phone: string) => local.state.messages.filter((m) => m.to === phone.slice(1));
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text === address);
  const postWebhook = (body: string, signature: string | undefined) =>
    fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature !== undefined ? { 'x-hub-signature-256': signature } : {}) },
      body,
    });

  beforeAll(async () => {
    smtp = await startSmtp();
    local = await startLocalCloudApi({ token: TOKEN, appSecret: APP_SECRET, webhookRetryMs: 50 });
    ctx = await createTestApp(backend, {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        WHATSAPP_TOKEN: TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: VERIFY,
        WHATSAPP_API_URL: local.apiUrl,
      },
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    webhookUrl = `http://127.0.0.1:${port}/api/v1/whatsapp/webhook`;
    local.state.webhookUrl = webhookUrl;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await local?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    // What an earlier test left due is sent before this one starts counting.
    await messenger().deliverDue();
    await local.webhooksDelivered();
    await fetch(`${local.origin}/__local/reset`, { method: 'POST' });
    local.state.webhookUrl = webhookUrl;
  });

  it('sends a template with its parameters and the row id as callback data; the held e-mail is never sent', async () => {
    const to = number();
    const result = await enqueue({ to, dedupeKey: `hold:${to}`, fallbackEmail: fallback(`hold-${backend}@example.com`) });
    expect(result.channel).toBe('whatsapp');
    const id = result.id!;
    expect(id).toMatch(/^wa_/);
    expect((await mailOf(id))?.status).toBe('held');
    // The same event again queues nothing: the same row, one held e-mail.
    expect(await enqueue({ to, dedupeKey: `hold:${to}`, fallbackEmail: fallback(`hold-${backend}@example.com`) })).toEqual(
      result,
    );
    expect(await ctx.database.sql.query('SELECT id FROM mail_outbox WHERE held_for = $1', [id])).toHaveLength(1);

    expect(await messenger().deliverDue()).toMatchObject({ sent: 1 });
    const [message] = sentTo(to);
    expect(message).toMatchObject({
      type: 'template',
      template: 'kwenda_hold_confirmation',
      language: 'en',
      params: ['KW7Q2M4X', 'Khartoum → Cairo', 'Sunday 13 December 2026', '1,250,000 SDG', 'Bank of Khartoum 1234567', '18:30'],
      bizOpaqueCallbackData: id,
      document: null,
    });
    const row = await rowOf(id);
    expect(row).toMatchObject({ wamid: message!.id, transport: 'cloud-api' });
    // Sent, or already delivered: its webhooks may arrive before this line.
    expect(['sent', 'delivered']).toContain(row.status);
    expect((await mailOf(id))?.status).toBe('skipped');
    // The statuses come back by webhook: delivered (and read when the traveller opens it).
    await local.webhooksDelivered();
    expect((await rowOf(id)).status).toBe('delivered');
    await fetch(`${local.origin}/__local/statuses`, {
      method: 'POST',
      body: JSON.stringify({ id: message!.id, status: 'read' }),
    });
    await local.webhooksDelivered();
    expect((await rowOf(id)).status).toBe('read');
    await ctx.app.kwenda.mail.deliverDue();
    expect(mailsTo(`hold-${backend}@example.com`)).toHaveLength(0);
  });

  it('uploads the e-ticket as media and sends it as the document header', async () => {
    const to = number();
    const id = await queueId({
      to,
      template: 'e_ticket',
      language: 'ar',
      params: ['KW7Q2M4X', 'الخرطوم ← القاهرة', 'الأحد، 13 ديسمبر 2026'],
      document: { filename: 'e-ticket-KW7Q2M4X.pdf', contentType: 'application/pdf', content: PDF },
    });
    await messenger().deliverDue();
    const [message] = sentTo(to);
    expect(message).toMatchObject({ template: 'kwenda_e_ticket', language: 'ar', bizOpaqueCallbackData: id });
    expect(message!.document?.filename).toBe('e-ticket-KW7Q2M4X.pdf');
    const media = await fetch(`${local.origin}/__local/media/${message!.document!.id}`);
    expect(media.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await media.arrayBuffer())).toEqual(PDF);
  });

  it('sends a sign-in code as an authentication template: the code in the body and on the copy-code button', async () => {
    const to = number();
    await enqueue({
      to,
      template: 'sign_in_code',
      params: ['482913'],
      purpose: 'auth',
      expiresAt: new Date(Date.now() + 600_000),
    });
    await messenger().deliverDue();
    expect(sentTo(to)[0]).toMatchObject({ template: 'kwenda_sign_in_code', params: ['482913'], buttonParams: ['482913'] });
  });

  it('a number not on WhatsApp (131026, a failed status after acceptance) gets the e-mail instead, once', async () => {
    const to = number('0000');
    const email = `undeliverable-${backend}@example.com`;
    const id = await queueId({ to, fallbackEmail: fallback(email, 'Held: undeliverable') });
    await messenger().deliverDue();
    // Accepted: the failure comes by webhook, perhaps before the answer is even recorded.
    expect(['sent', 'failed']).toContain((await rowOf(id)).status);
    expect(sentTo(to)).toHaveLength(1);
    await local.webhooksDelivered();
    expect(await rowOf(id)).toMatchObject({ status: 'failed', error_code: 131026 });
    expect((await mailOf(id))?.status).toBe('pending');
    await ctx.app.kwenda.mail.deliverDue();
    await until('the fallback e-mail', () => (mailsTo(email).length ? true : undefined), 10_000);
    // The failure replayed releases nothing more.
    const failed = local.state.deliveries.find((d) => d.payload.includes('"failed"'))!;
    expect((await postWebhook(failed.payload, signWebhookBody(failed.payload, APP_SECRET))).status).toBe(200);
    await ctx.app.kwenda.mail.deliverDue();
    expect(mailsTo(email)).toHaveLength(1);
    expect((await mailOf(id))?.status).toBe('sent');
  });

  it('outside the 24-hour window (131047) the message fails and the e-mail goes', async () => {
    const to = number('0047');
    const id = await queueId({ to, fallbackEmail: fallback(`window-${backend}@example.com`) });
    await messenger().deliverDue();
    await local.webhooksDelivered();
    expect(await rowOf(id)).toMatchObject({ status: 'failed', error_code: 131047 });
    expect((await mailOf(id))?.status).toBe('pending');
  });

  it('a rate-limited send (130429) is tried again after a short wait and then sent', async () => {
    const to = number();
    const id = await queueId({ to, fallbackEmail: fallback(`rate-${backend}@example.com`) });
    await fetch(`${local.origin}/__local/reject-next`, { method: 'POST', body: JSON.stringify({ code: 130429, count: 2 }) });
    const start = Date.now();
    await messenger().deliverDue(new Date(start));
    expect(await rowOf(id)).toMatchObject({ status: 'pending', error_code: 130429, attempts: 1 });
    // Not before its backoff.
    expect(await messenger().deliverDue(new Date(start + 10_000))).toMatchObject({ sent: 0 });
    await messenger().deliverDue(new Date(start + 31_000));
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 2 });
    await messenger().deliverDue(new Date(start + 31_000 + 61_000));
    expect(await rowOf(id)).toMatchObject({ wamid: sentTo(to)[0]!.id, attempts: 3 });
    expect(sentTo(to)).toHaveLength(1);
    expect((await mailOf(id))?.status).toBe('skipped');
  });

  it('rate limited three times, it falls back to e-mail', async () => {
    const to = number();
    const id = await queueId({ to, fallbackEmail: fallback(`rate-out-${backend}@example.com`) });
    await fetch(`${local.origin}/__local/reject-next`, { method: 'POST', body: JSON.stringify({ code: 130429, count: 5 }) });
    const start = Date.now();
    for (const at of [0, 31_000, 92_000, 213_000]) await messenger().deliverDue(new Date(start + at));
    expect(await rowOf(id)).toMatchObject({ status: 'failed', error_code: 130429, attempts: 3 });
    expect((await mailOf(id))?.status).toBe('pending');
    expect(sentTo(to)).toHaveLength(0);
  });

  it('a template Meta does not know (132001) or has paused (132015) fails at once and the e-mail goes', async () => {
    await fetch(`${local.origin}/__local/config`, {
      method: 'POST',
      body: JSON.stringify({ templates: ['kwenda_e_ticket', 'kwenda_sign_in_code'] }),
    });
    const missing = await enqueue({ to: number(), fallbackEmail: fallback(`missing-${backend}@example.com`) });
    await messenger().deliverDue();
    expect(await rowOf(missing.id!)).toMatchObject({ status: 'failed', error_code: 132001, attempts: 1 });
    expect((await mailOf(missing.id!))?.status).toBe('pending');

    await fetch(`${local.origin}/__local/templates/pause`, { method: 'POST', body: JSON.stringify({ name: 'kwenda_e_ticket' }) });
    const paused = await enqueue({ to: number(), template: 'e_ticket', params: ['KW1', 'A → B', 'today'] });
    await messenger().deliverDue();
    expect(await rowOf(paused.id!)).toMatchObject({ status: 'failed', error_code: 132015 });
  });

  it("Meta's errors of its own (131000) are tried again with backoff", async () => {
    const id = await queueId({ to: number() });
    await fetch(`${local.origin}/__local/reject-next`, { method: 'POST', body: JSON.stringify({ code: 131000 }) });
    const start = Date.now();
    await messenger().deliverDue(new Date(start));
    expect(await rowOf(id!)).toMatchObject({ status: 'pending', error_code: 131000 });
    await messenger().deliverDue(new Date(start + 61_000));
    expect((await rowOf(id!)).wamid).toBe(local.state.messages[0]!.id);
  });

  it('after six tries through errors of its own (about half an hour) the e-mail goes instead', async () => {
    const to = number();
    const id = await queueId({ to, fallbackEmail: fallback(`transient-${backend}@example.com`) });
    await fetch(`${local.origin}/__local/reject-next`, { method: 'POST', body: JSON.stringify({ code: 131000, count: 6 }) });
    const start = Date.now();
    let at = 0;
    for (let attempt = 1; attempt <= 6; attempt++) {
      await messenger().deliverDue(new Date(start + at));
      at += 60_000 * 2 ** (attempt - 1) + 1000;
    }
    expect(await rowOf(id)).toMatchObject({ status: 'failed', error_code: 131000, attempts: 6 });
    expect((await mailOf(id))?.status).toBe('pending');
    expect(sentTo(to)).toHaveLength(0);
  });

  it('skips a code that expired and an update to a number that opted out after it was queued (its e-mail goes)', async () => {
    const expired = await enqueue({
      to: number(),
      template: 'sign_in_code',
      params: ['111111'],
      purpose: 'auth',
      expiresAt: new Date(Date.now() - 1000),
    });
    const to = number();
    const update = await enqueue({ to, fallbackEmail: fallback(`later-out-${backend}@example.com`) });
    await ctx.database.sql.query('INSERT INTO whatsapp_opt_outs (phone, opted_out_at) VALUES ($1, now())', [to]);
    await messenger().deliverDue();
    expect((await rowOf(expired.id!)).status).toBe('skipped');
    expect((await rowOf(update.id!)).status).toBe('skipped');
    expect((await mailOf(update.id!))?.status).toBe('pending');
    expect(local.state.messages).toHaveLength(0);
  });

  describe('a send in doubt (accepted, but the answer never came)', () => {
    const shortLease = () =>
      createMessengerService({ database: ctx.database, env: envFor(local.apiUrl, { WHATSAPP_LEASE_SECONDS: '2' }) });

    it('is not sent again: its status webhook, naming the row, records it within the grace period', async () => {
      const short = shortLease();
      const to = number();
      const id = await queueId({ to, fallbackEmail: fallback(`doubt-${backend}@example.com`) });
      await fetch(`${local.origin}/__local/delay-next`, { method: 'POST', body: JSON.stringify({ delayMs: 1500 }) });
      const t0 = Date.now();
      await short.deliverDue(new Date(t0));
      expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, wamid: null });
      await short.deliverDue(new Date(t0 + 1000));
      await until('the status webhook', async () => ((await rowOf(id)).status === 'delivered' ? true : undefined), 10_000);
      await short.deliverDue(new Date(t0 + 10_000));
      await messenger().deliverDue(new Date(t0 + 3_600_000));
      expect(sentTo(to)).toHaveLength(1);
      expect(await rowOf(id)).toMatchObject({ status: 'delivered', wamid: sentTo(to)[0]!.id });
      expect((await mailOf(id))?.status).toBe('skipped');
    });

    it('is sent again only once the grace period passed without a webhook', async () => {
      const short = shortLease();
      const to = number();
      const id = await queueId({ to });
      local.state.webhookUrl = undefined;
      await fetch(`${local.origin}/__local/delay-next`, { method: 'POST', body: JSON.stringify({ delayMs: 1500 }) });
      const t0 = Date.now();
      await short.deliverDue(new Date(t0));
      await new Promise((resolve) => setTimeout(resolve, 1600));
      await short.deliverDue(new Date(t0 + 1900));
      expect(sentTo(to)).toHaveLength(1);
      await short.deliverDue(new Date(t0 + 2100));
      expect(sentTo(to)).toHaveLength(2);
      expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, wamid: sentTo(to)[1]!.id });
    });
  });

  describe('webhooks', () => {
    it('answers the verification handshake only with the verify token', async () => {
      const ok = await fetch(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await ok.text()).toBe('1158201444');
      const wrong = await fetch(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1158201444`);
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect((await fetch(`${webhookUrl}?hub.mode=unsubscribe&hub.verify_token=${VERIFY}&hub.challenge=1`)).status).toBe(403);
    });

    it('changes nothing for a missing or wrong signature, a replayed status or a body not of Meta', async () => {
      const to = number();
      const id = await queueId({ to });
      await messenger().deliverDue();
      await local.webhooksDelivered();
      const row = await rowOf(id!);
      expect(row.status).toBe('delivered');
      const statusBody = (status: string) =>
        JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: 'w',
              changes: [
                {
                  field: 'messages',
                  value: { statuses: [{ id: row.wamid, status, timestamp: '1800000000', biz_opaque_callback_data: id }] },
                },
              ],
            },
          ],
        });
      const read = statusBody('read');
      const missing = await postWebhook(read, undefined);
      expect(missing.status).toBe(401);
      expect(await missing.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
      expect((await postWebhook(read, signWebhookBody(read, 'another-secret'))).status).toBe(401);
      expect((await postWebhook(read, 'sha256=zz')).status).toBe(401);
      expect((await rowOf(id!)).status).toBe('delivered');

      expect((await postWebhook(read, signWebhookBody(read, APP_SECRET))).status).toBe(200);
      const afterRead = await rowOf(id!);
      expect(afterRead.status).toBe('read');
      // A replay, and a 'sent' arriving after 'read', change nothing.
      for (const body of [read, statusBody('sent'), statusBody('delivered'), statusBody('failed')])
        expect((await postWebhook(body, signWebhookBody(body, APP_SECRET))).status).toBe(200);
      expect(await rowOf(id!)).toEqual(afterRead);

      const notMeta = JSON.stringify({
        object: 'page',
        entry: [{ changes: [{ value: { statuses: [{ id: row.wamid, status: 'failed' }] } }] }],
      });
      const refused = await postWebhook(notMeta, signWebhookBody(notMeta, APP_SECRET));
      expect(refused.status).toBe(400);
      const error = (await refused.json()) as { code: string; fields: { path: string }[] };
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.fields.map((f) => f.path)).toContain('object');
      const badStatus = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ changes: [{ value: { statuses: [{ id: row.wamid, status: 'failed' }] } }] }],
      });
      const refusedStatus = await postWebhook(badStatus, signWebhookBody(badStatus, APP_SECRET));
      expect(refusedStatus.status).toBe(400);
      expect(((await refusedStatus.json()) as { fields: { path: string }[] }).fields[0]!.path).toBe(
        'entry.0.changes.0.value.statuses.0.timestamp',
      );
      const notJson = 'not json';
      expect((await postWebhook(notJson, signWebhookBody(notJson, APP_SECRET))).status).toBe(400);
      expect(await rowOf(id!)).toEqual(afterRead);
    });

    it('STOP and «إيقاف» opt out and are answered once; updates then go by e-mail; START opts back in', async () => {
      const english = number();
      const arabic = number();
      const inbound = (from: string, text: string) =>
        fetch(`${local.origin}/__local/inbound`, { method: 'POST', body: JSON.stringify({ from, text }) });
      await inbound(english, '  Stop ');
      await inbound(arabic, 'ايقاف');
      await local.webhooksDelivered();
      expect(await messenger().isOptedOut(ctx.database.db, english)).toBe(true);
      expect(await messenger().isOptedOut(ctx.database.db, arabic)).toBe(true);
      await messenger().deliverDue();
      await local.webhooksDelivered();
      expect(sentTo(english)).toMatchObject([
        { type: 'text', text: 'You will not receive more updates from Kwenda on WhatsApp. Reply START to receive them again.' },
      ]);
      expect(sentTo(arabic)).toHaveLength(1);
      expect(sentTo(arabic)[0]!.text).toMatch(/لن تصلك رسائل أخرى من كوندا على واتساب/);
      // Replied inside the window: delivered, not refused as a re-engagement.
      expect(sentTo(arabic)[0]!.statuses).toEqual(['sent', 'delivered']);

      // A second STOP («إيقاف» this time, with its hamza): no second reply.
      await inbound(english, 'STOP');
      await inbound(arabic, 'إيقاف');
      await local.webhooksDelivered();
      await messenger().deliverDue();
      expect(sentTo(english)).toHaveLength(1);
      expect(sentTo(arabic)).toHaveLength(1);
      // The text of inbound messages is never kept: only what it meant.
      const kept = await ctx.database.sql.query<{ intent: string }>('SELECT intent FROM whatsapp_inbound WHERE from_phone = $1', [
        arabic,
      ]);
      expect(kept.map((r) => r.intent)).toEqual(['stop', 'stop']);

      const email = `opted-out-${backend}@example.com`;
      const update = await enqueue({ to: english, fallbackEmail: fallback(email, 'Receipt approved') });
      expect(update).toEqual({ channel: 'email', id: null, optedOut: true });
      expect(await enqueue({ to: english })).toEqual({ channel: 'none', id: null, optedOut: true });
      // A code the traveller asked for still goes.
      expect((await enqueue({ to: english, template: 'sign_in_code', params: ['123456'], purpose: 'auth' })).channel).toBe(
        'whatsapp',
      );
      await ctx.app.kwenda.mail.deliverDue();
      await until('the e-mail instead', () => (mailsTo(email).length ? true : undefined), 10_000);

      await inbound(english, 'start');
      await inbound(arabic, 'ابدأ');
      await local.webhooksDelivered();
      expect(await messenger().isOptedOut(ctx.database.db, english)).toBe(false);
      expect(await messenger().isOptedOut(ctx.database.db, arabic)).toBe(false);
      expect((await enqueue({ to: english })).channel).toBe('whatsapp');
    });

    it('a replayed inbound STOP is handled once', async () => {
      const from = number();
      const id = 'wamid.replayed-stop';
      await fetch(`${local.origin}/__local/inbound`, { method: 'POST', body: JSON.stringify({ from, text: 'STOP', id }) });
      await local.webhooksDelivered();
      await ctx.database.sql.query('DELETE FROM whatsapp_opt_outs WHERE phone = $1', [from]);
      const replay = local.state.deliveries.at(-1)!.payload;
      expect((await postWebhook(replay, signWebhookBody(replay, APP_SECRET))).status).toBe(200);
      expect(await messenger().isOptedOut(ctx.database.db, from)).toBe(false);
    });
  });

  it('a kick delivers at once in a process that runs the jobs (a sign-in code does not wait for the sweep)', async () => {
    const running = createMessengerService({ database: ctx.database, env: envFor(local.apiUrl, { RUN_JOBS: 'true' }) });
    const to = number();
    await ctx.database.db.transaction((tx) =>
      running.enqueue(tx, { to, template: 'sign_in_code', language: 'ar', params: ['730142'], purpose: 'auth' }),
    );
    running.kick();
    await until('the code to be sent', () => (sentTo(to).length ? true : undefined), 10_000);
    await running.close();
    // A process that does not run the jobs leaves it to the sweep.
    const other = number();
    await enqueue({ to: other, template: 'sign_in_code', params: ['111222'], purpose: 'auth' });
    messenger().kick();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentTo(other)).toHaveLength(0);
  });

  it('two processes delivering one queue send each message once', async () => {
    const other = createMessengerService({ database: ctx.database, env: envFor(local.apiUrl) });
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await enqueue({ to: number(), dedupeKey: `two-${backend}-${i}` })).id!);
    await Promise.all([messenger().deliverDue(), other.deliverDue(), messenger().deliverDue(), other.deliverDue()]);
    const callbackIds = local.state.messages.map((m) => m.bizOpaqueCallbackData);
    expect(new Set(callbackIds).size).toBe(callbackIds.length);
    expect([...callbackIds].sort()).toEqual([...ids].sort());
  });

  it('measures sends per second through the local server (200 messages)', async () => {
    for (let i = 0; i < 200; i++) await enqueue({ to: number(), dedupeKey: `bench-${backend}-${i}` });
    const started = performance.now();
    const { sent } = await messenger().deliverDue();
    const seconds = (performance.now() - started) / 1000;
    expect(sent).toBe(200);
    console.info(`whatsapp throughput on ${backend}: ${(200 / seconds).toFixed(0)} sends/s (200 in ${seconds.toFixed(2)} s)`);
  }, 120_000);
});

const envFor = (apiUrl: string, more: Record<string, string> = {}) =>
  testEnv({
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_API_URL: apiUrl,
    ...more,
  });

describe('without the WhatsApp settings', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(async () => ctx?.close());

  it('keeps each message in the dev outbox, readable beside the e-mails with its document', async () => {
    expect(ctx.app.kwenda.messenger.transport).toBe('dev-outbox');
    const result = await ctx.database.db.transaction((tx) =>
      ctx.app.kwenda.messenger.enqueue(tx, {
        to: '+249912345678',
        template: 'e_ticket',
        language: 'en',
        params: ['KW7Q2M4X', 'Khartoum → Cairo', 'Sunday 13 December 2026'],
        document: { filename: 'e-ticket-KW7Q2M4X.pdf', contentType: 'application/pdf', content: PDF },
        purpose: 'booking',
        fallbackEmail: { to: 'dev@example.com', subject: 'Your e-ticket', text: 'e-ticket', html: '<p>e-ticket</p>' },
      }),
    );
    await ctx.app.kwenda.messenger.deliverDue();
    const [row] = await ctx.database.sql.query<WaRow>('SELECT * FROM whatsapp_messages WHERE id = $1', [result.id]);
    expect(row).toMatchObject({ status: 'sent', transport: 'dev-outbox', wamid: null });
    const page = await ctx.app.inject({ url: '/dev/outbox' });
    expect(page.body).toContain('WhatsApp');
    expect(page.body).toContain(`/dev/outbox/whatsapp/${result.id}`);
    expect(page.body).toContain('e_ticket');
    const detail = await ctx.app.inject({ url: `/dev/outbox/whatsapp/${result.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('kwenda_e_ticket');
    expect(detail.body).toContain('Khartoum → Cairo');
    const document = await ctx.app.inject({ url: `/dev/outbox/whatsapp/${result.id}/document` });
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.rawPayload).toEqual(PDF);
  });

  it('refuses webhooks it cannot check', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody('{}', 'x') },
      payload: '{}',
    });
    expect(response.statusCode).toBe(401);
  });
});
