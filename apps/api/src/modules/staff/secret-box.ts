import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Authenticator secrets are kept encrypted (AES-256-GCM) with a key derived from the server's secret
 * (JWT_SECRET or DATA_DIR/jwt.secret), so a copy of the database alone does not give away anyone's
 * codes. Stored as "v1.<iv>.<tag>.<ciphertext>" in base64url. Changing the server's secret makes the
 * stored secrets unreadable: staff then sign in with a recovery code (hashed without that secret) and
 * set the authenticator up again.
 */
export function createSecretBox(serverSecret: Uint8Array) {
  const key = createHmac('sha256', serverSecret).update('kwenda:staff-totp-secret:v1').digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
