import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, tempDataDir } from './server-process.js';

describe('the server as its own process', () => {
  const dataDir = tempDataDir();
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts on the embedded database, answers, stops on SIGTERM, and starts again on the same data', async () => {
    const first = await startServer({ env: { DATA_DIR: dataDir } });
    const health = await fetch(`${first.origin}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await first.stop()).toBe(0);
    // The directory was let go: a second process may open it.
    const second = await startServer({ env: first.env });
    expect((await fetch(`${second.origin}/api/v1/health`)).status).toBe(200);
    await second.kill();
    expect(second.child.signalCode).toBe('SIGKILL');
  }, 180_000);
});
