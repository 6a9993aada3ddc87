import { createHmac } from 'node:crypto';
import { socialProviderSchema, type SocialProvider } from '@kwenda/contracts';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

/**
 * What a social sign-in must remember between sending the browser to the provider and its return:
 * kept in the browser as a signed JWT in an httpOnly cookie rather than in a server table, so an
 * abandoned sign-in leaves nothing behind.
 */
export const FLOW_COOKIE = 'kwenda_social_flow';

const flowSchema = z.object({
  provider: socialProviderSchema,
  state: z.string(),
  codeVerifier: z.string(),
  nonce: z.string(),
  returnTo: z.string(),
});
export type SocialFlow = z.infer<typeof flowSchema>;

const AUDIENCE = 'kwenda:social-flow';

/**
 * A key of its own, derived from the session secret: a flow cookie can never pass for a session
 * token, nor the other way round.
 */
export const flowKey = (secret: Uint8Array) => createHmac('sha256', secret).update('kwenda social sign-in flow').digest();

export async function sealFlow(key: Uint8Array, flow: SocialFlow, expiresAt: Date): Promise<string> {
  return new SignJWT({ ...flow })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('kwenda')
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

/** The flow a cookie carries, or null when it is missing, forged, expired or for another provider. */
export async function openFlow(
  key: Uint8Array,
  value: string | undefined,
  provider: SocialProvider,
  now: Date,
): Promise<SocialFlow | null> {
  if (!value) return null;
  try {
    const { payload } = await jwtVerify(value, key, {
      issuer: 'kwenda',
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const flow = flowSchema.safeParse(payload);
    return flow.success && flow.data.provider === provider ? flow.data : null;
  } catch {
    return null;
  }
}

/** Set-Cookie for the flow: httpOnly, SameSite=Lax (sent on the provider's top-level redirect back), one path only. */
export function flowCookie(value: string, options: { path: string; secure: boolean; maxAgeSeconds: number }): string {
  return [
    `${FLOW_COOKIE}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** One cookie's value from a Cookie header (the API sets no other cookie, so no cookie library is needed). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
