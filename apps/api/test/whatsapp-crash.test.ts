import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { createMessengerService } from '../src/modules/whatsapp/messenger-service.js';
import { startLocalCloudApi, type LocalCloudApi } from '../src/modules/whatsapp/local-cloud-api/local-cloud-api.js';
import { freePort, startServer, tempDataDir, type ServerProcess } from './helpers/server-process.js';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { testEnv } from './helpers/test-env.js';
import { until } from './helpers/until.js';

/**
 * The server as its own process, sending through the local Cloud API server, killed (SIGKILL) after
 * the Cloud API accepted a message and before the outbox row recorded it. The Cloud API's status
 * webhook names the row (biz_opaque_callback_data) and reaches the restarted process, which records
 * the message as sent: it is never sent a second time (docs/decisions/0038-whatsapp-outbox.md).
 */

const TOKEN = 'crash-token';
const APP_SECRET = 'crash-app-secret';

describe.each(backends)('a WhatsApp message across a crash on %s', (backend) => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let local: LocalCloudApi;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    local = await startLocalCloudApi({ token: TOKEN, appSecret: APP_SECRET, webhookRetryMs: 100, webhookRetryMaxMs: 1000 });
    if (backend === 'postgres') database = await createTestDatabase('postgres');
    else dataDir = tempDataDir();
  });
  afterAll(async () => {
    for (const server of servers) await server.kill();
    await local?.close();
    await database?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const whatsappEnv = {
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_API_URL: '',
    // The grace period before a message whose send may have been accepted is sent again: longer than a
    // restart on the embedded database and Meta's next webhook retry (15 minutes in production).
    WHATSAPP_LEASE_SECONDS: '25',
  };
  const start = async (options: { crashAt?: string; port?: number } = {}) => {
    const server = await startServer({
      env: {
        ...(database ? { DATABASE_URL: database.url! } : { DATA_DIR: dataDir! }),
        ...whatsappEnv,
        WHATSAPP_API_URL: local.apiUrl,
      },
      crashAt: options.crashAt,
      port: options.port,
      readyTimeoutMs: 180_000,
    });
    servers.push(server);
    return server;
  };
  const withDatabase = async <T>(work: (db: Database) => Promise<T>): Promise<T> => {
    if (database) return work(database);
    const opened = await openDatabase({ dataDir: dataDir! });
    return work(opened).finally(() => opened.close());
  };

  it('sends a message accepted just before the crash once in total: its status webhook reaches the restarted process', async () => {
    const to = '+249911223344';
    if (!database) {
      // The embedded database is made by the server's first start; the message is queued once it stopped.
      const seed = await start();
      expect(await seed.stop()).toBe(0);
    }
    const id = await withDatabase(async (db) => {
      const messenger = createMessengerService({
        database: db,
        env: testEnv({ ...whatsappEnv, WHATSAPP_API_URL: local.apiUrl }),
      });
      const queued = await db.db.transaction((tx) =>
        messenger.enqueue(tx, {
          to,
          template: 'receipt_approved',
          language: 'ar',
          params: ['KWCRASH1'],
          purpose: 'booking',
          dedupeKey: `crash-${backend}`,
          fallbackEmail: { to: `crash-wa-${backend}@example.com`, subject: 'Receipt approved', text: 'ok', html: '<p>ok</p>' },
        }),
      );
      return queued.id!;
    });
    // The webhooks go to the second process's address: nothing listens there until it starts.
    const secondPort = await freePort();
    local.state.webhookUrl = `http://127.0.0.1:${secondPort}/api/v1/whatsapp/webhook`;

    const first = await start({ crashAt: 'whatsapp.accepted' });
    await first.waitForCrashPoint('whatsapp.accepted', 120_000);
    const acceptedAt = Date.now();
    // The Cloud API has the message; the outbox does not know it was sent.
    expect(local.state.messages.filter((m) => m.bizOpaqueCallbackData === id)).toHaveLength(1);
    await first.kill();

    const second = await start({ port: secondPort });
    await until('the status webhooks to reach the second process', () =>
      local.state.deliveries.length >= 2 && local.state.deliveries.every((d) => d.delivered) ? true : undefined,
    );
    // Past the grace period, with the job sweeping every half second: not sent again.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, acceptedAt + 28_000 - Date.now())));
    expect(await second.stop()).toBe(0);

    expect(local.state.messages.filter((m) => m.bizOpaqueCallbackData === id)).toHaveLength(1);
    expect(local.state.messages).toHaveLength(1);
    const [row, mail] = await withDatabase(async (db) => [
      (
        await db.sql.query<{ status: string; wamid: string }>('SELECT status, wamid FROM whatsapp_messages WHERE id = $1', [id])
      )[0],
      (await db.sql.query<{ status: string }>('SELECT status FROM mail_outbox WHERE held_for = $1', [id]))[0],
    ]);
    expect(row).toEqual({ status: 'delivered', wamid: local.state.messages[0]!.id });
    // Sent on WhatsApp: the e-mail held in its place never goes.
    expect(mail).toEqual({ status: 'skipped' });
  }, 600_000);

  it.runIf(backend === 'postgres')(
    'two processes delivering one queue send each message once',
    async () => {
      await fetch(`${local.origin}/__local/reset`, { method: 'POST' });
      local.state.webhookUrl = undefined;
      const ids = await withDatabase(async (db) => {
        const messenger = createMessengerService({
          database: db,
          env: testEnv({ ...whatsappEnv, WHATSAPP_API_URL: local.apiUrl }),
        });
        const queued: string[] = [];
        for (let i = 0; i < 150; i++) {
          const result = await db.db.transaction((tx) =>
            messenger.enqueue(tx, {
              to: `+2499${String(2000000 + i).padStart(7, '0')}`,
              template: 'hold_reminder',
              language: i % 2 ? 'ar' : 'en',
              params: [`KW${i}`, 'amount', 'deadline'],
              purpose: 'booking',
            }),
          );
          queued.push(result.id!);
        }
        return queued;
      });
      const [one, two] = await Promise.all([start(), start()]);
      await until('every message sent', async () => {
        const [row] = await database!.sql.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM whatsapp_messages WHERE status = 'pending'",
        );
        return row!.n === 0 ? true : undefined;
      });
      await Promise.all([one!.stop(), two!.stop()]);
      const callbackIds = local.state.messages.map((m) => m.bizOpaqueCallbackData);
      expect(callbackIds).toHaveLength(150);
      expect([...callbackIds].sort()).toEqual([...ids].sort());
      const [byProcess] = await database!.sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM whatsapp_messages WHERE status = 'sent' AND transport = 'cloud-api'",
      );
      expect(byProcess!.n).toBe(150);
    },
    600_000,
  );
});
