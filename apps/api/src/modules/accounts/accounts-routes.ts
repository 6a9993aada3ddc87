import {
  accountSchema,
  accountValidationErrorSchema,
  apiErrorSchema,
  authResponseSchema,
  bookingSchema,
  loginRequestSchema,
  okResponseSchema,
  otpRequestSchema,
  otpResendRequestSchema,
  passwordResetSchema,
  registerRequestSchema,
  registerResponseSchema,
  requestPasswordResetSchema,
  updateAccountRequestSchema,
  updateAccountResponseSchema,
} from '@kwenda/contracts';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, errorResponses } from '../../errors.js';
import { presentUser, type AccountsService } from './accounts-service.js';
import { presentContacts } from './account-contacts-service.js';
import { languageOf } from './request-language.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Sign-up with an e-mailed code, log-in, log-out that ends the session, the current user. */
export const accountsRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsService;
  listBookings: (userId: string) => Promise<z.infer<typeof bookingSchema>[]>;
  /** The account's agent (its referral code) when it is an active one, else null. */
  agentOf: (userId: string) => Promise<{ referralCode: string } | null>;
}> = async (app, { accounts, listBookings, agentOf }) => {
  // Behind app.requireUser (plugins/auth.ts): a live traveller session.
  const userIdOf = (request: FastifyRequest) => request.auth!.userId;

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign up; a six-digit code is e-mailed (an address with an account is e-mailed how to log in instead)',
        body: registerRequestSchema,
        response: { 200: registerResponseSchema, ...errors },
      },
    },
    async (request) => accounts.register(request.body, { language: languageOf(request), address: request.ip }),
  );
  app.post(
    '/auth/otp',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Confirm the e-mailed code and log in',
        body: otpRequestSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => accounts.verifyCode(request.body),
  );
  app.post(
    '/auth/otp/resend',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "A sign-up's code again, the sign-up named by its registration or password (same answer whether or not there is one)",
        body: otpResendRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => accounts.resendCode(request.body, { language: languageOf(request), address: request.ip }),
  );
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Log in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => accounts.login(request.body, { address: request.ip }),
  );
  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'End the session: the token stops working',
        response: { 200: okResponseSchema, ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request) => accounts.logout(request.auth!.sessionId),
  );
  app.get(
    '/account',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'The logged-in user, which of its e-mail and number are verified, and its referral code when the account is an agent',
        response: { 200: accountSchema, ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const user = await accounts.findUser(userIdOf(request));
      if (!user) throw new AppError(401, 'UNAUTHORIZED', 'Log in first');
      reply.header('cache-control', 'no-store');
      return { ...presentUser(user), agent: await agentOf(user.id), contacts: presentContacts(user) };
    },
  );
  app.put(
    '/account/update',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Mobile and WhatsApp numbers (E.164; empty clears)',
        body: updateAccountRequestSchema,
        response: { 200: updateAccountResponseSchema, ...errors, 400: accountValidationErrorSchema.or(apiErrorSchema) },
      },
      preHandler: app.requireUser,
    },
    async (request) => accounts.updateProfile(userIdOf(request), request.body),
  );
  app.put(
    '/account/request_password_reset',
    {
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a single-use reset link (the same answer whether or not an account has the address)',
        body: requestPasswordResetSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => accounts.requestPasswordReset(request.body.email, { address: request.ip }),
  );
  app.put(
    '/account/password_reset',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the e-mailed link (once, within an hour)',
        body: passwordResetSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => accounts.resetPassword(request.body),
  );
  app.get(
    '/account/bookings',
    {
      schema: {
        tags: ['accounts'],
        summary: "The user's bookings, newest first",
        response: { 200: z.array(bookingSchema), ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listBookings(userIdOf(request));
    },
  );
};
