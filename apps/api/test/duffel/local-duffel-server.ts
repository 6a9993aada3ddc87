import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { airlineChangeRoutes } from './local-duffel-server/airline-changes.js';
import { handleControl, localDuffelControl } from './local-duffel-server/control.js';
import { offerRequestRoutes } from './local-duffel-server/offer-requests.js';
import { offerRoutes } from './local-duffel-server/offers.js';
import { orderCancellationRoutes } from './local-duffel-server/order-cancellations.js';
import { orderRoutes } from './local-duffel-server/orders.js';
import { paymentRoutes } from './local-duffel-server/payments.js';
import { LocalDuffelState, type Reply, type RequestContext, type Route } from './local-duffel-server/state.js';
import type { LocalDuffel, LocalDuffelOptions, RecordedRequest } from './local-duffel-server/types.js';
import { DuffelHttpError, duffelErrors, errorBody } from './payloads.js';

export type {
  LocalDuffel,
  LocalDuffelControl,
  LocalDuffelOptions,
  LocalDuffelScript,
  LocalDuffelScriptName,
  RecordedRequest,
} from './local-duffel-server/types.js';

const DEFAULT_TOKEN = 'duffel_test_local';
const REQUEST_LOG_LIMIT = 2000;

export async function startLocalDuffel(options: LocalDuffelOptions = {}): Promise<LocalDuffel> {
  if (Boolean(options.webhookUrl) !== Boolean(options.webhookSecret)) {
    throw new Error(
      'startLocalDuffel: give both webhookUrl and webhookSecret, or neither, so deliveries are signed as Duffel signs them.',
    );
  }
  const stand = new LocalDuffelServer(options);
  return stand.listen(options.port ?? 0, options.host ?? '127.0.0.1');
}

/**
 * The HTTP side of the local Duffel server: the bearer token and Duffel-Version checks, the request
 * log, scripted rate limits, and each path sent to the handlers of its resource
 * (local-duffel-server/*.ts), which share one LocalDuffelState.
 */
class LocalDuffelServer {
  private readonly token: string;
  private readonly state: LocalDuffelState;
  private readonly routes: Route[];
  private requestCounter = 0;
  private rateWindow = { minute: -1, count: 0 };

  constructor(options: LocalDuffelOptions) {
    this.token = options.token ?? DEFAULT_TOKEN;
    this.state = new LocalDuffelState(options);
    this.routes = [
      ...offerRequestRoutes(this.state),
      ...offerRoutes(this.state),
      ...orderRoutes(this.state),
      ...paymentRoutes(this.state),
      ...orderCancellationRoutes(this.state),
      ...airlineChangeRoutes(this.state),
    ];
  }

  async listen(port: number, host: string): Promise<LocalDuffel> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          '{"errors":[{"type":"api_error","code":"internal_server_error","title":"Internal error","message":"Local Duffel failed","documentation_url":""}]}',
        );
      });
    });
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    const url = `http://${host}:${address.port}`;
    return {
      url,
      port: address.port,
      control: localDuffelControl(this.state),
      close: async () => {
        this.state.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requestCounter += 1;
    const requestId = `FkLocal${String(this.requestCounter).padStart(8, '0')}`;
    const url = new URL(req.url ?? '/', 'http://local');
    const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);

    if (pathname.startsWith('/_control')) {
      const reply = await handleControl(this.state, method, pathname, raw).catch((error: unknown) => this.toReply(error));
      this.send(res, reply, requestId);
      return;
    }

    const authorizationHeader = req.headers.authorization;
    const authorization: RecordedRequest['authorization'] = !authorizationHeader
      ? 'missing'
      : authorizationHeader === `Bearer ${this.token}`
        ? 'valid'
        : 'invalid';
    const versionHeader = req.headers['duffel-version'];
    const duffelVersion = typeof versionHeader === 'string' ? versionHeader : null;
    let body: unknown = null;
    let bodyError: DuffelHttpError | null = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        bodyError = duffelErrors.badRequest('The request body is not valid JSON.');
      }
    }
    const record: RecordedRequest = {
      requestId,
      at: this.state.nowIso(),
      method,
      path: req.url ?? '/',
      pathname,
      query: Object.fromEntries(url.searchParams),
      duffelVersion,
      authorization,
      body,
      status: 0,
    };
    this.state.requestLog.push(record);
    if (this.state.requestLog.length > REQUEST_LOG_LIMIT)
      this.state.requestLog.splice(0, this.state.requestLog.length - REQUEST_LOG_LIMIT);

    let reply: Reply;
    try {
      if (authorization !== 'valid') throw duffelErrors.unauthorized();
      if (duffelVersion !== 'v2') throw duffelErrors.unsupportedVersion(duffelVersion ?? undefined);
      const limited = this.state.takeScript('rate_limit', (s) => !s.path_prefix || pathname.startsWith(s.path_prefix));
      if (limited) {
        const seconds = limited.retry_after_seconds ?? 2;
        throw duffelErrors.rateLimited(new Date(this.state.nowMs() + seconds * 1000), seconds);
      }
      if (bodyError) throw bodyError;
      reply = await this.route({ method, pathname, query: url.searchParams, body, params: [] });
    } catch (error) {
      reply = this.toReply(error);
    }
    record.status = reply.status;
    this.send(res, reply, requestId);
  }

  private toReply(error: unknown): Reply {
    if (error instanceof DuffelHttpError) return { status: error.status, body: error, headers: error.headers };
    throw error;
  }

  private send(res: ServerResponse, reply: Reply, requestId: string): void {
    if (res.destroyed) return;
    const minute = Math.floor(this.state.nowMs() / 60_000);
    if (this.rateWindow.minute !== minute) this.rateWindow = { minute, count: 0 };
    this.rateWindow.count += 1;
    const body = reply.body instanceof DuffelHttpError ? errorBody(reply.body, requestId) : reply.body;
    const text = JSON.stringify(body);
    res.writeHead(reply.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'x-request-id': requestId,
      'ratelimit-limit': '4000',
      'ratelimit-remaining': String(Math.max(0, 4000 - this.rateWindow.count)),
      'ratelimit-reset': new Date((minute + 1) * 60_000).toUTCString(),
      ...reply.headers,
    });
    res.end(text);
  }

  private async route(ctx: RequestContext): Promise<Reply> {
    for (const [method, pattern, handler] of this.routes) {
      const match = pattern.exec(ctx.pathname);
      if (match && method === ctx.method) return handler({ ...ctx, params: match.slice(1).map(decodeURIComponent) });
    }
    throw duffelErrors.notFound();
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
