import {
  authResponseSchema,
  phoneCodeRequestSchema,
  phoneCodeResponseSchema,
  phoneVerifyRequestSchema,
  resendTooSoonErrorSchema,
} from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors.js';
import { languageOf } from './request-language.js';
import { withRetryAfter } from './retry-after.js';
import type { PhoneSignInService } from './phone-sign-in-service.js';

const errors = { ...errorResponses(400, 401, 403, 404, 409), 429: resendTooSoonErrorSchema };

/** Signing in (or up) with a mobile number and a code sent by WhatsApp. */
export const phoneAuthRoutes: FastifyPluginAsyncZod<{ phoneSignIn: PhoneSignInService }> = async (app, { phoneSignIn }) => {
  app.post(
    '/auth/phone/code',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'A six-digit code by WhatsApp to sign in or up with this mobile number (E.164; the same answer whether or not it has an account)',
        body: phoneCodeRequestSchema,
        response: { 200: phoneCodeResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, () => phoneSignIn.requestCode(request.body, { language: languageOf(request), address: request.ip })),
  );
  app.post(
    '/auth/phone/verify',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "The WhatsApp code: the number's account signs in; a number without one needs fullName (400 NAME_REQUIRED) and becomes an account",
        body: phoneVerifyRequestSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => phoneSignIn.verify(request.body, { address: request.ip }),
  );
};
