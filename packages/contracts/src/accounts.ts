import { z } from 'zod';
import { apiErrorSchema } from './errors.js';

/** SPEC section 3 "User". */
export const userSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  whatsapp: z.string().nullable(),
  active: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

const loose = (max: number) => z.string().max(max).nullish();

/**
 * POST /auth/register (SPEC section 7). Fields are checked by the service so the answer carries
 * the spec's codes (REQUIRED_PASSWORD, PASSWORD_CONFIRMATION_MISMATCH, EMAIL_IS_NOT_UNIQUE, ...).
 */
export const registerRequestSchema = z.object({
  payload: z.object({
    fullName: loose(120),
    email: loose(254),
    password: loose(256),
    passwordConfirmation: loose(256),
  }),
  provider: z.literal('email').default('email'),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  success: z.literal(true),
  user: z.object({ fullName: z.string(), email: z.string() }),
});

/** POST /auth/otp: the six-digit code e-mailed at sign-up. */
export const otpRequestSchema = z.object({ email: z.string().max(254), otp: z.string().max(16), fullName: loose(120) });
export const otpResendRequestSchema = z.object({ email: z.string().max(254) });

export const loginRequestSchema = z.object({ email: z.string().max(254), password: z.string().max(256) });

/** Auth data: a short-lived bearer token (its session ends on logout) and the user. */
export const authResponseSchema = z.object({
  success: z.literal(true),
  jwt: z.string(),
  expiresAt: z.iso.datetime(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const okResponseSchema = z.object({ success: z.literal(true) });

export const ACCOUNT_LIMITS = {
  passwordMinLength: 10,
  codeLength: 6,
  codeMinutes: 10,
  codeAttempts: 5,
  sessionHours: 12,
  resetLinkMinutes: 60,
} as const;

/** PUT /account/update: phone numbers in E.164 (dial code + digits); empty gives null (SPEC section 5). */
export const updateAccountRequestSchema = z.object({
  mobile: z.string().max(32).nullish(),
  whatsapp: z.string().max(32).nullish(),
});
export const updateAccountResponseSchema = z.object({ success: z.literal(true), user: userSchema });

export const requestPasswordResetSchema = z.object({ email: z.string().max(254) });
export const passwordResetSchema = z.object({
  token: z.string().max(200),
  password: z.string().max(256).nullish(),
  passwordConfirmation: z.string().max(256).nullish(),
});

/** 400 of PUT /account/update: field -> code. */
export const accountValidationErrorSchema = apiErrorSchema.extend({
  success: z.literal(false),
  validationErrors: z.record(z.string(), z.string()),
});
