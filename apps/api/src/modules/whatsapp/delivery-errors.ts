import { CloudApiError, CloudApiUnreachable } from './cloud-api-client.js';

/**
 * What a failed send means for the outbox row, from the Cloud API's error code
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes):
 * - 'permanent': sending it again cannot work (not on WhatsApp, outside the 24-hour window, template
 *   missing, paused or disabled, bad parameters): failed now, the fallback e-mail released;
 * - 'rate-limited': too many messages; tried again soon, a few times, then the e-mail instead;
 * - 'transient': Meta's side or the network; tried again with backoff;
 * - 'in-doubt': the request may have reached Meta and been accepted (a timeout): not sent again
 *   before the grace period, in which a status webhook naming the row records it instead.
 */
export type FailureKind = 'permanent' | 'rate-limited' | 'transient' | 'in-doubt';

/** 131026 undeliverable, 131047 re-engagement window, 132001 no such template, 132015/132016 paused/disabled, ... */
export const PERMANENT_CODES = new Set([
  100, // invalid parameter
  131008, // a required parameter is missing
  131009, // a parameter value is not valid
  131021, // recipient cannot be the sender
  131026, // message undeliverable (not on WhatsApp, old app, ...)
  131030, // recipient not in the allowed list (test numbers)
  131047, // more than 24 hours since the traveller last wrote: templates only
  131051, // unsupported message type
  131052, // media download error
  131053, // media upload error
  132000, // parameter count does not match the template
  132001, // template does not exist in this language
  132005, // translated text too long
  132007, // template format character policy violated
  132012, // parameter format mismatch
  132015, // template paused for low quality
  132016, // template disabled
  132068, // flow blocked
  133010, // phone number not registered
]);

/** Throughput limits: the business's (130429), per pair of numbers (131056), the app's (4, 80007). */
export const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131048, 131056]);

export function failureKindOf(error: unknown): FailureKind {
  if (error instanceof CloudApiUnreachable) return error.mayHaveArrived ? 'in-doubt' : 'transient';
  if (error instanceof CloudApiError) {
    if (error.code !== null && RATE_LIMIT_CODES.has(error.code)) return 'rate-limited';
    if (error.code !== null && PERMANENT_CODES.has(error.code)) return 'permanent';
    if (error.httpStatus === 429) return 'rate-limited';
    return 'transient';
  }
  return 'transient';
}

export const errorCodeOf = (error: unknown): number | null => (error instanceof CloudApiError ? error.code : null);
