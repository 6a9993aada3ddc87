/**
 * Idempotency keys for the booking's writes (create, passengers, pay: the API's Idempotency-Key). One
 * key per action and body: every retry of the same request (the connection dropped before its answer
 * came) sends the same key, so the server does the work once and answers the retry with the first
 * answer; changed details are a new request with a new key. Kept in sessionStorage, so a reload of the
 * tab retrying the same request still reuses its key (keys carry nothing personal, only a hash).
 */
const STORAGE_PREFIX = 'kwenda.idempotency.';

/** A short, stable fingerprint of a request body (FNV-1a over its JSON): equal bodies, equal prints. */
export function fingerprint(body: unknown): string {
  const text = JSON.stringify(body) ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(36)}.${text.length.toString(36)}`;
}

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only on secure pages; the same 122 random bits otherwise.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const inMemory = new Map<string, { print: string; key: string }>();

function read(action: string) {
  try {
    const raw = sessionStorage.getItem(STORAGE_PREFIX + action);
    return raw ? (JSON.parse(raw) as { print: string; key: string }) : (inMemory.get(action) ?? null);
  } catch {
    return inMemory.get(action) ?? null;
  }
}

/** The key for `action` (such as "pay:bk_1") with this body: the one used before if the body is the same. */
export function idempotencyKeyFor(action: string, body: unknown): string {
  const print = fingerprint(body);
  const known = read(action);
  if (known?.print === print) return known.key;
  const entry = { print, key: newKey() };
  inMemory.set(action, entry);
  try {
    sessionStorage.setItem(STORAGE_PREFIX + action, JSON.stringify(entry));
  } catch {
    // storage refused: the key lives as long as the page
  }
  return entry.key;
}

/** The request succeeded or was refused: a later request of the same action is a new one. */
export function forgetIdempotencyKey(action: string) {
  inMemory.delete(action);
  try {
    sessionStorage.removeItem(STORAGE_PREFIX + action);
  } catch {
    // nothing kept
  }
}
