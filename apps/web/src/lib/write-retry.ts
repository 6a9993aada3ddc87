import { ApiRequestError, isNetworkError } from './api-client';

/** Tries of a booking write after the first, while no answer comes. */
const WRITE_RETRIES = 2;

/**
 * Tries after the first while the server says the first is still running: 1+2+4+8+8+8 = 31 s, more
 * than the 20 s a process that died mid-request holds its key (the API's IDEMPOTENCY_LEASE_MS).
 */
const STILL_RUNNING_RETRIES = 6;

/** The server's answer while it is still doing the first try of this write (409 IDEMPOTENCY_KEY_IN_USE). */
export const isStillRunning = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.code === 'IDEMPOTENCY_KEY_IN_USE';

/** A booking write with no answer after this long is sent again (the server answers the retry once it is done). */
const WRITE_TIMEOUT_MS = 60_000;

/** The signal that ends a booking write's wait for its answer (a dead connection can hang for minutes). */
export const writeTimeout = (): AbortSignal | undefined =>
  typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(WRITE_TIMEOUT_MS) : undefined;

/**
 * A booking write (sent with its idempotency key) is sent again by itself when no answer came, or
 * while the server is still doing its first try (409 IDEMPOTENCY_KEY_IN_USE); never after an answer
 * that decided something (any other 4xx or 5xx). While the browser is offline the next try waits
 * until it is back online (TanStack Query pauses it).
 */
export const retryWrite = (failures: number, error: Error): boolean =>
  isStillRunning(error) ? failures < STILL_RUNNING_RETRIES : failures < WRITE_RETRIES && isNetworkError(error);

/** 1 then 2 seconds between tries (more while offline: the next try waits for the connection). */
export const writeRetryDelay = (failures: number): number => Math.min(1000 * 2 ** failures, 8000);
