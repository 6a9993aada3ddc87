import { buildApp, type App } from '../../src/app.js';
import { loadEnv, type Env } from '../../src/env.js';
import type { Supplier } from '../../src/suppliers/supplier.js';
import { createTestDatabase, type Backend, type TestDatabase } from './test-database.js';

export interface TestContext {
  app: App;
  database: TestDatabase;
  env: Env;
  close(): Promise<void>;
}

export async function createTestApp(backend: Backend, options: { env?: Record<string, string>; supplier?: Supplier } = {}): Promise<TestContext> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...options.env });
  const database = await createTestDatabase(backend);
  const app = await buildApp({ env, database, supplier: options.supplier });
  await app.ready();
  return {
    app,
    database,
    env,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
