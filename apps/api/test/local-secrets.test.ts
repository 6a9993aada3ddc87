import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.js';
import { environment } from '../src/env-file.js';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scripts/local-secrets.mjs');
const run = promisify(execFile);

/** `npm start`'s first step, in a folder of its own, with none of the test run's variables. */
async function firstStart(cwd: string, env: Record<string, string> = {}) {
  const { PATH, HOME } = process.env;
  return run(process.execPath, [script], { cwd, env: { PATH: PATH ?? '', HOME: HOME ?? '', ...env } });
}

describe('the secrets `npm start` writes on a fresh machine', () => {
  const folders: string[] = [];
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-secrets-'));
    folders.push(dir);
    return dir;
  };
  afterEach(() => folders.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('fills in the empty lines of a copied .env.example, privately, once; production then starts', async () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, '.env'), 'PUBLIC_URL=https://kwenda.example\nJWT_SECRET=\nSANDBOX_GATEWAY_SECRET=\n');
    const first = await firstStart(dir);
    expect(first.stdout).toContain('Wrote JWT_SECRET and SANDBOX_GATEWAY_SECRET to .env');
    const written = fs.readFileSync(path.join(dir, '.env'), 'utf8');
    expect(fs.statSync(path.join(dir, '.env')).mode & 0o777).toBe(0o600);
    expect(written).toMatch(/^PUBLIC_URL=https:\/\/kwenda\.example$/m);
    expect(written).toMatch(/^JWT_SECRET=[\w-]{60,}$/m);
    expect(written).toMatch(/^SANDBOX_GATEWAY_SECRET=[\w-]{40,}$/m);

    // A second start changes nothing; the server in production reads them and starts.
    expect((await firstStart(dir)).stdout).toBe('');
    expect(fs.readFileSync(path.join(dir, '.env'), 'utf8')).toBe(written);
    const env = loadEnv({ ...environment({}, dir), NODE_ENV: 'production' });
    expect(env.JWT_SECRET).toBe(/^JWT_SECRET=(.+)$/m.exec(written)![1]);
  });

  it('keeps the secrets an older version kept under DATA_DIR, and leaves a set secret alone', async () => {
    const dir = folder();
    fs.mkdirSync(path.join(dir, 'data'));
    const kept = 'k'.repeat(64);
    fs.writeFileSync(path.join(dir, 'data', 'jwt.secret'), `${kept}\n`);
    await firstStart(dir, { SANDBOX_GATEWAY_SECRET: 'g'.repeat(40) });
    const written = fs.readFileSync(path.join(dir, '.env'), 'utf8');
    expect(written).toBe(`JWT_SECRET=${kept}\n`);
  });
});
