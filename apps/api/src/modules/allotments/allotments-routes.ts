import multipart from '@fastify/multipart';
import { apiErrorSchema } from '@kwenda/contracts';
import { allotmentImportQuerySchema, allotmentImportResponseSchema } from '@kwenda/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, validationError } from '../../errors.js';
import { staffUserIdOf } from '../../plugins/auth.js';
import type { AllotmentsService } from './allotments-service.js';

/** An airline's sheet for a season is a few hundred lines: 2 MB is far more than one needs. */
const CSV_MAX_BYTES = 2 * 1024 * 1024;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };

/** The agency's own seats: the desk and the owner import the airline's sheet. */
export const allotmentsRoutes: FastifyPluginAsyncZod<{ allotments: AllotmentsService }> = async (app, { allotments }) => {
  await app.register(multipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: CSV_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/admin/allotments/import',
    {
      preHandler: app.requireStaff('agent-desk'),
      schema: {
        tags: ['admin'],
        summary:
          "Import the airline's sheet of allocated seats (CSV, one line per flight and period): a text/csv body or a multipart file; ?dryRun=true saves nothing",
        consumes: ['text/csv', 'multipart/form-data'],
        querystring: allotmentImportQuerySchema,
        response: { 200: allotmentImportResponseSchema, ...errors },
      },
    },
    async (request) => {
      let text: string;
      if (request.isMultipart()) {
        const file = await request.file().catch(() => {
          throw validationError([{ path: 'file', code: 'invalid', message: 'The upload could not be read' }]);
        });
        if (!file || file.fieldname !== 'file')
          throw validationError([{ path: 'file', code: 'required', message: 'Attach the sheet in a "file" field' }]);
        const bytes = await file.toBuffer().catch(() => {
          throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is larger than 2 MB', [
            { path: 'file', code: 'too_large', message: 'At most 2 MB' },
          ]);
        });
        text = bytes.toString('utf8');
      } else if (typeof request.body === 'string') text = request.body;
      else
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the sheet as a text/csv body or as multipart/form-data with a "file" field',
        );
      return allotments.importCsv(text, { dryRun: request.query.dryRun, staffUserId: staffUserIdOf(request) });
    },
  );
};
