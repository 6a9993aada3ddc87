import { z } from 'zod';
import { bankAccountSchema } from './bookings.js';
import { currencies } from './currencies.js';

/** What the browser learns about the deployment at run time (GET /api/v1/config). */
export const publicConfigSchema = z.object({
  staging: z.boolean(),
  currencies: z.array(z.enum(currencies)),
  /** International format without +, as wa.me wants it. */
  whatsappNumber: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  offerTtlMinutes: z.number().int().positive(),
  /** Where travellers who pay later send a bank transfer / mobile banking payment. */
  bankAccounts: z.array(bankAccountSchema),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
