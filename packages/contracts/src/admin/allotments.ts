import '../zod-config.js';
import { z } from 'zod';

/**
 * The agency's own seats (/api/v1/admin/allotments): the airline's sheet imported as CSV, one line per
 * flight and period; each date the flight operates becomes a dated flight with its seats.
 */
export const allotmentImportQuerySchema = z.object({
  /** true: answer what would change and save nothing. */
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const importedDatedFlightSchema = z.object({
  airline: z.string(),
  flightNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  /** Local date and time of departure at the origin. */
  departureDate: z.string(),
  departureTime: z.string(),
  seats: z.number().int(),
  change: z.enum(['created', 'changed']),
});
export type ImportedDatedFlight = z.infer<typeof importedDatedFlightSchema>;

export const allotmentImportResponseSchema = z.object({
  dryRun: z.boolean(),
  /** Dated flights made and changed by the file (those of past days are left as they are). */
  created: z.number().int(),
  changed: z.number().int(),
  datedFlights: z.array(importedDatedFlightSchema),
});
export type AllotmentImportResponse = z.infer<typeof allotmentImportResponseSchema>;
