import './zod-config.js';
import { z } from 'zod';
import { iataCodeSchema, isoDateSchema } from './common.js';

/**
 * GET /api/v1/notices: what the agency wants travellers of these flights to know before they pay (a
 * route, an airport or an airline, for flights leaving on `date`). The page shows each in its language.
 */
export const noticesQuerySchema = z.object({
  origin: iataCodeSchema,
  destination: iataCodeSchema,
  /** The airlines of the flights, comma-separated IATA codes ("3T,MS"); none for a route's notices only. */
  airlines: z
    .string()
    .trim()
    .max(60)
    .regex(/^([A-Za-z0-9]{2}(,[A-Za-z0-9]{2})*)?$/, 'Expected airline codes separated by commas (3T,MS)')
    .optional()
    .transform((value) => (value ? [...new Set(value.toUpperCase().split(','))] : [])),
  date: isoDateSchema,
});
export type NoticesQuery = z.input<typeof noticesQuerySchema>;

export const travellerNoticeSchema = z.object({ id: z.string(), textAr: z.string(), textEn: z.string() });
export type TravellerNotice = z.infer<typeof travellerNoticeSchema>;
export const noticesResponseSchema = z.object({ notices: z.array(travellerNoticeSchema) });
export type NoticesResponse = z.infer<typeof noticesResponseSchema>;
