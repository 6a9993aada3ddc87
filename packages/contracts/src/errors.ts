import './zod-config.js';
import { z } from 'zod';
import { accountErrorCodes, bookingErrorCodes, deskErrorCodes, errorCodes } from './error-codes.js';

export const errorCodeSchema = z.enum([...errorCodes, ...deskErrorCodes, ...bookingErrorCodes, ...accountErrorCodes]);

/**
 * Field-level problem. `path` is dotted (`filters.departureDate`, `filters.slices.1.destinationStation`);
 * `code` is a stable key the client translates (see fieldErrorCodes).
 */
export const fieldErrorSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const apiErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
