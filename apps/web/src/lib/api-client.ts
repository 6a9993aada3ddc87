import { apiErrorSchema, type ApiError } from '@kwenda/contracts';
import type { z } from 'zod';

export const API_BASE = '/api/v1';

/** A failed call: `code` is translated on screen (errors:codes.*); `network` when no answer came. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
  ) {
    super(body?.message ?? (status === 0 ? 'Network error' : `HTTP ${status}`));
  }
  get code() {
    return this.body?.code ?? (this.status === 0 ? 'NETWORK' : 'INTERNAL_ERROR');
  }
}

/** Fetches JSON from the API and parses it with the shared contract. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, null);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(json);
    throw new ApiRequestError(response.status, parsed.success ? parsed.data : null);
  }
  return schema.parse(json);
}
