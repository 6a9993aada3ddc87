import {
  addContactRequestSchema,
  addContactResponseSchema,
  adoptGuestBookingsRequestSchema,
  adoptGuestBookingsResponseSchema,
  guestBookingOffersSchema,
  resendTooSoonErrorSchema,
  verifyContactRequestSchema,
  verifyContactResponseSchema,
} from '@kwenda/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors.js';
import type { AccountContactsService } from './account-contacts-service.js';
import { languageOf } from './request-language.js';
import { withRetryAfter } from './retry-after.js';

const errors = { ...errorResponses(400, 401, 403, 404, 409), 429: resendTooSoonErrorSchema };

/** A signed-in traveller's e-mail and mobile number, and the bookings they made as a guest with them. */
export const accountContactsRoutes: FastifyPluginAsyncZod<{ contacts: AccountContactsService }> = async (app, { contacts }) => {
  // Behind app.requireUser (plugins/auth.ts): a live traveller session.
  const userIdOf = (request: FastifyRequest) => request.auth!.userId;

  app.post(
    '/account/contact',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Add a mobile number (code by WhatsApp) or an e-mail (code by e-mail) to the account',
        body: addContactRequestSchema,
        response: { 200: addContactResponseSchema, ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) =>
      withRetryAfter(reply, () =>
        contacts.addContact(userIdOf(request), request.body, { language: languageOf(request), address: request.ip }),
      ),
  );
  app.post(
    '/account/contact/verify',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The code: the number or e-mail becomes the account’s, verified (409 CONTACT_TAKEN when another account has it)',
        body: verifyContactRequestSchema,
        response: { 200: verifyContactResponseSchema, ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request) => contacts.verifyContact(userIdOf(request), request.body, { address: request.ip }),
  );
  app.get(
    '/account/guest-bookings',
    {
      schema: {
        tags: ['accounts'],
        summary: "Bookings made as a guest with the account's verified e-mail or number, offered to be added",
        response: { 200: guestBookingOffersSchema, ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return contacts.listGuestBookings(userIdOf(request));
    },
  );
  app.post(
    '/account/guest-bookings',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Add guest bookings to the account (only those still offered to it are added)',
        body: adoptGuestBookingsRequestSchema,
        response: { 200: adoptGuestBookingsResponseSchema, ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request) => contacts.adoptGuestBookings(userIdOf(request), request.body.ids),
  );
};
