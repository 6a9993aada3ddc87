import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import type { Env } from '../env.js';

/**
 * JWT_SECRET, else one generated once and kept under DATA_DIR (mode 0600), shared by every process there.
 * Production requires JWT_SECRET (env.ts): processes on other machines, or a database restored elsewhere,
 * must sign and read with the same secret (it also keys the staff authenticator secrets, secret-box.ts).
 */
export function jwtSecret(env: Pick<Env, 'JWT_SECRET' | 'DATA_DIR'>): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const file = path.resolve(env.DATA_DIR, 'jwt.secret');
  try {
    return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch {
      /* another process wrote it first */
    }
    return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
  }
}

const ISSUER = 'kwenda';

export async function signSessionToken(secret: Uint8Array, claims: { userId: string; sessionId: string; expiresAt: Date }) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(claims.userId)
    .setJti(claims.sessionId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(secret);
}

/** The session a token names, or null when it is malformed, forged or expired. */
export async function readSessionToken(secret: Uint8Array, token: string): Promise<{ userId: string; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    return payload.sub && payload.jti ? { userId: payload.sub, sessionId: payload.jti } : null;
  } catch {
    return null;
  }
}
