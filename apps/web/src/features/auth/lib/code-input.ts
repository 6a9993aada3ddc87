import { PHONE_CODE_LIMITS } from '@kwenda/contracts/rules';
import { ApiRequestError } from '../../../lib/api-client';
import { latinDigits } from '../../../lib/phone-number';

/** What is typed or pasted in a code box, as the Latin digits of the code (Arabic-Indic digits accepted). */
export function cleanCode(value: string): string {
  return latinDigits(value).replace(/\D/g, '').slice(0, PHONE_CODE_LIMITS.codeLength);
}

/** The wait a refused resend (429 RESEND_TOO_SOON) names, in seconds, or null. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiRequestError)) return null;
  const seconds = (error.raw as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : null;
}
