import { ignoredAnswerSchema } from '@kwenda/contracts/admin';
import type { z } from 'zod';
import { API_BASE, ApiRequestError } from '../../../lib/api-client';
import { clearStaffSession, getStaffSession } from './staff-session';

/**
 * A call to the desk's API (/api/v1/admin/..., /api/v1/auth for staff): the staff member's bearer
 * token, the answer parsed with the shared contract. A 401 means the staff session ended (expired,
 * revoked by the owner, staff disabled): it is forgotten and the desk shows its sign-in page.
 */
export async function adminRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  const session = getStaffSession();
  const isForm = init.body instanceof FormData;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (session) headers.authorization = `Bearer ${session.jwt}`;
  if (init.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, null);
  }
  const json: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const { apiErrorSchema } = await import('@kwenda/contracts/reference');
    const parsed = apiErrorSchema.safeParse(json);
    if (response.status === 401 && session) clearStaffSession();
    throw new ApiRequestError(response.status, parsed.success ? parsed.data : null, json);
  }
  return schema.parse(json);
}

/** A call whose answer carries nothing the screen reads (sign out, an action answered 204). */
export async function adminAction(path: string, init: { method?: string; body?: unknown } = {}): Promise<void> {
  await adminRequest(path, ignoredAnswerSchema, { method: 'POST', ...init });
}

/** A file the desk shows inline (a transfer receipt): fetched with the staff token, as an object URL. */
export async function adminFileUrl(path: string, signal?: AbortSignal): Promise<{ url: string; type: string }> {
  const session = getStaffSession();
  const response = await fetch(`${API_BASE}${path}`, {
    headers: session ? { authorization: `Bearer ${session.jwt}` } : {},
    signal,
  });
  if (!response.ok) {
    if (response.status === 401 && session) clearStaffSession();
    throw new ApiRequestError(response.status, null);
  }
  const blob = await response.blob();
  return { url: URL.createObjectURL(blob), type: blob.type };
}
