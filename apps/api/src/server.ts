import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { EnvError, loadEnv } from './env.js';
import { environment } from './env-file.js';

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

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
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
