/**
 * Background work of the API process: held bookings that expire, paid bookings whose ticketing
 * must be retried, mail waiting in the outbox. The state lives in the database rows themselves
 * (hold_expires_at, status, next_attempt_at), so the jobs survive restarts, and every step is a
 * guarded transition or a SKIP LOCKED claim, so several processes sharing one PostgreSQL can run
 * them at once without doing anything twice (docs/decisions/0008-jobs-as-database-sweeps.md).
 */

export interface Job {
  name: string;
  run(now: Date): Promise<unknown>;
}

export interface JobRunner {
  /** Runs every job once, in order (tests and the CLI call this directly). */
  tick(now?: Date): Promise<void>;
  /** Starts the loop (once; later calls do nothing). */
  start(): void;
  /** No job starts after this; resolves once the one running (if any) has finished. */
  stop(): Promise<void>;
}

export function startJobs(
  jobs: Job[],
  options: { intervalMs: number; logger: { error(obj: object, msg?: string): void }; autoStart?: boolean },
): JobRunner {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** Ticks under way: the loop's, and any a test or a command started with tick(). */
  const running = new Set<Promise<void>>();

  const runAll = async (now: Date) => {
    for (const job of jobs) {
      // Shutting down: the job under way finishes its step; the rest wait for the next process to run them.
      if (stopped) return;
      try {
        await job.run(now);
      } catch (error) {
        options.logger.error({ err: error, job: job.name }, 'job failed; it runs again on the next tick');
      }
    }
  };
  const tick = (now = new Date()) => {
    const run = runAll(now).finally(() => running.delete(run));
    running.add(run);
    return run;
  };

  const loop = () => {
    if (stopped) return;
    void tick().finally(() => {
      if (!stopped) timer = setTimeout(loop, options.intervalMs);
    });
  };
  let started = false;
  const start = () => {
    if (started || stopped) return;
    started = true;
    timer = setTimeout(loop, Math.min(options.intervalMs, 1000));
  };
  if (options.autoStart !== false) start();

  return {
    tick,
    start,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}
