import type { FastifyRequest, FastifyServerOptions } from 'fastify';

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
 * plugin logs request headers, and the secrets some addresses carry (a reset token, an invitation, a
 * social log-in ticket, a booking id) are withheld from every URL the log writes (redactUrl).
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

/**
 * Addresses that carry a secret in their path: whoever reads it in a log could set a password, take a
 * staff invitation or set-up link, open a booking (its id is enough, like its e-mailed link) or pay on
 * a checkout page. The segment after each is withheld.
 */
const SECRET_PATH = /(\/(?:password_reset|setup|invitations|booking|bookings|checkout)\/)(?!\[withheld\])[^/?#\s"'<>]+/g;
/** Query values that are secrets: a social log-in ticket, an OAuth code and state, tokens of any name, WhatsApp's verify token. */
const SECRET_QUERY =
  /([?&](?:social_ticket|ticket|code|state|token|access_token|id_token|session_id|access|key|hub\.verify_token)=)(?!\[withheld\])[^&#\s"'<>]+/gi;
/** A booking id anywhere in a URL or a message about one (bk_ and 22 characters). */
const BOOKING_ID = /\bbk_[A-Za-z0-9_-]{8,}/g;

/** A URL, or a text that quotes one, with its secrets withheld: /password_reset/[withheld], ?social_ticket=[withheld]. */
export function redactUrl(text: string): string {
  return text.replace(SECRET_PATH, `$1${WITHHELD}`).replace(SECRET_QUERY, `$1${WITHHELD}`).replace(BOOKING_ID, WITHHELD);
}

/** Fastify's request line (method, url, host, address, port) with the URL's secrets withheld. */
function redactedRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
    version: Array.isArray(version) ? version.join(',') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
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
    message: redactUrl(redacted.message),
    stack: redactUrl(redacted.stack ?? ''),
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
    serializers: {
      ...options.serializers,
      err: (error: unknown) => redactedErrorSerializer(error),
      req: redactedRequest,
      // A page or a link logged beside a message (a page that failed to render).
      url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url),
    },
    redact: {
      // @fastify/multipart logs every upload's headers at trace level (busboyOptions.headers).
      paths: ['*.headers.cookie', '*.headers.authorization', '*.headers["set-cookie"]', 'err.params', 'err.detail'],
      censor: WITHHELD,
    },
  };
}
