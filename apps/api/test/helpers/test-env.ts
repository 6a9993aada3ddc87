import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEnv, type Env } from '../../src/env.js';

/** The environment of a server under test: quiet, no web build, no jobs, a data folder of its own; `overrides` on top. */
export function testEnv(overrides: Record<string, string | undefined> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    RUN_JOBS: 'false',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-test-')),
    ...overrides,
  });
}
