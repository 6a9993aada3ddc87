import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { isStaffCliToken } from '../staff/staff-cli-token.js';

/**
 * `npm run backup` beside a running server on the embedded database, which opens in one process
 * only: the command asks the server for a copy of its files. It proves it runs on the server's
 * machine as the staff command line does (a short-lived token signed with the server's own secret).
 * Registered only on the embedded database; PostgreSQL is backed up with pg_dump.
 */
export const backupRoutes: FastifyPluginAsyncZod<{ database: Database; secret: Uint8Array }> = async (
  app,
  { database, secret },
) => {
  const dump = database.dumpDataDir;
  if (!dump) return;
  app.post(
    '/admin/cli/backup',
    {
      schema: {
        tags: ['admin'],
        summary: 'Command line: a consistent copy of the embedded database (npm run backup), as a tar file',
      },
      // Before the body is read: a stranger learns nothing about what the route takes.
      onRequest: async (request) => {
        if (!(await isStaffCliToken(secret, request.headers.authorization)))
          throw new AppError(401, 'UNAUTHORIZED', "Only the backup command, run with the server's secret, may call this");
      },
    },
    async (request, reply) => {
      // Written-back data files make the copy's recovery on opening short; the copy is whole without it.
      await database.sql.exec('CHECKPOINT');
      const tarball = Buffer.from(await (await dump()).arrayBuffer());
      request.log.info({ bytes: tarball.length }, 'embedded database copied for a backup');
      return reply
        .header('content-type', 'application/x-tar')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="pglite.tar"')
        .send(tarball);
    },
  );
};
