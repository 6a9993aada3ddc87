import { ACCOUNT_LIMITS } from '@kwenda/contracts';
import { AppError } from '../../errors.js';

/**
 * OWASP ASVS 2.1: at least 10 characters (no composition rules) and not one of the passwords
 * attackers try first. The list holds the most common passwords of public breach corpora that are
 * 10 characters or longer, plus local favourites.
 */
const COMMON = new Set([
  '1234567890',
  '0123456789',
  '0987654321',
  '1111111111',
  '0000000000',
  '1234512345',
  '1122334455',
  '9876543210',
  'qwertyuiop',
  'asdfghjkl;',
  'password12',
  'password123',
  'password1234',
  'passw0rd123',
  'iloveyou12',
  'qwerty1234',
  'qwerty12345',
  'abc1234567',
  'abcdefghij',
  'aaaaaaaaaa',
  'princess12',
  'football12',
  'sunshine12',
  'welcome123',
  'admin12345',
  'letmein123',
  'monkey1234',
  'dragon1234',
  'baseball12',
  'master1234',
  'superman12',
  'trustno123',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'zaq12wsxcde',
  'qazwsxedcrfv',
  'q1w2e3r4t5',
  'p@ssw0rd12',
  'changeme123',
  'khartoum123',
  'sudan12345',
  'sudan123456',
  'kwenda1234',
  'kwenda12345',
  'portsudan1',
  'bismillah1',
  'alhamdulillah',
  'mohammed123',
  'muhammad123',
  'password!1',
  'computer12',
  'internet12',
  'whatever12',
  'starwars12',
  'michael123',
]);

export type PasswordProblem = 'REQUIRED_PASSWORD' | 'WEAK_PASSWORD';

export function checkPassword(password: string | null | undefined, email: string | null): PasswordProblem | null {
  if (!password) return 'REQUIRED_PASSWORD';
  const lowered = password.toLowerCase();
  if ([...password].length < ACCOUNT_LIMITS.passwordMinLength) return 'WEAK_PASSWORD';
  if (COMMON.has(lowered) || lowered === email?.toLowerCase() || /^(.)\1+$/.test(password)) return 'WEAK_PASSWORD';
  return null;
}

/** The 400 answer to a password the policy refuses, naming the form's field at `path`. */
export function passwordRefused(problem: PasswordProblem, path: string): AppError {
  if (problem === 'REQUIRED_PASSWORD')
    return new AppError(400, 'REQUIRED_PASSWORD', 'A password is required', [
      { path, code: 'REQUIRED_PASSWORD', message: 'A password is required' },
    ]);
  return new AppError(
    400,
    'WEAK_PASSWORD',
    `Use at least ${ACCOUNT_LIMITS.passwordMinLength} characters that are not a common password`,
    [{ path, code: 'WEAK_PASSWORD', message: 'Too weak' }],
  );
}
