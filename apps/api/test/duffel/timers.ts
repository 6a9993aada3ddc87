/**
 * The timers of a local stand-in, stopped together when it closes: what was waiting then never
 * resumes and nothing scheduled runs, so a closed server leaves no timer behind.
 */
export class Timers {
  private readonly pending = new Set<NodeJS.Timeout>();
  private stoppedAt: number | null = null;

  get stopped(): boolean {
    return this.stoppedAt !== null;
  }

  /** Resolves after `ms`; never, when the timers stop first. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }

  /** Runs `task` after `ms`, unless the timers stop first. */
  after(ms: number, task: () => void): void {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      task();
    }, ms);
    this.pending.add(timer);
  }

  stop(): void {
    this.stoppedAt ??= Date.now();
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
