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
}

/** Tries after the first when Duffel answers 429. */
export const RATE_LIMIT_RETRIES = 3;
/** Longest wait for a rate limit to lift before giving up (Duffel's windows are a minute long). */
export const MAX_RATE_LIMIT_WAIT_MS = 15_000;

export type Sleep = (ms: number) => Promise<void>;
export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref?.());

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
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new DuffelSupplierError('timeout', `${options.operation}: no answer from Duffel within ${options.timeoutMs} ms`, {
              operation: options.operation,
            }),
          ),
        options.timeoutMs,
      );
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
          attempt >= RATE_LIMIT_RETRIES
        )
          throw error;
        const delay = Math.min(Math.max(error.retryAfterMs ?? 1000 * 2 ** attempt, 100), MAX_RATE_LIMIT_WAIT_MS);
        await wait(delay);
      }
    }
  };
}

export type DuffelCaller = ReturnType<typeof createCaller>;
