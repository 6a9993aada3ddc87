import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default) with OWASP's setting for it: 19 MiB of memory, 2 passes, 1 lane (about
 * 70 ms a hash here). Travellers and staff alike.
 */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `passwordHash`. Without a hash (no such e-mail, or an account that signs in
 * only with Google or Facebook) a hash is still verified, so the answer takes as long as for a wrong
 * password and its timing does not tell which e-mails have accounts.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (passwordHash) return verify(passwordHash, password);
  dummyHash ??= hashPassword('not-a-real-password-0000');
  await verify(await dummyHash, password);
  return false;
}
