import multipart from '@fastify/multipart';
import { apiErrorSchema } from '@kwenda/contracts';
import {
  allotmentBelowTakenErrorSchema,
  allotmentDatedFlightDetailSchema,
  allotmentDatedFlightPatchResponseSchema,
  allotmentDatedFlightPatchSchema,
  allotmentFlightPatchResponseSchema,
  allotmentFlightPatchSchema,
  allotmentFlightsQuerySchema,
  allotmentFlightsResponseSchema,
  allotmentImportQuerySchema,
  allotmentImportResponseSchema,
  allotmentManifestQuerySchema,
  allotmentManifestSchema,
} from '@kwenda/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, validationError } from '../../errors.js';
import { staffUserIdOf } from '../../plugins/auth.js';
import { manifestCsv, manifestFileName } from './allotments-desk-service.js';
import type { AllotmentsService } from './allotments-service.js';

/** An airline's sheet for a season is a few hundred lines: 2 MB is far more than one needs. */
const CSV_MAX_BYTES = 2 * 1024 * 1024;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };
const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
// An id of the wrong shape is simply not found (404), like an id that matches nothing.
const idParams = z.object({ id: z.string().max(100) });
const flightIdParams = z.object({ flightId: z.string().max(100) });

/**
 * The agency's own seats: the desk and the owner import the airline's sheet and manage each dated
 * flight (seats, fares, times, sale, cancellation) and each flight's sale; every staff role, viewer
 * included, lists them and reads a date's passenger list.
 */
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

  const viewer = app.requireStaff('viewer');
  const manager = app.requireStaff('agent-desk');

  app.get(
    '/admin/allotments/flights',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary:
          "The dated flights of the agency's seats leaving in a period (default today and the next 30 days, at most 92), of a route or an airline: seats allocated, held, sold and left, fares, sale, release time; by date and time, at most 1000 (truncated says more matched)",
        querystring: allotmentFlightsQuerySchema,
        response: { 200: allotmentFlightsResponseSchema, ...readErrors },
      },
    },
    async (request) => allotments.listDatedFlights(request.query),
  );

  app.get(
    '/admin/allotments/dated-flights/:id',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary:
          "One dated flight of the agency's seats with its flight over the period (days, dates, bags, conditions, release days)",
        params: idParams,
        response: { 200: allotmentDatedFlightDetailSchema, ...readErrors },
      },
    },
    async (request) => allotments.getDatedFlight(request.params.id),
  );

  app.patch(
    '/admin/allotments/dated-flights/:id',
    {
      preHandler: manager,
      schema: {
        tags: ['admin'],
        summary:
          "Change one date of a flight, all or nothing: seats (never below those held and sold: 409 BELOW_SEATS_TAKEN with the minimum), fares (null: the flight's), times (an arrival before the departure is the next day), infant limit, on sale, cancelled (answers the bookings holding seats); audited",
        params: idParams,
        body: allotmentDatedFlightPatchSchema,
        response: { 200: allotmentDatedFlightPatchResponseSchema, 409: allotmentBelowTakenErrorSchema, ...readErrors },
      },
    },
    async (request) => allotments.changeDatedFlight(request.params.id, request.body, staffUserIdOf(request)),
  );

  app.patch(
    '/admin/allotments/flights/:flightId',
    {
      preHandler: manager,
      schema: {
        tags: ['admin'],
        summary:
          "Put a flight of the agency's seats on sale or pause it, with each of its dates from today (cancelled ones aside); audited",
        params: flightIdParams,
        body: allotmentFlightPatchSchema,
        response: { 200: allotmentFlightPatchResponseSchema, ...readErrors },
      },
    },
    async (request) => allotments.changeFlight(request.params.flightId, request.body, staffUserIdOf(request)),
  );

  app.get(
    '/admin/allotments/flights/:id/manifest',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary:
          "The passenger list of a dated flight (:id) for the airline's office: passport names, documents, contact, bags, PNR and tickets. JSON, or ?format=csv (or Accept: text/csv) for a UTF-8 CSV with a byte-order mark; each reading is audited",
        params: idParams,
        querystring: allotmentManifestQuerySchema,
        produces: ['application/json', 'text/csv'],
        response: { 200: allotmentManifestSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      const accept = request.headers.accept ?? '';
      const format = request.query.format ?? (/\btext\/csv\b/.test(accept) && !/application\/json/.test(accept) ? 'csv' : 'json');
      const manifest = await allotments.getManifest(request.params.id, staffUserIdOf(request), format);
      if (format === 'json') return manifest;
      // A string with its own content type is sent as it is, not serialized as the JSON answer.
      return reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${manifestFileName(manifest.datedFlight)}"`,
          'x-content-type-options': 'nosniff',
        })
        .send(manifestCsv(manifest) as never);
    },
  );
};
