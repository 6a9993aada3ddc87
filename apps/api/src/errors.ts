import { apiErrorSchema, bookingIdSchema, type ErrorCode, type FieldError } from '@kwenda/contracts';

/** An expected failure with a code for the wire; the error handler turns it into JSON. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    /** More members of the JSON answer (e.g. validationErrors of a booking). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const validationError = (fields: FieldError[]) =>
  new AppError(400, 'VALIDATION_ERROR', `Invalid input: ${fields.map((f) => `${f.path}: ${f.message}`).join('; ')}`, fields);

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);

/** No booking with this id. */
export const bookingNotFound = () => notFound('No booking with this id');

/** An id that is not a booking's is simply not found (a 404), not a validation error. */
export function checkBookingId(id: string) {
  if (!bookingIdSchema.safeParse(id).success) throw bookingNotFound();
}

/** A route's error answers (schema.response): the API's error body for each of these statuses. */
export const errorResponses = <Status extends number>(...statuses: Status[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<Status, typeof apiErrorSchema>;
