import type { OrderCancellation } from '@duffel/api/types';
import { centsToMoney, toCents } from '../deterministic.js';
import { duffelErrors, paginate, requiredField, validationError, type LocalCancellation } from '../payloads.js';
import { dataOf, type LocalDuffelState, type Reply, type RequestContext, type Route } from './state.js';

/** Order cancellations: a quote of the refund, confirmed before it expires (the latest quote only). */
export function orderCancellationRoutes(s: LocalDuffelState): Route[] {
  function createCancellation(ctx: RequestContext): Reply {
    const data = dataOf(ctx.body);
    if (typeof data.order_id !== 'string') {
      throw validationError([requiredField('order_id')]);
    }
    const { order } = s.orderState(data.order_id);
    if (order.cancelled_at) throw duffelErrors.alreadyCancelled();
    let refundAmount: string | null;
    let refundTo: OrderCancellation['refund_to'] = 'balance';
    if (order.payment_status.awaiting_payment) {
      refundAmount = '0.00';
      refundTo = 'awaiting_payment';
    } else {
      const rule = order.conditions.refund_before_departure;
      const total = toCents(order.total_amount) ?? 0;
      if (rule === null) refundAmount = null;
      else if (!rule.allowed) refundAmount = '0.00';
      else refundAmount = centsToMoney(Math.max(0, total - (toCents(rule.penalty_amount ?? '0') ?? 0)));
    }
    const cancellation = {
      id: s.ids.next('ore'),
      order_id: order.id,
      live_mode: false,
      created_at: s.nowIso(),
      expires_at: new Date(s.nowMs() + 15 * 60_000).toISOString(),
      confirmed_at: null,
      refund_amount: refundAmount,
      refund_currency: refundAmount === null ? null : order.total_currency,
      refund_to: refundTo,
      airline_credits: [],
    } satisfies LocalCancellation;
    s.cancellations.set(cancellation.id, cancellation);
    return { status: 201, body: { data: cancellation } };
  }

  function getCancellation(ctx: RequestContext): Reply {
    const cancellation = s.cancellations.get(ctx.params[0]!);
    if (!cancellation) throw duffelErrors.notFound();
    return { status: 200, body: { data: cancellation } };
  }

  function listCancellations(ctx: RequestContext): Reply {
    const orderId = ctx.query.get('order_id');
    const list = [...s.cancellations.values()].filter((c) => !orderId || c.order_id === orderId);
    return { status: 200, body: paginate(list, ctx.query) };
  }

  function confirmCancellation(ctx: RequestContext): Reply {
    const cancellation = s.cancellations.get(ctx.params[0]!);
    if (!cancellation) throw duffelErrors.notFound();
    const state = s.orderState(cancellation.order_id);
    if (cancellation.confirmed_at || state.order.cancelled_at) throw duffelErrors.alreadyCancelled();
    const latest = [...s.cancellations.values()].filter((c) => c.order_id === cancellation.order_id).pop();
    if (latest?.id !== cancellation.id || Date.parse(cancellation.expires_at) <= s.nowMs())
      throw duffelErrors.cancellationExpired();
    const now = s.nowIso();
    cancellation.confirmed_at = now;
    state.order.cancelled_at = now;
    state.order.cancellation = cancellation;
    state.order.available_actions = ['update'];
    state.order.synced_at = now;
    return { status: 200, body: { data: cancellation } };
  }

  return [
    ['POST', /^\/air\/order_cancellations$/, createCancellation],
    ['GET', /^\/air\/order_cancellations$/, listCancellations],
    ['GET', /^\/air\/order_cancellations\/([^/]+)$/, getCancellation],
    ['POST', /^\/air\/order_cancellations\/([^/]+)\/actions\/confirm$/, confirmCancellation],
  ];
}
