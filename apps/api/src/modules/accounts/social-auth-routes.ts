import {
  SOCIAL_LIMITS,
  apiErrorSchema,
  authResponseSchema,
  socialCallbackQuerySchema,
  socialExchangeRequestSchema,
  socialLoginRequestSchema,
  socialStartQuerySchema,
} from '@kwenda/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FLOW_COOKIE, flowCookie, readCookie } from './social-flow-cookie.js';
import type { SocialLoginService } from './social-login-service.js';

/** Per client address and route: enough for people, too few to farm tickets or hammer the providers. */
const rateLimit = { max: 30, timeWindow: '1 minute' };
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
  502: apiErrorSchema,
};
const providerParams = z.object({ provider: z.string().max(40) });

/** Sign-in with Google or Facebook: the redirect flow, its ticket exchange, and POST /auth/social for provider tokens. */
export const socialAuthRoutes: FastifyPluginAsyncZod<{ social: SocialLoginService; secureCookies: boolean }> = async (
  app,
  { social, secureCookies },
) => {
  // The flow cookie travels only to the callback of the provider it was made for.
  const cookiePath = (provider: string) => `${app.prefix}/auth/social/${encodeURIComponent(provider)}/callback`;

  app.get(
    '/auth/social/:provider/start',
    {
      config: { rateLimit },
      // A malformed returnTo (e.g. given twice) falls back to "/" rather than failing the sign-in.
      attachValidation: true,
      schema: {
        tags: ['accounts'],
        summary: 'Start signing in with Google or Facebook: 302 to the provider',
        description:
          'Sets a signed, httpOnly flow cookie (10 minutes) and redirects to the provider. returnTo must be a path on this site, otherwise "/".',
        params: providerParams,
        querystring: socialStartQuerySchema,
        response: { 404: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const returnTo = request.validationError ? undefined : request.query.returnTo;
      const { location, flowCookie: value } = await social.startSignIn(request.params.provider, returnTo);
      reply.header(
        'set-cookie',
        flowCookie(value, {
          path: cookiePath(request.params.provider),
          secure: secureCookies,
          maxAgeSeconds: SOCIAL_LIMITS.flowMinutes * 60,
        }),
      );
      reply.header('cache-control', 'no-store');
      return reply.redirect(location, 302);
    },
  );

  app.get(
    '/auth/social/:provider/callback',
    {
      config: { rateLimit },
      // Whatever the provider (or anyone) sends, the browser goes back to the login page.
      attachValidation: true,
      schema: {
        tags: ['accounts'],
        summary: "The provider's redirect back: 302 to /login with a one-time ticket or an error code",
        description:
          'Success: /login?social_ticket=<ticket>&return_to=<path>. Failure: /login?social_error=<code> (SOCIAL_LOGIN_FAILED, SOCIAL_LOGIN_CANCELED, SOCIAL_EMAIL_MISSING, SOCIAL_EMAIL_NOT_VERIFIED, ACCOUNT_DISABLED, SOCIAL_PROVIDER_NOT_CONFIGURED).',
        params: providerParams,
        querystring: socialCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const location = await social.finishSignIn(
        request.params.provider,
        request.validationError ? null : request.query,
        readCookie(request.headers.cookie, FLOW_COOKIE),
      );
      reply.header(
        'set-cookie',
        flowCookie('', { path: cookiePath(request.params.provider), secure: secureCookies, maxAgeSeconds: 0 }),
      );
      reply.header('cache-control', 'no-store');
      return reply.redirect(location, 302);
    },
  );

  app.post(
    '/auth/social/exchange',
    {
      config: { rateLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Trade the one-time ticket of a finished social sign-in for a session (once, within 2 minutes)',
        body: socialExchangeRequestSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return social.exchangeTicket(request.body.ticket);
    },
  );

  app.post(
    '/auth/social',
    {
      config: { rateLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Log in with a Google ID token or a Facebook access token the client already holds',
        description:
          'The server checks the token with the provider (Google: signature, issuer, audience = our client id; Facebook: debug_token for our app id). The email and emailVerified fields are ignored.',
        body: socialLoginRequestSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return social.signInWithToken(request.body);
    },
  );
};
