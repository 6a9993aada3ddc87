import './zod-config.js';
import { z } from 'zod';
import { socialProviderSchema } from './config.js';
import { apiErrorSchema } from './errors.js';

/** A traveller's account as the API shows it. */
export const userSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  /** Null for an account made with a mobile number only. */
  email: z.string().nullable(),
  /** The verified mobile number the account signs in with (E.164), or null. */
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  whatsapp: z.string().nullable(),
  active: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/**
 * GET /account: the user, and when the account is an active agent of the agency its referral code
 * (the agent's own page is /agent); null for every other traveller.
 */
export const accountSchema = userSchema.extend({
  agent: z.object({ referralCode: z.string() }).nullable(),
  contacts: z.lazy(() => accountContactsSchema),
});

/** Which ways of signing in the account has and which are verified (the profile shows them). */
export const accountContactsSchema = z.object({
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
});
export type AccountContacts = z.infer<typeof accountContactsSchema>;
export type Account = z.infer<typeof accountSchema>;

const loose = (max: number) => z.string().max(max).nullish();

/**
 * POST /auth/register. Fields are checked by the service so the answer carries
 * the spec's codes (REQUIRED_PASSWORD, PASSWORD_CONFIRMATION_MISMATCH, WEAK_PASSWORD, too_long, ...);
 * the name's bound here is only against huge bodies (the service names ACCOUNT_LIMITS.fullNameMaxLength).
 */
export const registerRequestSchema = z.object({
  payload: z.object({
    fullName: loose(2000),
    email: loose(254),
    password: loose(256),
    passwordConfirmation: loose(256),
  }),
  provider: z.literal('email').default('email'),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * The same answer whether or not the e-mail already has an account (the owner is e-mailed instead of a
 * code). `registration` names this sign-up: the code screen sends it back, so the code it confirms is
 * this sign-up's own and activates the password chosen here, never one another sign-up chose.
 */
export const registerResponseSchema = z.object({
  success: z.literal(true),
  user: z.object({ fullName: z.string(), email: z.string() }),
  registration: z.string(),
});

/**
 * Which sign-up a code belongs to: its `registration` (from the sign-up's answer), or else the
 * `password` chosen at sign-up. With neither, the code is looked for among the e-mail's sign-ups.
 */
const whichSignUp = { registration: z.string().max(64).nullish(), password: z.string().max(256).nullish() };

/** POST /auth/otp: the six-digit code e-mailed at sign-up. */
export const otpRequestSchema = z.object({
  email: z.string().max(254),
  otp: z.string().max(16),
  fullName: loose(2000),
  ...whichSignUp,
});
/** POST /auth/otp/resend: one sign-up's code again (named as above; unnamed, only while the e-mail has a single sign-up). */
export const otpResendRequestSchema = z.object({ email: z.string().max(254), ...whichSignUp });

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

/** PUT /account/update: phone numbers in E.164 (dial code + digits); empty gives null. */
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

export const SOCIAL_LIMITS = {
  /** Life of the signed cookie that carries state, PKCE verifier and nonce through the provider's pages. */
  flowMinutes: 10,
  /** Life of the one-time ticket the callback hands to the web page. */
  ticketMinutes: 2,
} as const;

/**
 * POST /auth/social (the path the first version of the site called): a client that already holds a provider token. The server checks the
 * token with the provider itself; `email` and `emailVerified` are accepted for compatibility and ignored.
 */
export const socialLoginRequestSchema = z.object({
  provider: socialProviderSchema,
  /** Google: the ID token (its audience must be our client id). */
  idToken: z.string().max(8192).nullish(),
  /** Facebook: the user access token (checked with debug_token: it must be issued to our app). */
  accessToken: z.string().max(4096).nullish(),
  /** Older clients' name for accessToken. */
  firebaseAccessToken: z.string().max(4096).nullish(),
  email: z.string().max(254).nullish(),
  emailVerified: z.boolean().nullish(),
});
export type SocialLoginRequest = z.infer<typeof socialLoginRequestSchema>;

/** POST /auth/social/exchange: the one-time ticket from /login?social_ticket=... */
export const socialExchangeRequestSchema = z.object({ ticket: z.string().min(1).max(200) });

/** GET /auth/social/:provider/start */
export const socialStartQuerySchema = z.object({
  /** A path on this site to come back to after signing in ("/" when absent or not a same-site path). */
  returnTo: z.string().optional(),
});

/** GET /auth/social/:provider/callback: what the provider sends back. */
export const socialCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
  error_reason: z.string().optional(),
});

/** 400 of PUT /account/update: field -> code. */
export const accountValidationErrorSchema = apiErrorSchema.extend({
  success: z.literal(false),
  validationErrors: z.record(z.string(), z.string()),
});
