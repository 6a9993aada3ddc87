import type { ApiError } from '@kwenda/contracts';
import { parseAnswer, type AnswerContract } from './contract-worker';
import { authorizationHeader, clearSession } from './session';

export const API_BASE = '/api/v1';

/** A failed call: `code` is translated on screen (errors:codes.*); `network` when no answer came. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
    /** The whole answer, for calls whose errors carry more (validationErrors, a re-priced booking). */
    readonly raw: unknown = null,
  ) {
    super(body?.message ?? (status === 0 ? 'Network error' : `HTTP ${status}`));
  }
  get code() {
    return this.body?.code ?? (this.status === 0 ? 'NETWORK' : 'INTERNAL_ERROR');
  }
}

/**
 * No answer came: the connection dropped, the browser is offline or the request timed out. Not an
 * answer of the server (any 4xx or 5xx): the same request may well succeed once the connection is back.
 */
export const isNetworkError = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 0;

/**
 * Whether a read that failed `failures` times is asked again: up to three times when no answer came
 * (a weak connection drops often), once when the server failed, never when it refused (a 4xx would
 * be refused again).
 */
export const shouldRetryRead = (failures: number, error: Error): boolean =>
  isNetworkError(error)
    ? failures < 3
    : failures < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);

/**
 * The contract to parse an answer with: the schema itself (or a contract checked off the main thread,
 * lib/contract-worker.ts), or a function that imports it. Code on the home page passes the function form
 * (`() => import('@kwenda/contracts/reference').then((m) => m.airportListSchema)`), so zod and the schemas
 * stay out of the first download.
 */
export type SchemaSource<T> = AnswerContract<T> | (() => Promise<AnswerContract<T>>);

/** Fetches JSON from the API and parses it with the shared contract. */
export async function apiRequest<T>(
  path: string,
  schema: SchemaSource<T>,
  init: {
    method?: string;
    body?: unknown;
    signal?: AbortSignal;
    /** Sent as Idempotency-Key: a retry with the same key and body gets the first answer again (lib/idempotency.ts). */
    idempotencyKey?: string;
    /**
     * For the reads the home page makes before it is touched (GET /config, GET /trips/airports), whose
     * answers the API builds with the same contract and declares as its response schema: an answer in
     * JSON is used as sent, and parsed with the contract once this settles (lib/first-interaction.ts), its
     * code (zod, 27 KB) downloaded only then. An answer the contract refuses then calls `onRefused`
     * (the query dropped, so the next read parses before use); a body that is not a JSON object or
     * array waits for the contract and fails as any refused answer does.
     */
    parseAfter?: { settled: Promise<unknown>; onRefused: () => void };
  } = {},
): Promise<T> {
  const { signal } = init;
  // Aborted by its caller (a query no longer needed): not a failure. A timeout (AbortSignal.timeout)
  // is no answer, like a refused or dropped connection (TypeError "Failed to fetch"): status 0.
  const cancelled = () => signal?.aborted && (signal.reason as Error | undefined)?.name !== 'TimeoutError';
  const isForm = init.body instanceof FormData;
  // Start loading a lazy contract together with the request rather than after it (or once `parseAfter` settles).
  const loadContract = () => (typeof schema === 'function' ? schema() : Promise.resolve(schema));
  const contract = init.parseAfter ? init.parseAfter.settled.then(loadContract) : loadContract();
  contract.catch(() => {}); // awaited below unless the request fails first
  let response: Response;
  // A logged-in visitor's calls carry the bearer token: bookings made with it are theirs.
  const auth = authorizationHeader();
  const headers: Record<string, string> = { accept: 'application/json', ...auth };
  // A FormData body (a file upload) sets its own multipart content type.
  if (init.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
      signal,
    });
  } catch (error) {
    throw cancelled() ? error : new ApiRequestError(0, null);
  }
  // A body that is not JSON reads as null; a connection that drops while the body arrives is no answer either.
  const json: unknown = await response.json().catch((error: unknown) => {
    if (error instanceof SyntaxError) return null;
    throw cancelled() ? error : new ApiRequestError(0, null);
  });
  if (!response.ok) {
    const body = await import('./api-error').then((module) => module.readErrorAnswer(json));
    // The session ended on the server (logout elsewhere, password reset, expiry): forget it here too.
    if (response.status === 401 && auth.authorization && body?.code === 'UNAUTHORIZED') clearSession();
    throw new ApiRequestError(response.status, body, json);
  }
  if (init.parseAfter && json && typeof json === 'object') {
    const { onRefused } = init.parseAfter;
    // A contract whose code failed to download refused nothing: the answer stays.
    contract
      .then((parser) => parseAnswer(parser, json))
      .catch((error: unknown) => (error as Error).name === 'ZodError' && onRefused());
    return json as T;
  }
  // The contract's code may be a chunk still to download: if the connection dropped meanwhile, the
  // answer cannot be read, which is no answer either (a write's retry gets it again by its key).
  const parser = await contract.catch(() => {
    throw new ApiRequestError(0, null);
  });
  return parseAnswer(parser, json);
}
