import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, backends, type TestDatabase } from '../../../test/helpers/test-database.js';
import { registerErrorHandler } from '../../plugins/error-handler.js';
import { devOutboxRoutes } from './dev-outbox-routes.js';
import { composeETicketEmail } from '../tickets/eticket-email.js';
import { renderETicket } from '../tickets/eticket-pdf.js';
import { sampleBooking, sampleMailContext } from '../tickets/test-support.js';
import { createMailService, GIVE_UP_AFTER_MS, retryDelayMs, type MailTransport } from './mail-service.js';
import { messageIdDomainOf, smtpTransport } from './mail-transport.js';
import { startSmtp } from '../../../test/helpers/smtp-server.js';

/** A port nothing listens on (an SMTP outage). */
async function freePort() {
  const probe = await startSmtp();
  await probe.close();
  return probe.port;
}

const message = (overrides: Record<string, unknown> = {}) => ({
  to: 'amna@example.com',
  subject: 'تذكرتك الإلكترونية KW7F3K9Q — Your e-ticket KW7F3K9Q',
  text: 'رقم الحجز KW7F3K9Q',
  html: '<p dir="rtl">رقم الحجز <b>KW7F3K9Q</b></p>',
  attachments: [{ filename: 'ticket.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 test') }],
  ...overrides,
});

describe.each(backends)('mail outbox on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => database?.destroy());

  it('delivers the e-ticket e-mail to a real SMTP server with its Arabic subject and PDF, once per dedupe key', async () => {
    const smtp = await startSmtp();
    const mail = createMailService({
      database,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Kwenda <tickets@kwenda.sd>' },
    });
    expect(mail.transport).toBe('smtp');
    const booking = sampleBooking();
    const context = sampleMailContext();
    const pdf = await renderETicket(booking, context);
    const composed = composeETicketEmail(booking, context);
    const eTicket = {
      to: 'amna@example.com',
      ...composed,
      attachments: [{ filename: 'kwenda-e-ticket-KW7F3K9Q.pdf', contentType: 'application/pdf', content: pdf }],
      dedupeKey: 'e-ticket:one',
    };
    await database.db.transaction((tx) => mail.enqueue(tx, eTicket));
    // The same booking ticketed twice (a webhook retry): the second copy is dropped.
    await database.db.transaction((tx) => mail.enqueue(tx, { ...eTicket, subject: 'second copy' }));
    const [count] = await database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM mail_outbox WHERE dedupe_key = 'e-ticket:one'",
    );
    expect(count!.n).toBe(1);

    expect(await mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(await mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
    await smtp.close();
    expect(smtp.received).toHaveLength(1);
    const [got] = smtp.received;
    expect(got!.subject).toBe('تذكرتك الإلكترونية KW7F3K9Q — Your e-ticket KW7F3K9Q');
    expect(got!.from?.text).toContain('tickets@kwenda.sd');
    expect(got!.html).toContain('dir="rtl"');
    expect(got!.text).toContain('X7K2PQ');
    expect(got!.attachments).toHaveLength(1);
    expect(got!.attachments[0]!.filename).toBe('kwenda-e-ticket-KW7F3K9Q.pdf');
    expect(got!.attachments[0]!.contentType).toBe('application/pdf');
    expect(got!.attachments[0]!.content.equals(pdf)).toBe(true);
    const [row] = await database.sql.query<{ status: string; transport: string; attempts: number; sent_at: Date | null }>(
      "SELECT status, transport, attempts, sent_at FROM mail_outbox WHERE dedupe_key = 'e-ticket:one'",
    );
    expect(row).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1 });
    expect(row!.sent_at).not.toBeNull();
  });

  it('keeps mail through an SMTP outage, backing off 1, 2, 4 minutes, and delivers it when the server is back', async () => {
    const port = await freePort();
    const warnings: object[] = [];
    const logger = { warn: (obj: object) => warnings.push(obj), error: () => undefined };
    const mail = createMailService({
      database,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Kwenda <tickets@kwenda.sd>' },
      logger,
    });
    await database.db.transaction((tx) => mail.enqueue(tx, message({ to: 'outage@example.com', dedupeKey: 'outage' })));
    const row = async () =>
      (
        await database.sql.query<{ status: string; attempts: number; next_attempt_at: Date; last_error: string }>(
          "SELECT status, attempts, next_attempt_at, last_error FROM mail_outbox WHERE dedupe_key = 'outage'",
        )
      )[0]!;
    const now = new Date();
    expect(await mail.deliverDue(now)).toEqual({ sent: 0, failed: 1 });
    let state = await row();
    expect(state.status).toBe('pending');
    expect(state.attempts).toBe(1);
    expect(state.last_error).toMatch(/ECONNREFUSED/);
    expect(new Date(state.next_attempt_at).getTime()).toBe(now.getTime() + 60_000);
    expect(warnings).toHaveLength(1);
    // Not due yet: nothing is tried.
    expect(await mail.deliverDue(new Date(now.getTime() + 59_000))).toEqual({ sent: 0, failed: 0 });
    const second = new Date(now.getTime() + 60_000);
    expect(await mail.deliverDue(second)).toEqual({ sent: 0, failed: 1 });
    state = await row();
    expect(state.attempts).toBe(2);
    expect(new Date(state.next_attempt_at).getTime()).toBe(second.getTime() + 2 * 60_000);

    const smtp = await startSmtp(port);
    expect(await mail.deliverDue(new Date(second.getTime() + 2 * 60_000))).toEqual({ sent: 1, failed: 0 });
    await smtp.close();
    expect(smtp.received.map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).toEqual(['outage@example.com']);
    state = await row();
    expect(state).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('names each message by its outbox row: sent again after an acceptance it never heard of, it is the same message', async () => {
    const smtp = await startSmtp();
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Kwenda <tickets@kwenda.sd>',
      PUBLIC_URL: 'https://kwenda.example:8443/',
    };
    // The server accepts the message, then the connection drops before its answer reaches us.
    const smtpOnly = smtpTransport(env.SMTP_URL, env.MAIL_FROM, 'kwenda.example');
    let drops = 1;
    const transport: MailTransport = {
      name: 'smtp',
      async send(outgoing) {
        await smtpOnly.send(outgoing);
        if (drops-- > 0) throw new Error('Connection closed after DATA (test)');
      },
    };
    const mail = createMailService({ database, env, transport });
    await database.db.transaction((tx) => mail.enqueue(tx, message({ to: 'twice@example.com', dedupeKey: 'message-id' })));
    const now = new Date();
    expect(await mail.deliverDue(now)).toEqual({ sent: 0, failed: 1 });
    expect(await mail.deliverDue(new Date(now.getTime() + 60_000))).toEqual({ sent: 1, failed: 0 });
    await smtp.close();
    const [row] = await database.sql.query<{ id: string }>("SELECT id FROM mail_outbox WHERE dedupe_key = 'message-id'");
    const copies = smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text === 'twice@example.com');
    expect(copies.map((m) => m.messageId)).toEqual([`<${row!.id}@kwenda.example>`, `<${row!.id}@kwenda.example>`]);
    // The service's own transport names messages after PUBLIC_URL's host.
    expect(messageIdDomainOf('https://kwenda.example:8443')).toBe('kwenda.example');
  });

  it('waits at most an hour between tries', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('gives up after three days of failures, marks the message failed and logs it', async () => {
    const port = await freePort();
    const errors: object[] = [];
    const logger = { warn: () => undefined, error: (obj: object) => errors.push(obj) };
    const mail = createMailService({
      database,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Kwenda <tickets@kwenda.sd>' },
      logger,
    });
    await database.db.transaction((tx) => mail.enqueue(tx, message({ to: 'lost@example.com', dedupeKey: 'give-up' })));
    const [{ created_at }] = (await database.sql.query<{ created_at: Date }>(
      "SELECT created_at FROM mail_outbox WHERE dedupe_key = 'give-up'",
    )) as [{ created_at: Date }];
    // Two days on, still retrying.
    expect(await mail.deliverDue(new Date(new Date(created_at).getTime() + 2 * 24 * 3_600_000))).toEqual({ sent: 0, failed: 1 });
    expect(errors).toHaveLength(0);
    const later = new Date(new Date(created_at).getTime() + GIVE_UP_AFTER_MS + 60_000);
    expect(await mail.deliverDue(later)).toEqual({ sent: 0, failed: 1 });
    const [row] = await database.sql.query<{ status: string; attempts: number }>(
      "SELECT status, attempts FROM mail_outbox WHERE dedupe_key = 'give-up'",
    );
    expect(row).toEqual({ status: 'failed', attempts: 2 });
    expect(errors).toHaveLength(1);
    // A failed message is never tried again.
    expect(await mail.deliverDue(new Date(later.getTime() + 24 * 3_600_000))).toEqual({ sent: 0, failed: 0 });
  });

  it('sends each message once when two processes deliver at the same time', async () => {
    const smtp = await startSmtp();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Kwenda <tickets@kwenda.sd>' };
    const one = createMailService({ database, env });
    const two = createMailService({ database, env });
    for (let i = 0; i < 12; i++)
      await database.db.transaction((tx) => one.enqueue(tx, message({ to: `race${i}@example.com`, dedupeKey: `race-${i}` })));
    const [a, b] = await Promise.all([one.deliverDue(), two.deliverDue()]);
    expect(a.sent + b.sent).toBe(12);
    await smtp.close();
    const raced = smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text.startsWith('race'));
    expect(raced).toHaveLength(12);
  });

  it('shows the outbox to a developer, escaped, with the message, its HTML and attachments', async () => {
    const mail = createMailService({ database, env: { SMTP_URL: undefined, MAIL_FROM: 'x <x@x.sd>' } });
    expect(mail.transport).toBe('dev-outbox');
    await database.db.transaction((tx) =>
      mail.enqueue(
        tx,
        message({
          to: 'dev@example.com',
          subject: '<script>alert(1)</script> hello',
          text: 'line <one>',
          dedupeKey: 'dev-outbox',
        }),
      ),
    );
    expect(await mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
    const [row] = await database.sql.query<{ id: string; status: string; transport: string }>(
      "SELECT id, status, transport FROM mail_outbox WHERE dedupe_key = 'dev-outbox'",
    );
    expect(row).toMatchObject({ status: 'sent', transport: 'dev-outbox' });

    const app = Fastify();
    registerErrorHandler(app);
    await app.register(devOutboxRoutes, { database });
    const list = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; hello');
    expect(list.body).not.toContain('<script>');
    // Newest first: this message comes before the first test's.
    expect(list.body.indexOf('dev@example.com')).toBeLessThan(list.body.indexOf('amna@example.com'));
    expect(list.body).toContain(`/dev/outbox/${row!.id}`);

    const one = await app.inject({ method: 'GET', url: `/dev/outbox/${row!.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('dev@example.com');
    expect(one.body).toContain('line &lt;one&gt;');
    expect(one.body).not.toContain('<script>');
    expect(one.body).toContain(`href="/dev/outbox/${row!.id}/html"`);
    expect(one.body).toContain(`href="/dev/outbox/${row!.id}/attachments/0"`);
    expect(one.body).toContain('ticket.pdf');

    const html = await app.inject({ method: 'GET', url: `/dev/outbox/${row!.id}/html` });
    expect(html.body).toBe(message().html);
    expect(html.headers['content-security-policy']).toContain('sandbox');

    const file = await app.inject({ method: 'GET', url: `/dev/outbox/${row!.id}/attachments/0` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(Buffer.from('%PDF-1.4 test'))).toBe(true);

    for (const url of [
      '/dev/outbox/ml_nope',
      '/dev/outbox/ml_nope/html',
      `/dev/outbox/${row!.id}/attachments/1`,
      `/dev/outbox/${row!.id}/attachments/x`,
    ]) {
      const missing = await app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    }
    await app.close();
  });
});
