import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, backends, type TestDatabase } from '../../../test/helpers/test-database.js';
import { registerErrorHandler } from '../../plugins/error-handler.js';
import { devOutboxRoutes } from './dev-outbox-routes.js';
import { createMailService } from './mail-service.js';

/** A real SMTP server on a free port; `received` fills as mail arrives. */
async function startSmtp(port = 0) {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = (server.server.address() as AddressInfo).port;
  return { received, port: address, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

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

  it('delivers queued mail to a real SMTP server with its Arabic subject and PDF, once', async () => {
    const smtp = await startSmtp();
    const mail = createMailService({ database, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Kwenda <tickets@kwenda.sd>' } });
    await database.db.transaction((tx) => mail.enqueue(tx, { ...message(), dedupeKey: 'e-ticket:one' }));
    await database.db.transaction((tx) => mail.enqueue(tx, { ...message({ subject: 'second copy' }), dedupeKey: 'e-ticket:one' }));
    expect(await mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(await mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
    await smtp.close();
    expect(smtp.received).toHaveLength(1);
    const [got] = smtp.received;
    expect(got!.subject).toBe(message().subject);
    expect(got!.attachments[0]!.filename).toBe('ticket.pdf');
    expect(got!.attachments[0]!.content.toString()).toBe('%PDF-1.4 test');
    const [row] = await database.sql.query<{ status: string; transport: string }>("SELECT status, transport FROM mail_outbox WHERE dedupe_key = 'e-ticket:one'");
    expect(row).toEqual({ status: 'sent', transport: 'smtp' });
  });

  it('keeps mail through an SMTP outage and delivers it when the server is back', async () => {
    const port = await freePort();
    const mail = createMailService({ database, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Kwenda <tickets@kwenda.sd>' } });
    await database.db.transaction((tx) => mail.enqueue(tx, message({ to: 'outage@example.com', dedupeKey: 'outage' })));
    const now = new Date();
    expect(await mail.deliverDue(now)).toEqual({ sent: 0, failed: 1 });
    const [row] = await database.sql.query<{ status: string; attempts: number; next_attempt_at: Date }>("SELECT status, attempts, next_attempt_at FROM mail_outbox WHERE dedupe_key = 'outage'");
    expect(row!.status).toBe('pending');
    expect(row!.attempts).toBe(1);
    expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThan(now.getTime());
    // Not due yet: nothing is tried.
    expect(await mail.deliverDue(now)).toEqual({ sent: 0, failed: 0 });
    const smtp = await startSmtp(port);
    expect(await mail.deliverDue(new Date(now.getTime() + 2 * 60_000))).toEqual({ sent: 1, failed: 0 });
    await smtp.close();
    expect(smtp.received.map((m) => m.to && 'text' in m.to ? m.to.text : '')).toEqual(['outage@example.com']);
  });

  it.runIf(backend === 'postgres')('sends each message once when two processes deliver at the same time', async () => {
    const smtp = await startSmtp();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Kwenda <tickets@kwenda.sd>' };
    const one = createMailService({ database, env });
    const two = createMailService({ database, env });
    for (let i = 0; i < 12; i++) await database.db.transaction((tx) => one.enqueue(tx, message({ to: `race${i}@example.com`, dedupeKey: `race-${i}` })));
    const [a, b] = await Promise.all([one.deliverDue(), two.deliverDue()]);
    expect(a.sent + b.sent).toBe(12);
    await smtp.close();
    const raced = smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text.startsWith('race'));
    expect(raced).toHaveLength(12);
  });

  it('shows the outbox to a developer, escaped, with attachments', async () => {
    const mail = createMailService({ database, env: { SMTP_URL: undefined, MAIL_FROM: 'x <x@x.sd>' } });
    await database.db.transaction((tx) => mail.enqueue(tx, message({ subject: '<script>alert(1)</script> hello', dedupeKey: 'dev-outbox' })));
    expect(await mail.deliverDue()).toMatchObject({ failed: 0 });
    const app = Fastify();
    registerErrorHandler(app);
    await app.register(devOutboxRoutes, { database });
    const list = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; hello');
    expect(list.body).not.toContain('<script>alert(1)');
    const [row] = await database.sql.query<{ id: string; transport: string }>("SELECT id, transport FROM mail_outbox WHERE dedupe_key = 'dev-outbox'");
    expect(row!.transport).toBe('dev-outbox');
    const one = await app.inject({ method: 'GET', url: `/dev/outbox/${row!.id}` });
    expect(one.body).toContain('ticket.pdf');
    const file = await app.inject({ method: 'GET', url: `/dev/outbox/${row!.id}/attachments/0` });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.body).toBe('%PDF-1.4 test');
    expect((await app.inject({ method: 'GET', url: '/dev/outbox/ml_nope' })).statusCode).toBe(404);
    await app.close();
  });
});
