import type { FastifyServerOptions } from 'fastify';

/**
 * What a log line or an error report may carry of the data people give us: nothing. Passport numbers,
 * birth dates, names and contacts travel only in request bodies and database rows; the server logs
 * neither (Fastify's request log is the method, the path and the status). They still reach errors:
 *
 * - Drizzle wraps a failed query as "Failed query: <sql> params: <every value>", and keeps the values
 *   in `params`: a passenger update that fails would log and report the passport number it carried.
 * - PostgreSQL puts the offending values in `detail` ("Key (document_number)=(P0123...) already exists").
 *
 * `redactError` keeps what explains the failure (the SQL, the database's message and code, the stack)
 * and drops the values, through every `cause`. The logger's error serializer and the error reporter
 * both use it. Credentials (the session token, a booking's access cookie) are censored wherever a
 * plugin logs request headers.
 */

const WITHHELD = '[withheld]';
/** The keys of an error object that carry values rather than a description. */
const VALUE_KEYS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'values', 'body']);

/** Drizzle's "Failed query: <sql>\nparams: <values>", cut before its values. */
const withoutParams = (message: string) => message.replace(/\nparams: [\s\S]*$/, `\nparams: ${WITHHELD}`);

export function redactError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const message = withoutParams(error.message);
  const copy = new Error(message, error.cause === undefined ? undefined : { cause: redactError(error.cause, depth + 1) });
  copy.name = error.name;
  copy.stack = error.stack?.replace(error.message, message);
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key === 'message' || key === 'stack') continue;
    (copy as unknown as Record<string, unknown>)[key] = VALUE_KEYS.has(key) ? WITHHELD : value;
  }
  return copy;
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as a log line carries it (pino's shape: type, message, stack, its own fields, cause), redacted. */
export function redactedErrorSerializer(error: unknown, depth = 0): SerializedError {
  const redacted = redactError(error);
  if (!(redacted instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(redacted)) if (key !== 'cause') fields[key] = value;
  return {
    ...fields,
    type: redacted.name,
    message: redacted.message,
    stack: redacted.stack ?? '',
    ...(redacted.cause !== undefined && depth < 5 ? { cause: redactedErrorSerializer(redacted.cause, depth + 1) } : {}),
  };
}

/**
 * The server's logger options: the caller's (level, stream) with errors redacted, and the headers that
 * carry credentials censored should anything log them.
 */
export function redactedLoggerOptions(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (options === undefined || typeof options === 'boolean') return options;
  return {
    ...options,
    serializers: { ...options.serializers, err: (error: unknown) => redactedErrorSerializer(error) },
    redact: {
      // @fastify/multipart logs every upload's headers at trace level (busboyOptions.headers).
      paths: ['*.headers.cookie', '*.headers.authorization', '*.headers["set-cookie"]', 'err.params', 'err.detail'],
      censor: WITHHELD,
    },
  };
}
