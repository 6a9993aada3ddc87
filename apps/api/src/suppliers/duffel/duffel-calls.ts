import { DuffelSupplierError, toDuffelSupplierError } from './errors.js';

export interface DuffelLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the client answers (DuffelResponse): the body's data, the HTTP status and headers. */
export interface DuffelAnswer<T> {
  data: T;
  status: number;
  headers?: { get(name: string): string | null };
  meta?: unknown;
}

export interface CallOptions {
  /** Method and path, e.g. "GET air/offers/off_123": logged, so ids only, never a passenger's data. */
  operation: string;
  timeoutMs: number;
  /**
   * Asked again after a 429, once Duffel's wait is over (a bounded number of times). Only for calls
   * that change nothing or are searches; an order creation or a payment is never asked again here.
   */
  retryRateLimited: boolean;
  /**
   * The search's own deadline (the traveller's whole search time): once aborted, the call answers a
   * timeout at once and no rate limit is waited out.
   */
  signal?: AbortSignal;
}

/** Tries after the first when Duffel answers 429. */
export const RATE_LIMIT_RETRIES = 3;
/** Longest wait for a rate limit to lift before giving up (Duffel's windows are a minute long). */
export const MAX_RATE_LIMIT_WAIT_MS = 15_000;

export type Sleep = (ms: number) => Promise<void>;
export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref?.());

/** Waits `ms`, or less when `signal` aborts first. */
export function abortableWait(wait: Sleep, ms: number, signal?: AbortSignal): Promise<void> {
  if (!signal) return wait(ms);
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    void wait(ms).then(done);
  });
}

/**
 * Runs one request through the Duffel client with a time limit, logs it and turns its failure into a
 * DuffelSupplierError. The client has no time limit of its own and cannot abort a request: past the
 * limit the answer is abandoned (Duffel may still act on it: a caller that changed something must
 * look up what happened).
 */
export function createCaller(deps: { logger: DuffelLogger; sleep?: Sleep }) {
  const wait = deps.sleep ?? sleep;
  const { logger } = deps;

  async function once<T>(options: CallOptions, run: () => Promise<DuffelAnswer<T>>): Promise<DuffelAnswer<T>> {
    if (options.signal?.aborted)
      throw new DuffelSupplierError('timeout', `${options.operation}: the search ran out of time`, {
        operation: options.operation,
      });
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    let stop: (() => void) | undefined;
    const timeout = new Promise<never>((_, reject) => {
      const fail = (why: string) =>
        reject(new DuffelSupplierError('timeout', `${options.operation}: ${why}`, { operation: options.operation }));
      timer = setTimeout(() => fail(`no answer from Duffel within ${options.timeoutMs} ms`), options.timeoutMs);
      stop = () => fail('the search ran out of time');
      options.signal?.addEventListener('abort', stop, { once: true });
    });
    try {
      const answer = await Promise.race([run(), timeout]);
      logger.info(
        {
          duffel: {
            operation: options.operation,
            status: answer.status,
            durationMs: Date.now() - started,
            requestId: answer.headers?.get('x-request-id') ?? null,
          },
        },
        'duffel call',
      );
      return answer;
    } catch (raw) {
      const error = toDuffelSupplierError(raw, options.operation);
      const log = error.kind === 'not-found' || error.kind === 'unavailable' ? logger.info : logger.warn;
      log.call(
        logger,
        {
          duffel: {
            operation: options.operation,
            status: error.status,
            code: error.code,
            kind: error.kind,
            field: error.field,
            durationMs: Date.now() - started,
            requestId: error.requestId,
          },
        },
        'duffel call failed',
      );
      throw error;
    } finally {
      clearTimeout(timer);
      if (stop) options.signal?.removeEventListener('abort', stop);
    }
  }

  return async function call<T>(options: CallOptions, run: () => Promise<DuffelAnswer<T>>): Promise<DuffelAnswer<T>> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(options, run);
      } catch (error) {
        if (
          !(error instanceof DuffelSupplierError) ||
          error.kind !== 'rate-limited' ||
          !options.retryRateLimited ||
          attempt >= RATE_LIMIT_RETRIES ||
          options.signal?.aborted
        )
          throw error;
        const delay = Math.min(Math.max(error.retryAfterMs ?? 1000 * 2 ** attempt, 100), MAX_RATE_LIMIT_WAIT_MS);
        await abortableWait(wait, delay, options.signal);
        if (options.signal?.aborted) throw error;
      }
    }
  };
}

export type DuffelCaller = ReturnType<typeof createCaller>;
