import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { mailOutbox } from '../db/schema.js';
import { supplierEvents } from '../db/supplier-events-schema.js';
import { createDashboardService } from '../modules/admin-dashboard/dashboard-service.js';
import { createMailRepository } from '../modules/mail/mail-repository.js';
import { claimDueEvents, insertEvent, retryEvent } from '../modules/supplier-webhooks/supplier-events-repository.js';
import { claimDue, retryDelayMs } from './claim-due.js';
import { mailQueue, supplierEventsQueue } from './due-queues.js';

const LEASE_MS = 60_000;

describe.each(backends)('due work claimed on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => database?.destroy());

  const deadLetters = async (now: Date) =>
    (await createDashboardService({ database, clock: () => now }).getDashboard('7')).deadLetters;

  it('backs off 1, 2, 4 … minutes, at most an hour, or from another first wait', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect([1, 2, 3, 5].map((n) => retryDelayMs(n, { firstMs: 5 * 60_000 }) / 60_000)).toEqual([5, 10, 20, 60]);
  });

  it('marks an event dead after failing on each of its attempts, takes it no more, and shows it on the desk', async () => {
    const received = new Date('2026-11-01T08:00:00Z');
    await insertEvent(database.db, {
      supplier: 'duffel',
      id: 'evt_dead',
      type: 'order.creation_failed',
      body: {},
      now: received,
    });
    expect(await deadLetters(received)).toMatchObject({ supplierEvents: 0, total: 0 });

    let now = received;
    const fates: string[] = [];
    for (let attempt = 1; attempt <= supplierEventsQueue.maxAttempts; attempt++) {
      const [row, ...others] = await database.db.transaction((tx) => claimDueEvents(tx, { now, leaseMs: LEASE_MS, limit: 10 }));
      expect(others).toEqual([]);
      expect(row).toMatchObject({ id: 'evt_dead', attempts: attempt });
      fates.push(await retryEvent(database.db, row!, 'the supplier did not answer', now));
      // The next try is due after the backoff, not before.
      const [stored] = await database.db.select().from(supplierEvents).where(eq(supplierEvents.id, 'evt_dead'));
      expect(stored!.nextAttemptAt!.getTime()).toBe(now.getTime() + retryDelayMs(attempt));
      now = stored!.nextAttemptAt!;
    }
    expect(fates.filter((fate) => fate === 'retry')).toHaveLength(supplierEventsQueue.maxAttempts - 1);
    expect(fates.at(-1)).toBe('dead');

    const [dead] = await database.db.select().from(supplierEvents).where(eq(supplierEvents.id, 'evt_dead'));
    expect(dead).toMatchObject({ status: 'pending', attempts: supplierEventsQueue.maxAttempts, deadAt: expect.any(Date) });
    expect(dead!.lastError).toBe('the supplier did not answer');
    // Never taken again, however late.
    const later = new Date(now.getTime() + 30 * 24 * 3_600_000);
    expect(await database.db.transaction((tx) => claimDueEvents(tx, { now: later, leaseMs: LEASE_MS, limit: 10 }))).toEqual([]);
    expect(await deadLetters(later)).toEqual({
      total: 1,
      mail: 0,
      supplierCalls: 0,
      supplierEvents: 1,
      gatewayWebhooks: 0,
      reconciliation: 0,
    });
  });

  it('marks dead an event whose process died on each of its attempts, when it is due again', async () => {
    let now = new Date('2026-11-02T08:00:00Z');
    await insertEvent(database.db, { supplier: 'duffel', id: 'evt_crash', type: 'order.creation_failed', body: {}, now });
    for (let attempt = 1; attempt <= supplierEventsQueue.maxAttempts; attempt++) {
      const claimed = await database.db.transaction((tx) => claimDueEvents(tx, { now, leaseMs: LEASE_MS, limit: 10 }));
      expect(claimed.map((row) => [row.id, row.attempts])).toEqual([['evt_crash', attempt]]);
      // The process dies: nothing is recorded; the event is due again when its lease ends.
      now = new Date(now.getTime() + LEASE_MS);
    }
    expect(await database.db.transaction((tx) => claimDueEvents(tx, { now, leaseMs: LEASE_MS, limit: 10 }))).toEqual([]);
    const [dead] = await database.db.select().from(supplierEvents).where(eq(supplierEvents.id, 'evt_crash'));
    expect(dead!.deadAt).toEqual(now);
    expect((await deadLetters(now)).supplierEvents).toBe(2);
  });

  it('shows mail given up after three days with the dead rows', async () => {
    const repo = createMailRepository(database);
    await database.db.transaction((tx) =>
      repo.enqueue(tx, { to: 'lost@example.com', subject: 's', text: 't', html: '<p>t</p>', dedupeKey: 'dead-letter' }),
    );
    const [queued] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, 'dead-letter'));
    const now = new Date(queued!.createdAt.getTime() + 3 * 24 * 3_600_000 + 60_000);
    const [message] = await repo.claimDue(10, now);
    expect(await repo.markFailed(message!, 'connection refused', now)).toBe('failed');
    expect(await deadLetters(now)).toMatchObject({ mail: 1, supplierEvents: 2, total: 3 });
  });

  it('never gives one row to two claimers at once', async () => {
    const due = new Date(Date.now() + 1000);
    const ids = Array.from({ length: 40 }, (_, i) => `race-${i}`);
    await database.db.insert(mailOutbox).values(
      ids.map((id) => ({
        id,
        toAddress: 'x@example.com',
        subject: id,
        textBody: id,
        htmlBody: id,
        nextAttemptAt: new Date(0),
      })),
    );
    const only = (rows: { id: string }[]) => rows.filter((row) => row.id.startsWith('race-')).map((row) => row.id);
    // Four processes take batches of three until nothing is due.
    const claimer = async () => {
      const taken: string[] = [];
      for (;;) {
        const batch = await database.db.transaction((tx) => claimDue(tx, mailQueue, { now: due, leaseMs: LEASE_MS, limit: 3 }));
        taken.push(...only(batch));
        if (batch.length < 3) return taken;
      }
    };
    const taken = (await Promise.all([claimer(), claimer(), claimer(), claimer()])).flat();
    expect(taken.toSorted()).toEqual(ids.toSorted());
  });

  it.runIf(backend === 'postgres')('skips the rows another claimer holds, without waiting for it to commit', async () => {
    const due = new Date(Date.now() + 1000);
    const ids = Array.from({ length: 6 }, (_, i) => `held-${i}`);
    await database.db.insert(mailOutbox).values(
      ids.map((id, i) => ({
        id,
        toAddress: 'x@example.com',
        subject: id,
        textBody: id,
        htmlBody: id,
        nextAttemptAt: new Date(i + 1),
      })),
    );
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let first!: (ids: string[]) => void;
    const firstTook = new Promise<string[]>((resolve) => (first = resolve));
    // The first claimer takes three rows and keeps its transaction open until told.
    const holding = database.db.transaction(async (tx) => {
      const rows = await claimDue(tx, mailQueue, { now: due, leaseMs: LEASE_MS, limit: 3 });
      first(rows.map((row) => row.id));
      await committing;
    });
    const held = await firstTook;
    expect(held).toEqual(ids.slice(0, 3));
    // The second, meanwhile, gets the other three at once (it would hang here if it waited).
    const second = await database.db.transaction((tx) => claimDue(tx, mailQueue, { now: due, leaseMs: LEASE_MS, limit: 10 }));
    expect(second.map((row) => row.id).filter((id) => id.startsWith('held-'))).toEqual(ids.slice(3));
    commit();
    await holding;
  });
});
