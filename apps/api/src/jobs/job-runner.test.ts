import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startJobs, type Job } from './job-runner.js';

/** A job that runs until the test lets it finish. */
function heldJob(name: string, log: string[]) {
  let release!: () => void;
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const job: Job = {
    name,
    run: () => {
      log.push(`${name} started`);
      started();
      return new Promise<void>((resolve) => {
        release = () => {
          log.push(`${name} finished`);
          resolve();
        };
      });
    },
  };
  return { job, running, release: () => release() };
}

const quietLogger = { error: () => undefined };

describe('the job runner', () => {
  // The runner's waits are timers: the clock is moved by hand, so "nothing happened in 400 ms" is
  // checked over exactly those 400 ms, however slow the machine.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('on stop, lets the job under way finish its step and starts no other', async () => {
    const log: string[] = [];
    const first = heldJob('hold-expiry', log);
    const second: Job = { name: 'mail-delivery', run: async () => void log.push('mail-delivery started') };
    const runner = startJobs([first.job, second], { intervalMs: 200, logger: quietLogger });
    await vi.advanceTimersByTimeAsync(200);
    await first.running;

    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(stopped).toBe(false);
    first.release();
    await stopping;
    expect(log).toEqual(['hold-expiry started', 'hold-expiry finished']);
    // Nothing runs after the stop, on the next interval either.
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(400);
    expect(log).toHaveLength(2);
  });

  it('waits for a tick started by hand (a command, a test) as for its own', async () => {
    const log: string[] = [];
    const held = heldJob('ticketing-retry', log);
    const runner = startJobs([held.job], { intervalMs: 60_000, logger: quietLogger, autoStart: false });
    const tick = runner.tick();
    await held.running;
    const stopping = runner.stop();
    held.release();
    await Promise.all([tick, stopping]);
    expect(log).toEqual(['ticketing-retry started', 'ticketing-retry finished']);
  });

  it('runs the next job when one fails, and logs the failure', async () => {
    const errors: object[] = [];
    const ran: string[] = [];
    const runner = startJobs(
      [
        { name: 'broken', run: () => Promise.reject(new Error('boom')) },
        { name: 'fine', run: async () => void ran.push('fine') },
      ],
      { intervalMs: 60_000, logger: { error: (obj) => errors.push(obj) }, autoStart: false },
    );
    await runner.tick();
    expect(ran).toEqual(['fine']);
    expect(errors).toEqual([expect.objectContaining({ job: 'broken' })]);
    await runner.stop();
  });
});
