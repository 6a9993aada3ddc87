import { duffelErrors } from '../payloads.js';
import type { LocalDuffelControl, LocalDuffelScript } from './types.js';
import { airlineChange } from './airline-changes.js';
import { isObject, type Json, type LocalDuffelState, type Reply } from './state.js';

/** The control the tests in this process are handed: scripts, the clock, the request log, webhooks. */
export function localDuffelControl(s: LocalDuffelState): LocalDuffelControl {
  return {
    script: (script) => s.addScript(script),
    offerGone: (o = {}) => s.addScript({ name: 'offer_gone', times: o.times, offer_id: o.offerId }),
    priceChange: (o = {}) =>
      s.addScript({ name: 'price_change', times: o.times, offer_id: o.offerId, increase_amount: o.increaseAmount }),
    searchTimeout: (o = {}) => s.addScript({ name: 'search_timeout', times: o.times }),
    rateLimit: (times, o = {}) =>
      s.addScript({ name: 'rate_limit', times, retry_after_seconds: o.retryAfterSeconds, path_prefix: o.pathPrefix }),
    orderAccepted: (o = {}) => s.addScript({ name: 'order_accepted', times: o.times, outcome: o.outcome, delay_ms: o.delayMs }),
    get pendingScripts() {
      return s.scripts.map((entry) => ({ ...entry.script, times: entry.remaining }));
    },
    airlineChange: (orderId, o = {}) => airlineChange(s, orderId, o.shiftHours ?? 3),
    get requests() {
      return s.requestLog;
    },
    clearRequests: () => {
      s.requestLog.length = 0;
    },
    order: (id) => {
      const state = s.orders.get(id);
      if (state) s.refreshHold(state);
      return state?.order;
    },
    offer: (id) => s.offers.get(id)?.offer,
    advanceClock: (ms) => {
      s.clockOffsetMs += ms;
    },
    now: () => new Date(s.nowMs()),
    get webhooks() {
      return s.webhooks.deliveries;
    },
    waitForWebhook: (type, timeoutMs, match) => s.webhooks.waitFor(type, timeoutMs, match),
    reset: () => {
      s.scripts.length = 0;
      s.requestLog.length = 0;
      s.clockOffsetMs = 0;
    },
  };
}

/** The control API under /_control, for e2e runs and scripts in other processes. */
export async function handleControl(s: LocalDuffelState, method: string, pathname: string, raw: string): Promise<Reply> {
  let body: Json = {};
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      body = isObject(parsed) ? parsed : {};
    } catch {
      throw duffelErrors.badRequest('The control request body is not valid JSON.');
    }
  }
  const control = localDuffelControl(s);
  if (method === 'GET' && pathname === '/_control/health') return { status: 200, body: { data: { ok: true } } };
  if (method === 'POST' && pathname === '/_control/script') {
    const scripts = Array.isArray(body.scripts) ? body.scripts : [body];
    try {
      for (const script of scripts) s.addScript(script as LocalDuffelScript);
    } catch (error) {
      throw duffelErrors.badRequest((error as Error).message);
    }
    return { status: 200, body: { data: control.pendingScripts } };
  }
  if (method === 'POST' && pathname === '/_control/airline-change') {
    if (typeof body.order_id !== 'string' || !s.orders.has(body.order_id)) throw duffelErrors.notFound();
    const shift = typeof body.shift_hours === 'number' ? body.shift_hours : 3;
    return { status: 201, body: { data: airlineChange(s, body.order_id, shift) } };
  }
  if (method === 'GET' && pathname === '/_control/requests') return { status: 200, body: { data: s.requestLog } };
  if (method === 'DELETE' && pathname === '/_control/requests') {
    control.clearRequests();
    return { status: 200, body: { data: [] } };
  }
  if (method === 'GET' && pathname === '/_control/webhooks') return { status: 200, body: { data: s.webhooks.deliveries } };
  if (method === 'POST' && pathname === '/_control/clock') {
    if (typeof body.advance_ms !== 'number') throw duffelErrors.badRequest("Give 'advance_ms' as a number.");
    control.advanceClock(body.advance_ms);
    return { status: 200, body: { data: { now: control.now().toISOString() } } };
  }
  if (method === 'POST' && pathname === '/_control/reset') {
    control.reset();
    return { status: 200, body: { data: { ok: true } } };
  }
  const orderMatch = /^\/_control\/orders\/([^/]+)$/.exec(pathname);
  if (method === 'GET' && orderMatch) {
    const order = control.order(decodeURIComponent(orderMatch[1]!));
    if (!order) throw duffelErrors.notFound();
    const state = s.orders.get(order.id)!;
    return { status: 200, body: { data: { ...order, offer_id: state.offerId, payments: state.payments } } };
  }
  throw duffelErrors.notFound();
}
