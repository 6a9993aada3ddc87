import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.js';

/**
 * Counts kept in memory by key and written once per interval in one batch: on hot paths (a search) a
 * write each time would queue every request behind it on the embedded database's one connection. A
 * process killed outright loses at most one interval's counts; one that is stopped writes them
 * (`settled`) before its database closes. A failed write is reported and those counts are dropped:
 * counting never slows down or fails the request that counted.
 */
export interface WriteBehind<T> {
  /** Adds to the entry of `key` (`update`), or starts it (`create`); the write follows within the interval. */
  add(key: string, create: () => T, update: (entry: T) => void): void;
  /** Writes what is counted so far and resolves when it is written (or has failed). */
  settled(): Promise<void>;
}

/** What a counter written behind is made with (the searches', the offers left out for want of a rate). */
export interface CounterOptions {
  database: Database;
  logger: Pick<FastifyBaseLogger, 'error'>;
  clock?: () => Date;
  /** How long counts wait in memory before their one write (a second by default). */
  flushMs?: number;
}

/** A write-behind batch written by `write`, whose failure is logged as `lost`; with the counter's clock. */
export function counterOf<T>(options: CounterOptions, write: (db: Database['db'], batch: T[]) => Promise<unknown>, lost: string) {
  const counts = createWriteBehind<T>({
    write: (batch) => write(options.database.db, batch),
    onError: (err, entries) => options.logger.error({ err, entries }, lost),
    flushMs: options.flushMs ?? 1000,
  });
  return { counts, clock: options.clock ?? (() => new Date()) };
}

export function createWriteBehind<T>({
  write,
  onError,
  flushMs,
}: {
  write: (batch: T[]) => Promise<unknown>;
  onError: (err: unknown, entries: number) => void;
  flushMs: number;
}): WriteBehind<T> {
  const counted = new Map<string, T>();
  const writing = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (counted.size === 0) return;
    const batch = [...counted.values()];
    counted.clear();
    const done: Promise<void> = write(batch)
      .then(() => undefined)
      .catch((err: unknown) => onError(err, batch.length))
      .finally(() => writing.delete(done));
    writing.add(done);
  };

  return {
    add(key, create, update) {
      const entry = counted.get(key);
      if (entry) update(entry);
      else counted.set(key, create());
      if (!timer) {
        timer = setTimeout(flush, flushMs);
        timer.unref();
      }
    },
    settled: async () => {
      flush();
      await Promise.all([...writing]);
    },
  };
}
