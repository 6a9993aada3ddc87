import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) is one process's files: a second process opening the same
 * directory beside a running server would corrupt it. Whoever opens it writes its process id in
 * `<dir>.lock`; another live process finds it there and is refused with DatabaseInUseError. A lock
 * left by a process that has ended (a crash, a kill -9) is taken over.
 */
export class DatabaseInUseError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database is open in another process (pid ${pid}, most likely the running server): ` +
        `it opens in one process only. Stop that process, or run with DATABASE_URL (PostgreSQL). ` +
        `If no such process runs, delete ${lockFile}.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock of the database directory `dir`; returns its release (also run when the process exits). */
export function lockDataDir(dir: string): () => void {
  const lockFile = `${path.resolve(dir)}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      // Our own pid: a lock left by an earlier run in a container where the server is always pid 1.
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) throw new DatabaseInUseError(lockFile, pid);
      fs.rmSync(lockFile, { force: true });
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    try {
      if (Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10) === process.pid) fs.rmSync(lockFile, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return release;
}
