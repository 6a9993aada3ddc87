/**
 * Named places in the code where a test can stop the process dead, to prove that a crash exactly
 * there loses nothing (the money and the booking end up agreeing, no seat stays held, no e-mail
 * goes twice as two different messages).
 *
 * Off unless the environment variable KWENDA_CRASH_AT names the point (a comma-separated list);
 * it is read at each call, so it costs one lookup when off. The server refuses to start in
 * production with it set (env.ts). At the point the process writes one line to stderr,
 * `kwenda:crash-point <name>`, and stops there for good: the test waits for that line, then kills
 * the process with SIGKILL (test/helpers/server-process.ts), restarts it and looks at what is left.
 * Holding rather than exiting lets the test look at the outside world (an SMTP server, the
 * gateway's tables) while the process is frozen mid-step.
 */

export const CRASH_POINT_MARKER = 'kwenda:crash-point';

export function crashPointArmed(name: string): boolean {
  const armed = process.env.KWENDA_CRASH_AT;
  return !!armed && armed.split(',').some((point) => point.trim() === name);
}

/** Holds the process here for ever when KWENDA_CRASH_AT names this point; returns at once otherwise. */
export async function crashPoint(name: string): Promise<void> {
  if (!crashPointArmed(name)) return;
  process.stderr.write(`${CRASH_POINT_MARKER} ${name}\n`);
  await new Promise<never>(() => {
    // Keeps the event loop alive (a bare never-settling promise would let an idle process exit).
    setInterval(() => undefined, 60_000);
  });
}
