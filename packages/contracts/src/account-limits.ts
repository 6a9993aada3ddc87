/**
 * The limits of accounts and of sign-in codes, for the API's checks and the forms' hints. Zod-free, exported
 * by the rules entry ('@kwenda/contracts/rules'): the log-in and sign-up pages name them without evaluating
 * zod and the account schemas in the task that hydrates the page.
 */
export const ACCOUNT_LIMITS = {
  /** A full name longer than this is refused, with the limit named (field code too_long). */
  fullNameMaxLength: 120,
  passwordMinLength: 10,
  codeLength: 6,
  codeMinutes: 10,
  codeAttempts: 5,
  sessionHours: 12,
  resetLinkMinutes: 60,
} as const;

export const PHONE_CODE_LIMITS = {
  codeLength: 6,
  codeMinutes: 10,
  codeAttempts: 5,
  /** A new send of the code is refused (429 with retryAfterSeconds) before this wait. */
  resendAfterSeconds: 60,
  /** Codes sent to one number in 15 minutes. */
  codesPerNumber: 3,
} as const;
