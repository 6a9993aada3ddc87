import type { ApiError } from '@kwenda/contracts';
import type { z } from 'zod';
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
 * The contract to parse an answer with: the schema itself, or a function that imports it.
 * Code on the home page passes the function form (`() => import('@kwenda/contracts/reference').then((m) =>
 * m.airportListSchema)`), so zod and the schemas stay out of the first download.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/** Fetches JSON from the API and parses it with the shared contract. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  const isForm = init.body instanceof FormData;
  // Start loading a lazy contract together with the request rather than after it.
  const contract = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  contract.catch(() => {}); // awaited below unless the request fails first
  let response: Response;
  // A logged-in visitor's calls carry the bearer token (SPEC section 6): bookings made with it are theirs.
  const auth = authorizationHeader();
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      // A FormData body (a file upload) sets its own multipart content type.
      headers:
        init.body === undefined || isForm
          ? { accept: 'application/json', ...auth }
          : { 'content-type': 'application/json', accept: 'application/json', ...auth },
      body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, null);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const { apiErrorSchema } = await import('@kwenda/contracts/reference');
    const parsed = apiErrorSchema.safeParse(json);
    // The session ended on the server (logout elsewhere, password reset, expiry): forget it here too.
    if (response.status === 401 && auth.authorization && parsed.data?.code === 'UNAUTHORIZED') clearSession();
    throw new ApiRequestError(response.status, parsed.success ? parsed.data : null, json);
  }
  return (await contract).parse(json);
}
