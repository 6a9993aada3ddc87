import { buildApp, type App, type AppDeps } from '../../src/app.js';
import { testEnv } from './test-env.js';
import type { Env } from '../../src/env.js';
import type { Supplier } from '../../src/suppliers/supplier.js';
import { createTestDatabase, type Backend, type TestDatabase } from './test-database.js';

export interface TestContext {
  app: App;
  bookings: App['kwenda']['bookings'];
  database: TestDatabase;
  env: Env;
  close(): Promise<void>;
}

export async function createTestApp(
  backend: Backend,
  options: {
    env?: Record<string, string>;
    /** A supplier, or one built on the test's database (the sandbox keeps its orders there). */
    supplier?: Supplier | ((database: TestDatabase) => Supplier);
    deliverWebhook?: AppDeps['deliverWebhook'];
  } = {},
): Promise<TestContext> {
  const env = testEnv({
    // The factories hold every booking with one contact from one address; the caps' own tests set theirs.
    HOLD_CAP_PER_CONTACT: '100',
    HOLD_CAP_PER_ADDRESS: '1000',
    ...options.env,
  });
  const database = await createTestDatabase(backend);
  // Webhooks of the sandbox gateway go through app.inject unless a test says otherwise.
  let app: App | undefined = undefined;
  const deliverWebhook: AppDeps['deliverWebhook'] =
    options.deliverWebhook ??
    (async (url, body, headers) => {
      const response = await app!.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers });
      return { status: response.statusCode };
    });
  const supplier = typeof options.supplier === 'function' ? options.supplier(database) : options.supplier;
  app = await buildApp({ env, database, supplier, deliverWebhook });
  await app.ready();
  return {
    app,
    bookings: app.kwenda.bookings,
    database,
    env,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
