import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { startServer, tempDataDir, type ServerProcess } from './helpers/server-process.js';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startSmtp } from './helpers/smtp-server.js';
import { until } from './helpers/until.js';

/**
 * The server as its own process, sending through a real SMTP server, killed (SIGKILL) after the SMTP
 * server accepted a message and before the outbox row was marked sent. Delivery is at least once:
 * the restarted process sends the message again, and it is the same message (same Message-ID), which
 * receiving servers and mail clients treat as one.
 */

describe.each(backends)('an e-mail across a crash on %s', (backend) => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    smtp = await startSmtp();
    if (backend === 'postgres') database = await createTestDatabase('postgres');
    else dataDir = tempDataDir();
  });
  afterAll(async () => {
    for (const server of servers) await server.kill();
    await smtp?.close();
    await database?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (crashAt?: string) => {
    const server = await startServer({
      env: {
        ...(database ? { DATABASE_URL: database.url! } : { DATA_DIR: dataDir! }),
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_LEASE_SECONDS: '1',
      },
      crashAt,
      readyTimeoutMs: 180_000,
    });
    servers.push(server);
    return server;
  };

  it('sends a message accepted just before the crash again after the restart, with the same Message-ID', async () => {
    const email = `crash-${backend}@example.com`;
    const copies = () => smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text === email);

    const first = await start('mail.accepted');
    const signUp = await fetch(`${first.origin}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        payload: { fullName: 'Amna Crash', email, password: 'Kw3nda-crash-test', passwordConfirmation: 'Kw3nda-crash-test' },
      }),
    });
    expect(signUp.status, await signUp.text()).toBe(200);
    await first.waitForCrashPoint('mail.accepted', 120_000);
    // The SMTP server has the message; the outbox does not know it was sent.
    expect(copies()).toHaveLength(1);
    await first.kill();

    const second = await start();
    await until('the message to be sent again', () => copies().length >= 2 || undefined);
    expect(await second.stop()).toBe(0);

    const read = async (db: Database) =>
      db.sql.query<{ id: string; status: string }>('SELECT id, status FROM mail_outbox WHERE to_address = $1', [email]);
    let rows;
    if (database) rows = await read(database);
    else {
      const opened = await openDatabase({ dataDir: dataDir! });
      rows = await read(opened).finally(() => opened.close());
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('sent');
    // Sent twice (at least once), as one message: the Message-ID comes from the outbox row.
    expect(copies()).toHaveLength(2);
    expect(copies().map((m) => m.messageId)).toEqual([`<${rows[0]!.id}@127.0.0.1>`, `<${rows[0]!.id}@127.0.0.1>`]);
    expect(copies()[1]!.subject).toBe(copies()[0]!.subject);
  }, 600_000);
});
