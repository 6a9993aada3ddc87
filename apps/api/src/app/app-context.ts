import type { Database } from '../db/client.js';
import type { Env } from '../env.js';
import { mailContextOf } from '../modules/mail/mail-context.js';
import { createMailService } from '../modules/mail/mail-service.js';
import { publicOriginOf } from '../modules/mail/public-links.js';
import { createRateBook } from '../modules/rates/rate-book.js';
import { createMessengerService } from '../modules/whatsapp/messenger-service.js';
import { registerAuth } from '../plugins/auth.js';
import { jwtSecret } from '../plugins/auth-tokens.js';
import type { ErrorReporter } from '../plugins/error-reporter.js';
import { createSupplierRegistry } from '../suppliers/create-supplier.js';
import type { Supplier } from '../suppliers/supplier.js';
import type { AppContext } from './app-module.js';
import type { HttpServer } from './http-server.js';

/** The services every module shares, and request.auth, app.requireUser and app.requireStaff for every route. */
export async function createAppContext(
  app: HttpServer,
  { env, database, errorReporter, supplier }: { env: Env; database: Database; errorReporter: ErrorReporter; supplier?: Supplier },
): Promise<AppContext> {
  const publicUrl = publicOriginOf(env);
  const secret = jwtSecret(env);
  registerAuth(app, { db: database.db, secret });
  return {
    app,
    env,
    database,
    errorReporter,
    suppliers: await createSupplierRegistry(env, database, app.log, supplier),
    rates: createRateBook(database.db, { listen: database.listen }),
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    mailContext: mailContextOf(env, publicUrl),
    mail: createMailService({ database, env, logger: app.log }),
    messenger: createMessengerService({ database, env, logger: app.log }),
    secret,
  };
}
