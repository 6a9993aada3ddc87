import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface RequestsInFlight {
  /** How many requests are being handled now. */
  readonly count: number;
  /** Resolves once no request is being handled (at once when none is). */
  settled(): Promise<void>;
}

const POLL_MS = 25;

/**
 * Counts the requests whose handler is still at work, so shutdown closes the database only after them.
 * `app.close()` resolves once every connection has closed, but a client that left mid-request closes its
 * connection while its handler runs on: closing the database then made that handler fail ("Cannot use a
 * pool after calling end on the pool") and lose what it was writing. A request is done when its answer
 * is being sent (onSend, reached even when its client has gone), or when its client left before its
 * handler started (the body never came: no handler will run).
 */
export function trackRequestsInFlight(app: FastifyInstance): RequestsInFlight {
  const inFlight = new Set<FastifyRequest>();
  const handling = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    inFlight.add(request);
  });
  app.addHook('preHandler', async (request) => {
    handling.add(request);
  });
  app.addHook('onSend', async (request) => {
    inFlight.delete(request);
  });
  app.addHook('onResponse', async (request) => {
    inFlight.delete(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    if (!handling.has(request)) inFlight.delete(request);
  });
  return {
    get count() {
      return inFlight.size;
    },
    async settled() {
      while (inFlight.size) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    },
  };
}
