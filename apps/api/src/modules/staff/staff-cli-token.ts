import { SignJWT, jwtVerify } from 'jose';

/**
 * The staff command line asks the running server to act when it cannot open the database itself
 * (the embedded one is open in the server's process). It proves it runs on the server's machine by
 * signing a short-lived token with the server's own secret (JWT_SECRET, or DATA_DIR/jwt.secret,
 * which only the server's user can read): whoever holds that secret could already sign any session,
 * so this opens nothing new. Its audience differs from sessions', and it names no session, so it is
 * never taken for one.
 */
const AUDIENCE = 'kwenda-staff-cli';
const ISSUER = 'kwenda';

export async function signStaffCliToken(secret: Uint8Array): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject('staff-cli')
    .setIssuedAt()
    .setExpirationTime('2m')
    .sign(secret);
}

export async function isStaffCliToken(secret: Uint8Array, authorization: string | undefined): Promise<boolean> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) return false;
  try {
    const { payload } = await jwtVerify(match[1]!, secret, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      maxTokenAge: '5m',
    });
    return payload.sub === 'staff-cli';
  } catch {
    return false;
  }
}
