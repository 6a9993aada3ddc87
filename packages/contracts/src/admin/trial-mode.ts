import '../zod-config.js';
import { z } from 'zod';

/** Why a server is a trial whose bookings are not real (apps/api/src/trial-mode.ts). */
export const TRIAL_REASONS = ['staging', 'placeholders', 'sandbox-supplier', 'sandbox-payments'] as const;
export type TrialReason = (typeof TRIAL_REASONS)[number];

/** GET /admin/trial-mode: whether the site says it is a trial, why, and the settings still at their placeholder. */
export const trialModeResponseSchema = z.object({
  trial: z.boolean(),
  reasons: z.array(z.enum(TRIAL_REASONS)),
  /** By name, as the server's environment spells them (BANK_ACCOUNTS, SUPPORT_PHONE...). */
  missingSettings: z.array(z.string()),
});
export type TrialModeResponse = z.infer<typeof trialModeResponseSchema>;
