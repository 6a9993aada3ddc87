import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockDataDir } from './pglite-lock.js';

const dirs: string[] = [];
const newDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The id of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('the embedded database lock', () => {
  it('is written with this process id and removed on release', () => {
    const dir = newDir();
    const release = lockDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    release();
  });

  it('refuses a directory a live process holds, naming it and the lock file', () => {
    const dir = newDir();
    fs.writeFileSync(`${dir}.lock`, `${process.ppid}\n`);
    let refused: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    expect((refused as DatabaseInUseError).pid).toBe(process.ppid);
    expect((refused as Error).message).toContain(`${dir}.lock`);
    // The holder's lock stays.
    expect(fs.readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that has ended, or by an earlier run with the same id', async () => {
    const dir = newDir();
    fs.writeFileSync(`${dir}.lock`, `${await deadPid()}\n`);
    lockDataDir(dir)();
    fs.writeFileSync(`${dir}.lock`, `${process.pid}\n`);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    release();
  });
});
