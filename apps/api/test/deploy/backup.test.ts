import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { jwtSecret } from '../../src/plugins/auth-tokens.js';
import { countBookings } from '../../src/modules/backup/backup-repository.js';
import { signStaffCliToken } from '../../src/modules/staff/staff-cli-token.js';
import { startServer, tempDataDir } from '../helpers/server-process.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { backends } from '../helpers/test-database.js';
import {
  bookTrip,
  findBookableOffer,
  payByCard,
  payLaterWithReceipt,
  readBooking,
  receiptImage,
  Traveller,
  waitForStatus,
} from './traveller.js';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = 4764;
const RESTORED_PORT = 4765;

describe('npm run backup and npm run restore on the embedded database', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-backup-test-'));
  const live = tempDataDir();
  const restored = tempDataDir();
  // The commands read .env from their folder: an empty one of ours keeps the machine's out.
  const envFile = path.join(work, 'empty.env');
  fs.writeFileSync(envFile, '');
  afterAll(() => {
    for (const dir of [work, live, restored]) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** `npm run backup` / `npm run restore` as the agency runs them: their own process, the server's settings. */
  const command = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'scripts', `${script}.ts`), ...args], {
        cwd: apiRoot,
        env: { ...process.env, ENV_FILE: envFile, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });

  it('copies the database while the server runs and writes go on; a server on the restored folder has every booking', async () => {
    const server = await startServer({ env: { DATA_DIR: live }, port: PORT, readyTimeoutMs: 240_000 });
    const serverEnv = { DATA_DIR: live, HOST: '127.0.0.1', PORT: String(PORT) };
    try {
      // A booking of each kind: paid by card and ticketed, waiting for a transfer with its receipt, just created.
      const traveller = new Traveller(server.origin);
      const paid = await bookTrip(traveller, await findBookableOffer(traveller, 12), 'ABBAS', {
        email: 'paid@example.com',
        mobile: '+249912345601',
      });
      await payByCard(traveller, paid.id);
      await waitForStatus(traveller, paid.id, ['confirmed']);
      const held = await bookTrip(traveller, await findBookableOffer(traveller, 20), 'BASHIR', {
        email: 'held@example.com',
        mobile: '+249912345602',
      });
      await payLaterWithReceipt(traveller, held.id, receiptImage(6000));
      const offer = await findBookableOffer(traveller, 28);
      const draft = await bookTrip(traveller, offer, 'DAWOUD', { email: 'draft@example.com', mobile: '+249912345603' });
      const before = await Promise.all([paid, held, draft].map((b) => readBooking(traveller, b.id)));

      // Bookings keep being made while the copy is taken.
      let writing = true;
      const during: string[] = [];
      const writer = (async () => {
        while (writing) {
          const reply = await traveller.send('POST', '/api/v1/bookings', {
            json: {
              reference: offer.reference,
              payload: { passengers: { adults: 1, children: 0, infants: 0 }, baggage: { hold: 1, carryOn: 0 }, currency: 'USD' },
            },
          });
          if (reply.status === 201) during.push(reply.json<{ booking: { id: string } }>().booking.id);
        }
      })();
      const file = path.join(work, 'kwenda.tar.gz');
      const backup = await command('backup', ['--out', file], serverEnv);
      writing = false;
      await writer;
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('asking the server');
      expect(during.length).toBeGreaterThan(0);
      // Readable by its owner only, and an ordinary tar.gz.
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const listing = execFileSync('tar', ['-tzf', file]).toString().split('\n');
      expect(listing).toEqual(expect.arrayContaining(['./manifest.json', './pglite.tar', './secrets/jwt.secret']));

      // Never under a running server, --force or not; never over a database without --force.
      const underServer = await command('restore', [file, '--force'], serverEnv);
      expect(underServer.code).toBe(1);
      expect(underServer.output).toContain('open in a running process');
      const restore = await command('restore', [file, '--data-dir', restored], {});
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toMatch(/Restored .* into .*: \d+ bookings/);
      const over = await command('restore', [file, '--data-dir', restored], {});
      expect(over.code).toBe(1);
      expect(over.output).toContain('already holds a database');
      expect(await server.stop()).toBe(0);

      const second = await startServer({ env: { DATA_DIR: restored }, port: RESTORED_PORT, readyTimeoutMs: 240_000 });
      try {
        // The same browser (its cookies) on the restored site: every booking whole, as it was.
        const moved = traveller.at(second.origin);
        for (const booking of before) {
          const found = await readBooking(moved, booking.id);
          expect(found).toMatchObject({
            id: booking.id,
            bookingReference: booking.bookingReference,
            status: booking.status,
            amount: booking.amount,
            pnr: booking.pnr,
          });
          expect(found.passengers.map((p) => p.lastName)).toEqual(booking.passengers.map((p) => p.lastName));
        }
        expect(before.map((b) => b.status)).toEqual(['confirmed', 'pending-payment', 'created']);
        expect((await moved.send('GET', `/api/v1/bookings/${paid.id}/ticket.pdf`)).status).toBe(200);
        // Bookings made during the copy are there whole or not at all.
        for (const id of during) {
          const reply = await moved.send('GET', `/api/v1/bookings/${id}`);
          expect([200, 404]).toContain(reply.status);
        }
      } finally {
        await second.stop();
      }
    } finally {
      await server.stop();
    }

    // With no server running the command opens the folder itself; --force restores over a database
    // and keeps the one it replaced beside it.
    const count = async () => {
      const database = await openDatabase({ dataDir: restored });
      try {
        return await countBookings(database.db);
      } finally {
        await database.close();
      }
    };
    const bookings = await count();
    expect(bookings).toBeGreaterThanOrEqual(3);
    const direct = path.join(work, 'direct.tar.gz');
    const offline = await command('backup', ['--out', direct], { DATA_DIR: restored });
    expect(offline.code, offline.output).toBe(0);
    expect(offline.output).not.toContain('asking the server');
    const replace = await command('restore', [direct, '--data-dir', restored, '--force'], {});
    expect(replace.code, replace.output).toBe(0);
    expect(replace.output).toContain('The database it replaced is kept in');
    expect(fs.readdirSync(restored).filter((name) => name.startsWith('pglite.replaced-'))).toHaveLength(1);
    expect(await count()).toBe(bookings);
  }, 600_000);
});

describe.each(backends)('the backup route of the running server on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => ctx?.close());
  const backup = (authorization?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/admin/cli/backup', headers: authorization ? { authorization } : {} });

  it(
    backend === 'pglite'
      ? 'hands the embedded database to the backup command only, as a tar file'
      : 'does not exist on PostgreSQL, which pg_dump backs up',
    async () => {
      const token = await signStaffCliToken(jwtSecret(ctx.env));
      if (backend === 'postgres') {
        expect((await backup(`Bearer ${token}`)).statusCode).toBe(404);
        return;
      }
      for (const refused of [
        undefined,
        'Bearer garbage',
        `Bearer ${await signStaffCliToken(new TextEncoder().encode('another-secret-of-at-least-32-chars!'))}`,
      ]) {
        const response = await backup(refused);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      }
      const response = await backup(`Bearer ${token}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/x-tar');
      // A POSIX tar: "ustar" at byte 257 of the first header, and the database's version file in it.
      expect(response.rawPayload.subarray(257, 262).toString('latin1')).toBe('ustar');
      expect(response.rawPayload.toString('latin1')).toContain('PG_VERSION');
    },
  );
});
