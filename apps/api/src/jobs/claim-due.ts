import { and, asc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import type { Tx } from '../db/tx.js';

/**
 * Due work kept in a table: rows that wait for a job (mail to send, a supplier call to settle, an
 * event to process, a webhook to deliver, a checkout to ask about). One way to take them, for every
 * such table:
 * - a claim takes due rows with FOR UPDATE SKIP LOCKED, counts the attempt and leases each row past
 *   `now` before its short transaction commits, so several processes can run the job on one
 *   PostgreSQL and none takes a row another has; the work itself runs outside any transaction
 *   (PGlite is one connection), and a process that dies mid-work leaves the row to be taken again
 *   when the lease ends;
 * - a failed attempt is tried again after a backoff, until the row is dead: its table's limit of
 *   attempts is reached, or the table's own rule gives up (a message three days old). A dead row is
 *   never taken again and is counted on the desk for a person to look at.
 */

/** 1, 2, 4 … minutes between tries (from `firstMs`, doubling), never more than `maxMs` (an hour). */
export const retryDelayMs = (attempts: number, { firstMs = 60_000, maxMs = 3_600_000 } = {}) =>
  Math.min(maxMs, firstMs * 2 ** Math.max(0, attempts - 1));

/** The kinds of due work the desk counts dead rows of. */
export type DueKind =
  'mail' | 'supplierCalls' | 'supplierEvents' | 'gatewayWebhooks' | 'reconciliation' | 'receiptReadings' | 'whatsapp';

type ColumnName<T extends PgTable> = keyof T['_']['columns'] & string;
type Row<T extends PgTable> = T['$inferSelect'];

/** How one table keeps its due work: which columns play which part. */
export interface DueQueue<T extends PgTable = PgTable> {
  kind: DueKind;
  table: T;
  /** The columns that name a row. */
  key: ColumnName<T>[];
  /** Rows still to be worked on: neither done nor dead (dead rows are out by `dead.is`). */
  waiting: SQL;
  /** When a row is due, given the lease; the `nextAttemptAt` column when not given. */
  dueAt?: (leaseMs: number) => SQL;
  /** Due rows are taken in this order. */
  order: ColumnName<T>;
  /** Attempts so far, counted when a row is claimed. */
  attempts: ColumnName<T>;
  /** When the row may be taken (again): a lease past `now` once claimed, then the next try. */
  nextAttemptAt: ColumnName<T>;
  /** Set to `now` when claimed, if the table records it. */
  lastAttemptAt?: ColumnName<T>;
  lastError: ColumnName<T>;
  /** Attempts after which a row that still fails is dead (Infinity: only the table's own rule). */
  maxAttempts: number;
  dead: {
    /** The dead rows. */
    is: SQL;
    /** What marks a row dead. */
    set: (now: Date) => Record<string, unknown>;
  };
}

const columnsOf = <T extends PgTable>(queue: DueQueue<T>) => getTableColumns(queue.table) as Record<string, PgColumn>;

/** The condition naming these rows by their key. */
function keyIn<T extends PgTable>(queue: DueQueue<T>, rows: Record<string, unknown>[]): SQL {
  const columns = columnsOf(queue);
  if (queue.key.length === 1) {
    const [name] = queue.key as [string];
    return inArray(
      columns[name]!,
      rows.map((row) => row[name]),
    );
  }
  return or(...rows.map((row) => and(...queue.key.map((name) => eq(columns[name]!, row[name])))))!;
}

/**
 * Takes up to `limit` rows due at `now` for this process (`where`: only those), in the queue's order.
 * Each taken row has its attempt counted and is leased `leaseMs` past `now`. A due row that has used
 * up its attempts (its process died on each, so it never failed) is marked dead instead. Runs in the
 * caller's transaction, which must be short: commit before working on the rows.
 */
export async function claimDue<T extends PgTable>(
  tx: Tx,
  queue: DueQueue<T>,
  options: { now: Date; leaseMs: number; limit: number; where?: SQL },
): Promise<Row<T>[]> {
  const { now, leaseMs, limit } = options;
  const columns = columnsOf(queue);
  const dueAt = queue.dueAt?.(leaseMs) ?? sql`${columns[queue.nextAttemptAt]}`;
  const selected = Object.fromEntries([...queue.key, queue.attempts].map((name) => [name, columns[name]!]));
  const due = (await tx
    .select(selected)
    .from(queue.table as PgTable)
    .where(and(queue.waiting, sql`${dueAt} <= ${now.toISOString()}::timestamptz`, options.where))
    .orderBy(asc(columns[queue.order]!))
    .limit(limit)
    // Only the queue's rows: a row of another table that `where` reads may be locked by its writer.
    .for('update', { of: queue.table as PgTable, skipLocked: true })) as Record<string, unknown>[];
  const spent = due.filter((row) => (row[queue.attempts] as number) >= queue.maxAttempts);
  const taken = due.filter((row) => (row[queue.attempts] as number) < queue.maxAttempts);
  if (spent.length)
    await tx
      .update(queue.table)
      .set(queue.dead.set(now) as never)
      .where(keyIn(queue, spent));
  if (!taken.length) return [];
  const claimed = (await tx
    .update(queue.table)
    .set({
      [queue.attempts]: sql`${columns[queue.attempts]} + 1`,
      [queue.nextAttemptAt]: new Date(now.getTime() + leaseMs),
      ...(queue.lastAttemptAt ? { [queue.lastAttemptAt]: now } : {}),
    } as never)
    .where(keyIn(queue, taken))
    .returning()) as Record<string, unknown>[];
  const keyOf = (row: Record<string, unknown>) => JSON.stringify(queue.key.map((name) => row[name]));
  const byKey = new Map(claimed.map((row) => [keyOf(row), row]));
  return taken.map((row) => byKey.get(keyOf(row))).filter((row) => row !== undefined) as Row<T>[];
}

/**
 * A claimed row's attempt failed: tried again `delayMs` after `now` (retryDelayMs of its attempts by
 * default), or dead when it has used up its attempts or `giveUp` says the table's own rule gave up.
 * `set` writes the table's other findings with it; `where` narrows the update (the attempt that
 * claimed it, a row still waiting). Returns what became of the row ('skipped': no row matched).
 */
export async function retryLater<T extends PgTable>(
  tx: Tx,
  queue: DueQueue<T>,
  row: Row<T>,
  failure: { now: Date; error: string | null; delayMs?: number; giveUp?: boolean; set?: Record<string, unknown>; where?: SQL },
): Promise<'retry' | 'dead' | 'skipped'> {
  const record = row as Record<string, unknown>;
  const attempts = record[queue.attempts] as number;
  const dead = failure.giveUp === true || attempts >= queue.maxAttempts;
  const delayMs = failure.delayMs ?? retryDelayMs(attempts);
  const updated = (await tx
    .update(queue.table)
    .set({
      ...failure.set,
      [queue.lastError]: failure.error?.slice(0, 1000) ?? null,
      [queue.nextAttemptAt]: new Date(failure.now.getTime() + delayMs),
      ...(dead ? queue.dead.set(failure.now) : {}),
    } as never)
    .where(and(keyIn(queue, [record]), queue.waiting, failure.where))
    .returning()) as unknown[];
  if (!updated.length) return 'skipped';
  return dead ? 'dead' : 'retry';
}

/** Dead rows of each queue, for the desk. */
export async function countDead(
  db: Db,
  queues: readonly { kind: DueKind; table: PgTable; dead: { is: SQL } }[],
): Promise<Record<DueKind, number>> {
  const counts = await Promise.all(
    queues.map(async (queue) => {
      const [row] = (await db
        .select({ n: sql<number>`count(*)::int` })
        .from(queue.table)
        .where(queue.dead.is)) as { n: number }[];
      return [queue.kind, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<DueKind, number>;
}
