import { apiErrorSchema, okResponseSchema } from '@kwenda/contracts';
import {
  inviteStaffRequestSchema,
  staffCliCreateRequestSchema,
  staffCliCreateResponseSchema,
  staffCliDisableRequestSchema,
  staffActionsResponseSchema,
  staffInvitationInfoSchema,
  staffListResponseSchema,
  staffLoginRequestSchema,
  staffLoginResponseSchema,
  staffMeSchema,
  inviteStaffResponseSchema,
  staffMemberResponseSchema,
  staffSetupRequestSchema,
  staffSignedInSchema,
  totpConfirmRequestSchema,
  totpConfirmResponseSchema,
  totpSetupResponseSchema,
  updateStaffRequestSchema,
} from '@kwenda/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { staffUserIdOf } from '../../plugins/auth.js';
import { isStaffCliToken } from './staff-cli-token.js';
import type { StaffService } from './staff-service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tokenParams = z.object({ token: z.string().max(200) });
const memberParams = z.object({ userId: z.string().max(100) });
/** A link token is 43 base64url characters; anything else is simply not a link. */
const checkToken = (token: string) => {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token))
    throw new AppError(400, 'INVITATION_INVALID', 'This link is unknown, already used or older than 24 hours');
};

/**
 * The staff's own sign-in (/admin/auth/...): set-up and invitation links, e-mail and password then
 * the authenticator's code, the second factor's set-up, and the owner's Staff screen (/admin/staff/...).
 */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService; secret: Uint8Array }> = async (
  app,
  { staff: { signIn, members }, secret },
) => {
  const tags = ['admin'];
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/admin/auth/invitations/:token',
    {
      schema: {
        tags,
        summary: 'What a set-up or invitation link is for (e-mail, role), while it works',
        params: tokenParams,
        response: { 200: staffInvitationInfoSchema, ...errors },
      },
    },
    async (request, reply) => {
      checkToken(request.params.token);
      reply.headers(noStore);
      return members.invitationInfo(request.params.token);
    },
  );
  app.post(
    '/admin/auth/invitations/:token',
    {
      schema: {
        tags,
        summary: 'Use a set-up or invitation link: name and password; answers a staff session (second factor next)',
        params: tokenParams,
        body: staffSetupRequestSchema,
        response: { 200: staffSignedInSchema, ...errors },
      },
    },
    async (request) => {
      checkToken(request.params.token);
      return members.acceptInvitation(request.params.token, request.body);
    },
  );
  app.post(
    '/admin/auth/login',
    {
      schema: {
        tags,
        summary: 'Staff sign-in: e-mail and password, then the authenticator or a recovery code (8-hour session)',
        body: staffLoginRequestSchema,
        response: { 200: staffLoginResponseSchema, ...errors },
      },
    },
    async (request) => signIn.login(request.body, { address: request.ip }),
  );
  app.post(
    '/admin/auth/logout',
    {
      schema: { tags, summary: 'End this staff session', response: { 200: okResponseSchema, ...errors } },
      preHandler: app.requireStaff('viewer', { withoutSecondFactor: true }),
    },
    async (request) => signIn.logout(request.auth!.sessionId),
  );
  app.get(
    '/admin/auth/me',
    {
      schema: { tags, summary: 'The signed-in staff member', response: { 200: staffMeSchema, ...errors } },
      preHandler: app.requireStaff('viewer', { withoutSecondFactor: true }),
    },
    async (request, reply) => {
      reply.headers(noStore);
      return signIn.me(staffUserIdOf(request));
    },
  );
  app.post(
    '/admin/auth/totp/setup',
    {
      schema: {
        tags,
        summary: 'A new authenticator secret and its QR code (not in force until confirmed with a code)',
        response: { 200: totpSetupResponseSchema, ...errors },
      },
      preHandler: app.requireStaff('viewer', { withoutSecondFactor: true }),
    },
    async (request, reply) => {
      // Replacing a second factor that is on needs a session that gave it.
      if (!request.auth!.secondFactor && (await signIn.me(staffUserIdOf(request))).secondFactorEnabled)
        throw new AppError(403, 'SECOND_FACTOR_REQUIRED', 'Sign in with your authenticator code first');
      reply.headers(noStore);
      return signIn.startTotpSetup(staffUserIdOf(request));
    },
  );
  app.post(
    '/admin/auth/totp/confirm',
    {
      schema: {
        tags,
        summary: 'Turn the authenticator on with its current code; answers 10 single-use recovery codes, once',
        body: totpConfirmRequestSchema,
        response: { 200: totpConfirmResponseSchema, ...errors },
      },
      preHandler: app.requireStaff('viewer', { withoutSecondFactor: true }),
    },
    async (request, reply) => {
      if (!request.auth!.secondFactor && (await signIn.me(staffUserIdOf(request))).secondFactorEnabled)
        throw new AppError(403, 'SECOND_FACTOR_REQUIRED', 'Sign in with your authenticator code first');
      reply.headers(noStore);
      return signIn.confirmTotp(staffUserIdOf(request), request.auth!.sessionId, request.body.code);
    },
  );

  // ---------- the owner's Staff screen ----------
  const owner = app.requireStaff('owner');
  app.get(
    '/admin/staff',
    {
      schema: {
        tags,
        summary: 'Every staff member with role, status and last activity',
        response: { 200: staffListResponseSchema, ...errors },
      },
      preHandler: owner,
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return { staff: await members.list() };
    },
  );
  app.post(
    '/admin/staff/invitations',
    {
      schema: {
        tags,
        summary: 'Invite someone: an e-mailed set-up link, valid 24 hours, once',
        body: inviteStaffRequestSchema,
        response: { 201: inviteStaffResponseSchema, ...errors },
      },
      preHandler: owner,
    },
    async (request, reply) => {
      const invited = await members.invite(staffUserIdOf(request), request.body);
      return reply.status(201).send(invited);
    },
  );
  app.patch(
    '/admin/staff/:userId',
    {
      schema: {
        tags,
        summary: "Change a staff member's role (the last active owner stays owner)",
        params: memberParams,
        body: updateStaffRequestSchema,
        response: { 200: staffMemberResponseSchema, ...errors },
      },
      preHandler: owner,
    },
    async (request) => ({ member: await members.changeRole(staffUserIdOf(request), request.params.userId, request.body.role) }),
  );
  app.post(
    '/admin/staff/:userId/disable',
    {
      schema: {
        tags,
        summary: 'Disable a staff member: signed out at once, cannot sign in (the last active owner cannot be)',
        params: memberParams,
        response: { 200: staffMemberResponseSchema, ...errors },
      },
      preHandler: owner,
    },
    async (request) => ({ member: await members.disable(staffUserIdOf(request), request.params.userId) }),
  );
  app.post(
    '/admin/staff/:userId/revoke-sessions',
    {
      schema: {
        tags,
        summary: 'End every staff session of a member (they sign in again)',
        params: memberParams,
        response: { 200: staffMemberResponseSchema, ...errors },
      },
      preHandler: owner,
    },
    async (request) => ({ member: await members.revokeSessions(staffUserIdOf(request), request.params.userId) }),
  );
  app.get(
    '/admin/staff/:userId/actions',
    {
      schema: {
        tags,
        summary: "A staff member's recent actions: audit rows and the booking transitions they made",
        params: memberParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: staffActionsResponseSchema, ...errors },
      },
      preHandler: owner,
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { actions: await members.recentActions(request.params.userId, request.query.limit) };
    },
  );
  // ---------- the command line, through the running server (scripts/staff.ts) ----------
  const commandLine = async (request: { headers: { authorization?: string } }) => {
    if (!(await isStaffCliToken(secret, request.headers.authorization)))
      throw new AppError(401, 'UNAUTHORIZED', "Only the staff command line, run with the server's secret, may call this");
  };
  app.post(
    '/admin/cli/staff',
    {
      schema: {
        tags,
        summary: 'Command line: a staff member and a one-time set-up link (npm run staff -- create)',
        body: staffCliCreateRequestSchema,
        response: { 200: staffCliCreateResponseSchema, ...errors },
      },
      onRequest: commandLine,
    },
    async (request) => {
      const created = await members.createWithSetupLink(request.body);
      return { ...created, expiresAt: created.expiresAt.toISOString() };
    },
  );
  app.get(
    '/admin/cli/staff',
    {
      schema: {
        tags,
        summary: 'Command line: every staff member (npm run staff -- list)',
        response: { 200: staffListResponseSchema, ...errors },
      },
      onRequest: commandLine,
    },
    async () => ({ staff: await members.list() }),
  );
  app.post(
    '/admin/cli/staff/disable',
    {
      schema: {
        tags,
        summary: 'Command line: disable a staff member (npm run staff -- disable)',
        body: staffCliDisableRequestSchema,
        response: { 200: staffMemberResponseSchema, ...errors },
      },
      onRequest: commandLine,
    },
    async (request) => {
      const found = await members.findByEmail(request.body.email);
      if (!found) throw new AppError(404, 'NOT_FOUND', `${request.body.email} is not a staff member`);
      return { member: await members.disable(null, found.user.id) };
    },
  );
};
