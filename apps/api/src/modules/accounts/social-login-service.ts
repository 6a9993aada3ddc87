import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  SOCIAL_LIMITS,
  socialProviders,
  type AuthResponse,
  type ErrorCode,
  type SocialLoginRequest,
  type SocialProvider as ProviderName,
} from '@kwenda/contracts';
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import * as repo from './accounts-repository.js';
import type { AccountsService } from './accounts-service.js';
import { flowKey, openFlow, sealFlow } from './social-flow-cookie.js';
import { SocialAuthError, type SocialIdentity, type SocialProvider } from './social-providers.js';

/**
 * Where to go after signing in: a path on this site only. "//evil.com" and "/\evil.com" are other
 * sites to a browser (which also drops tabs and newlines), so anything else becomes "/".
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 1000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || /[\s\\]/.test(value)) return '/';
  return value;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
const notConfigured = () => new AppError(404, 'SOCIAL_PROVIDER_NOT_CONFIGURED', 'This sign-in provider is not available here');
const disabled = () => new AppError(403, 'ACCOUNT_DISABLED', 'This account is switched off; contact the agency');

/**
 * Sign-in with Google or Facebook (OWASP ASVS L2). The browser leaves with a signed flow cookie
 * (state, PKCE verifier, nonce) and comes back with a code; the server identifies the person with the
 * provider, finds or creates the account, and hands the web page a one-time ticket (never a session
 * token in a URL) that it trades for the session.
 */
export function createSocialLoginService(deps: {
  database: Database;
  accounts: AccountsService;
  providers: Partial<Record<ProviderName, SocialProvider>>;
  secret: Uint8Array;
  logger: FastifyBaseLogger;
  clock?: () => Date;
}) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  const key = flowKey(deps.secret);
  const providerOf = (name: string) =>
    (socialProviders as readonly string[]).includes(name) ? deps.providers[name as ProviderName] : undefined;

  /**
   * The account for a verified provider identity. A linked identity names its user. Otherwise the
   * e-mail decides: a verified account is linked; an account never verified may have been registered
   * by someone else with this address, so the provider's verified owner takes it over (its password
   * goes, its sessions end); no account means a new one, without a password.
   */
  async function accountFor(identity: SocialIdentity): Promise<UserRow> {
    const email = identity.email.trim().toLowerCase();
    const now = clock();
    const user = await db.transaction(async (tx) => {
      const linked = await repo.findUserByIdentity(tx, identity.provider, identity.subject);
      if (linked) return linked;
      const fullName = (identity.name ?? email.split('@')[0]!).replace(/\s+/g, ' ').slice(0, 120);
      let user = await repo.findUserByEmail(tx, email);
      if (user?.emailVerifiedAt) {
        if (!user.active) throw disabled();
      } else if (user) {
        deps.logger.warn({ userId: user.id, provider: identity.provider }, 'unverified account taken over by social sign-in');
        await repo.revokeUserSessions(tx, user.id, now);
        user = await repo.updateUser(tx, user.id, { fullName, passwordHash: null, emailVerifiedAt: now, active: true });
      } else {
        user =
          (await repo.insertUser(tx, {
            id: `usr_${randomBytes(12).toString('base64url')}`,
            fullName,
            email,
            passwordHash: null,
            active: true,
            emailVerifiedAt: now,
          })) ?? (await repo.findUserByEmail(tx, email));
      }
      if (!user) throw new AppError(409, 'EMAIL_IS_NOT_UNIQUE', 'This e-mail is already in use');
      // The address is proved now: a sign-up's code waiting for it must not set a password later.
      await repo.deleteRegistrationsOf(tx, email);
      await repo.insertIdentity(tx, { provider: identity.provider, subject: identity.subject, userId: user.id, email });
      return user;
    });
    if (!user.active) throw disabled();
    return user;
  }

  async function issueTicket(userId: string) {
    const now = clock();
    // 256 random bits; only the hash is stored, and only for two minutes.
    const ticket = randomBytes(32).toString('base64url');
    await repo.deleteStaleLoginTickets(db, new Date(now.getTime() - 60 * 60_000));
    await repo.insertLoginTicket(db, {
      tokenHash: sha256(ticket),
      userId,
      expiresAt: new Date(now.getTime() + SOCIAL_LIMITS.ticketMinutes * 60_000),
    });
    return ticket;
  }

  return {
    enabledProviders: (): ProviderName[] => socialProviders.filter((name) => deps.providers[name]),

    /** The provider's sign-in page and the sealed flow to keep in the browser's cookie. */
    async startSignIn(name: string, returnTo: unknown): Promise<{ location: string; flowCookie: string }> {
      const provider = providerOf(name);
      if (!provider) throw notConfigured();
      const flow = {
        provider: provider.name,
        state: generateState(),
        codeVerifier: generateCodeVerifier(),
        nonce: generateState(),
        returnTo: safeReturnTo(returnTo),
      };
      let url: URL;
      try {
        url = await provider.authorizationUrl(flow);
      } catch (error) {
        deps.logger.error({ err: error, provider: name }, 'social sign-in could not start');
        throw new AppError(502, 'SOCIAL_LOGIN_FAILED', 'The sign-in provider cannot be reached; try again shortly');
      }
      const expiresAt = new Date(clock().getTime() + SOCIAL_LIMITS.flowMinutes * 60_000);
      return { location: url.toString(), flowCookie: await sealFlow(key, flow, expiresAt) };
    },

    /**
     * The provider's redirect back: always answers a relative URL of the login page, with a ticket
     * or with an error code for the page to show (never a 500, never a session token).
     */
    async finishSignIn(
      name: string,
      query: { code?: string; state?: string; error?: string } | null,
      flowCookie: string | undefined,
    ): Promise<string> {
      const failure = (code: ErrorCode, returnTo = '/') =>
        `/login?social_error=${code}${returnTo === '/' ? '' : `&return_to=${encodeURIComponent(returnTo)}`}`;
      const provider = providerOf(name);
      if (!provider) return failure('SOCIAL_PROVIDER_NOT_CONFIGURED');
      const flow = await openFlow(key, flowCookie, provider.name, clock());
      // The state ties this answer to the sign-in this browser started (login CSRF otherwise).
      if (!flow || !query?.state || !sameText(query.state, flow.state)) {
        deps.logger.info({ provider: name, cookie: Boolean(flowCookie) }, 'social sign-in refused: state');
        return failure('SOCIAL_LOGIN_FAILED');
      }
      if (query.error)
        return failure(query.error === 'access_denied' ? 'SOCIAL_LOGIN_CANCELED' : 'SOCIAL_LOGIN_FAILED', flow.returnTo);
      if (!query.code) return failure('SOCIAL_LOGIN_FAILED', flow.returnTo);
      try {
        const user = await accountFor(await provider.identifyByCode(query.code, flow));
        const ticket = await issueTicket(user.id);
        return `/login?social_ticket=${ticket}&return_to=${encodeURIComponent(flow.returnTo)}`;
      } catch (error) {
        if (error instanceof SocialAuthError) {
          deps.logger.info({ provider: name, code: error.code, err: error }, 'social sign-in refused');
          return failure(error.code === 'SOCIAL_TOKEN_INVALID' ? 'SOCIAL_LOGIN_FAILED' : error.code, flow.returnTo);
        }
        if (error instanceof AppError && error.code === 'ACCOUNT_DISABLED') return failure(error.code, flow.returnTo);
        deps.logger.error({ err: error, provider: name }, 'social sign-in failed');
        return failure('SOCIAL_LOGIN_FAILED', flow.returnTo);
      }
    },

    /** Trades a callback's one-time ticket for a session. */
    async exchangeTicket(ticket: string): Promise<AuthResponse> {
      const userId = await repo.useLoginTicket(db, sha256(ticket), clock());
      if (!userId)
        throw new AppError(400, 'SOCIAL_TICKET_INVALID', 'This sign-in has expired or was already used; sign in again');
      const user = await repo.findUser(db, userId);
      if (!user?.active) throw disabled();
      return deps.accounts.startSessionFor(user);
    },

    /** POST /auth/social: the provider token is checked with the provider; the body's e-mail fields are not trusted. */
    async signInWithToken(input: SocialLoginRequest): Promise<AuthResponse> {
      const provider = providerOf(input.provider);
      if (!provider) throw notConfigured();
      let identity: SocialIdentity;
      try {
        identity = await provider.identifyByToken({
          idToken: input.idToken,
          accessToken: input.accessToken ?? input.firebaseAccessToken,
        });
      } catch (error) {
        if (!(error instanceof SocialAuthError)) throw error;
        deps.logger.info({ provider: input.provider, code: error.code, err: error }, 'social token refused');
        if (error.code === 'SOCIAL_TOKEN_INVALID')
          throw new AppError(401, error.code, 'The sign-in token is not valid for this site');
        if (error.code === 'SOCIAL_LOGIN_FAILED')
          throw new AppError(502, error.code, 'The sign-in provider cannot be reached; try again shortly');
        throw new AppError(403, error.code, error.message);
      }
      return deps.accounts.startSessionFor(await accountFor(identity));
    },
  };
}

export type SocialLoginService = ReturnType<typeof createSocialLoginService>;
