import { createHmac } from 'node:crypto';
import type { SocialProvider as ProviderName } from '@kwenda/contracts';
import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { Env } from '../../env.js';

/** Who the provider says signed in: its stable id of the person, and an e-mail it vouches for. */
export interface SocialIdentity {
  provider: ProviderName;
  subject: string;
  email: string;
  name: string | null;
}

type SocialFailure = 'SOCIAL_LOGIN_FAILED' | 'SOCIAL_TOKEN_INVALID' | 'SOCIAL_EMAIL_MISSING' | 'SOCIAL_EMAIL_NOT_VERIFIED';

/** An expected failure of a provider step; `code` goes to the wire, the cause to the log. */
export class SocialAuthError extends Error {
  constructor(
    readonly code: SocialFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The PKCE verifier and nonce kept in the flow cookie between the start and the callback. */
export interface FlowSecrets {
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** One social sign-in provider: the seam where Google and Facebook (or the test stand-ins) plug in. */
export interface SocialProvider {
  readonly name: ProviderName;
  /** The provider's sign-in page for this flow (authorization code, PKCE S256, state, and a nonce for OIDC). */
  authorizationUrl(flow: FlowSecrets): Promise<URL>;
  /** The person behind the code the provider sent back to the callback. */
  identifyByCode(code: string, flow: FlowSecrets): Promise<SocialIdentity>;
  /** The person behind a token a client already holds (POST /auth/social); checked with the provider. */
  identifyByToken(tokens: { idToken?: string | null; accessToken?: string | null }): Promise<SocialIdentity>;
}

const TIMEOUT_MS = 8_000;
const DISCOVERY_TTL_MS = 24 * 3_600_000;

const failed = (message: string, cause?: unknown) => new SocialAuthError('SOCIAL_LOGIN_FAILED', message, { cause });
const invalidToken = (message: string, cause?: unknown) => new SocialAuthError('SOCIAL_TOKEN_INVALID', message, { cause });

/** arctic throws its own error types (OAuth2RequestError, ArcticFetchError, ...): all mean the exchange failed. */
async function exchangeCode(client: OAuth2Client, tokenUrl: string, code: string, codeVerifier: string) {
  try {
    return await client.validateAuthorizationCode(tokenUrl, code, codeVerifier);
  } catch (error) {
    throw failed('The provider refused the authorization code', error);
  }
}

async function getJson(url: URL, what: string): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw failed(`${what} could not be reached`, error);
  }
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body };
}

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});

/**
 * Google through its OpenID Connect discovery document, so the same code runs against Google and a
 * local oauth2-mock-server. arctic's Google class hard-codes Google's endpoints: its generic
 * OAuth2Client takes them from configuration.
 */
export function createGoogleProvider(config: {
  clientId: string;
  clientSecret: string;
  issuer: string;
  redirectUri: string;
}): SocialProvider {
  const client = new OAuth2Client(config.clientId, config.clientSecret, config.redirectUri);
  // Google's tokens say "https://accounts.google.com" or, in older ones, "accounts.google.com".
  const issuers = config.issuer === 'https://accounts.google.com' ? [config.issuer, 'accounts.google.com'] : [config.issuer];
  let discovery: { at: number; value: Promise<Discovered> } | undefined;
  type Discovered = { metadata: z.infer<typeof discoverySchema>; jwks: ReturnType<typeof createRemoteJWKSet> };

  /** Fetched on first use (start-up does not wait for Google) and kept a day; a failure is retried next time. */
  function discover(): Promise<Discovered> {
    if (discovery && Date.now() - discovery.at < DISCOVERY_TTL_MS) return discovery.value;
    const value = (async () => {
      const { status, body } = await getJson(
        new URL(`${config.issuer}/.well-known/openid-configuration`),
        'The OpenID configuration',
      );
      const metadata = discoverySchema.safeParse(body);
      if (status !== 200 || !metadata.success) throw failed(`The OpenID configuration answered ${status}`);
      // OpenID Connect Discovery 4.3: the document must name the issuer it was fetched from.
      if (metadata.data.issuer !== config.issuer)
        throw failed(`The OpenID configuration names issuer ${metadata.data.issuer}, not ${config.issuer}`);
      return {
        metadata: metadata.data,
        jwks: createRemoteJWKSet(new URL(metadata.data.jwks_uri), { timeoutDuration: TIMEOUT_MS }),
      };
    })();
    discovery = { at: Date.now(), value };
    value.catch(() => {
      if (discovery?.value === value) discovery = undefined;
    });
    return value;
  }

  /** ID token checks of OpenID Connect Core 3.1.3.7: signature by the issuer's keys, iss, aud, azp, exp, nonce. */
  async function identify(idToken: string, expectedNonce: string | null): Promise<SocialIdentity> {
    const { jwks } = await discover();
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(idToken, jwks, {
        issuer: issuers,
        audience: config.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      throw invalidToken('The ID token does not check out', error);
    }
    if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== config.clientId)
      throw invalidToken('The ID token was issued to another client');
    if (expectedNonce !== null && claims.nonce !== expectedNonce) throw invalidToken('The ID token has the wrong nonce');
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    if (!email) throw new SocialAuthError('SOCIAL_EMAIL_MISSING', 'The ID token has no e-mail');
    // Only an address Google has verified may find (and so take over) an account by e-mail.
    if (claims.email_verified !== true && claims.email_verified !== 'true')
      throw new SocialAuthError('SOCIAL_EMAIL_NOT_VERIFIED', 'Google has not verified this e-mail');
    return {
      provider: 'google',
      subject: claims.sub!,
      email,
      name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null,
    };
  }

  return {
    name: 'google',
    async authorizationUrl(flow) {
      const { metadata } = await discover();
      const url = client.createAuthorizationURLWithPKCE(
        metadata.authorization_endpoint,
        flow.state,
        CodeChallengeMethod.S256,
        flow.codeVerifier,
        ['openid', 'email', 'profile'],
      );
      url.searchParams.set('nonce', flow.nonce);
      return url;
    },
    async identifyByCode(code, flow) {
      const { metadata } = await discover();
      const tokens = await exchangeCode(client, metadata.token_endpoint, code, flow.codeVerifier);
      const idToken = 'id_token' in tokens.data && typeof tokens.data.id_token === 'string' ? tokens.data.id_token : null;
      if (!idToken) throw failed('The token answer has no ID token');
      return identify(idToken, flow.nonce);
    },
    async identifyByToken({ idToken }) {
      // An access token alone cannot prove it was issued to us: Google sign-in needs the ID token.
      if (!idToken) throw invalidToken('Google sign-in needs an ID token');
      return identify(idToken, null);
    },
  };
}

const debugTokenSchema = z.object({
  data: z.object({
    is_valid: z.boolean(),
    app_id: z.union([z.string(), z.number()]).transform(String).optional(),
    user_id: z.union([z.string(), z.number()]).transform(String).optional(),
  }),
});
const profileSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string().optional(),
  email: z.string().optional(),
});

/** Facebook Login (OAuth 2, not OpenID): the person comes from the Graph API's /me with the access token. */
export function createFacebookProvider(config: {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  graphUrl: string;
  redirectUri: string;
}): SocialProvider {
  const client = new OAuth2Client(config.clientId, config.clientSecret, config.redirectUri);
  const graph = (path: string, params: Record<string, string>) => {
    const url = new URL(`${config.graphUrl}${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url;
  };

  async function profile(accessToken: string): Promise<SocialIdentity> {
    const { status, body } = await getJson(
      graph('/me', {
        fields: 'id,name,email',
        access_token: accessToken,
        // Proves the call comes from the app's server ("Require App Secret" in the app's settings).
        appsecret_proof: createHmac('sha256', config.clientSecret).update(accessToken).digest('hex'),
      }),
      'Facebook',
    );
    const me = profileSchema.safeParse(body);
    if (status === 400 || status === 401 || status === 403) throw invalidToken(`Facebook's /me answered ${status}`);
    if (status !== 200 || !me.success) throw failed(`Facebook's /me answered ${status}`);
    const email = me.data.email?.trim();
    // Facebook gives the e-mail only when the person shared it and has confirmed it with Facebook.
    if (!email) throw new SocialAuthError('SOCIAL_EMAIL_MISSING', 'Facebook gave no e-mail');
    return { provider: 'facebook', subject: me.data.id, email, name: me.data.name?.trim() || null };
  }

  return {
    name: 'facebook',
    async authorizationUrl(flow) {
      return client.createAuthorizationURLWithPKCE(config.authUrl, flow.state, CodeChallengeMethod.S256, flow.codeVerifier, [
        'email',
        'public_profile',
      ]);
    },
    async identifyByCode(code, flow) {
      const tokens = await exchangeCode(client, config.tokenUrl, code, flow.codeVerifier);
      let accessToken: string;
      try {
        accessToken = tokens.accessToken();
      } catch (error) {
        throw failed('The token answer has no access token', error);
      }
      return profile(accessToken);
    },
    async identifyByToken({ accessToken }) {
      if (!accessToken) throw invalidToken('Facebook sign-in needs an access token');
      // A token from any other app would work on /me too: debug_token says whose app it was issued to.
      const { status, body } = await getJson(
        graph('/debug_token', { input_token: accessToken, access_token: `${config.clientId}|${config.clientSecret}` }),
        'Facebook',
      );
      const debug = debugTokenSchema.safeParse(body);
      if (status >= 500) throw failed(`Facebook's debug_token answered ${status}`);
      if (status !== 200 || !debug.success || !debug.data.data.is_valid)
        throw invalidToken('Facebook says the token is not valid');
      if (debug.data.data.app_id !== config.clientId) throw invalidToken('The token was issued to another app');
      const identity = await profile(accessToken);
      if (debug.data.data.user_id && debug.data.data.user_id !== identity.subject)
        throw invalidToken('The token belongs to someone else');
      return identity;
    },
  };
}

/** The providers the environment configures (both id and secret set; env.ts refuses half a pair). */
export function createSocialProviders(
  env: Pick<
    Env,
    | 'GOOGLE_CLIENT_ID'
    | 'GOOGLE_CLIENT_SECRET'
    | 'GOOGLE_ISSUER'
    | 'FACEBOOK_CLIENT_ID'
    | 'FACEBOOK_CLIENT_SECRET'
    | 'FACEBOOK_AUTH_URL'
    | 'FACEBOOK_TOKEN_URL'
    | 'FACEBOOK_GRAPH_URL'
  >,
  callbackUrl: (provider: ProviderName) => string,
): Partial<Record<ProviderName, SocialProvider>> {
  const providers: Partial<Record<ProviderName, SocialProvider>> = {};
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
    providers.google = createGoogleProvider({
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      issuer: env.GOOGLE_ISSUER,
      redirectUri: callbackUrl('google'),
    });
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET)
    providers.facebook = createFacebookProvider({
      clientId: env.FACEBOOK_CLIENT_ID,
      clientSecret: env.FACEBOOK_CLIENT_SECRET,
      authUrl: env.FACEBOOK_AUTH_URL,
      tokenUrl: env.FACEBOOK_TOKEN_URL,
      graphUrl: env.FACEBOOK_GRAPH_URL,
      redirectUri: callbackUrl('facebook'),
    });
  return providers;
}
