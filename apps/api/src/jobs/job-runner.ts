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
  stop(): Promise<void>;
}

export function startJobs(
  jobs: Job[],
  options: { intervalMs: number; logger: { error(obj: object, msg?: string): void }; autoStart?: boolean },
): JobRunner {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = async (now = new Date()) => {
    for (const job of jobs) {
      try {
        await job.run(now);
      } catch (error) {
        options.logger.error({ err: error, job: job.name }, 'job failed; it runs again on the next tick');
      }
    }
  };

  const loop = () => {
    if (stopped) return;
    running = tick().finally(() => {
      running = null;
      if (!stopped) timer = setTimeout(loop, options.intervalMs);
    });
  };
  if (options.autoStart !== false) timer = setTimeout(loop, Math.min(options.intervalMs, 1000));

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
