import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { EnvError, loadEnv } from './env.js';
import { environment } from './env-file.js';
import { importReceiptFiles } from './modules/receipts/receipt-storage.js';
import { trackRequestsInFlight } from './plugins/requests-in-flight.js';

async function main() {
  let env;
  try {
    env = loadEnv(environment());
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const applied = await migrate(database.sql);
  const app = await buildApp({ env, database });
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  app.log.info({ database: database.kind, staging: env.STAGING }, 'starting');

  // The receipts this machine kept as files before they moved into the database, handed to every process.
  const receipts = await importReceiptFiles(database.db);
  if (receipts.imported || receipts.elsewhere || receipts.altered)
    app.log.info(receipts, 'receipt files: copied into the database (elsewhere: on another machine; altered: left out)');

  // SIGTERM (a deploy, systemd, the load balancer taking this process out): no new connections, the
  // requests in flight (even those whose client left) and the job step under way finish, then exit 0;
  // after SHUTDOWN_TIMEOUT_SECONDS what is left is cut and the exit is 1. A second signal ends the process at once.
  let closing = false;
  const requests = trackRequestsInFlight(app);
  // A kept-alive connection would hold the exit until it idled out: a response sent while closing closes its own.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight and the job step under way');
    const deadline = setTimeout(() => {
      app.log.error({ seconds: env.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown took too long: cutting what is left');
      app.server.closeAllConnections();
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    // Connections idle between requests (and those whose response was already on its way) are closed as they fall idle.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 250);
    try {
      await Promise.all([app.kwenda.jobs.stop(), app.close()]);
      // A handler whose client left is still at work after its connection closed: it finishes first.
      await requests.settled();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    clearInterval(reaper);
    clearTimeout(deadline);
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((error: unknown) => {
  console.error('Kwenda failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
