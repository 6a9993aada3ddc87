import { toCents } from '../deterministic.js';
import { validatePayment } from '../order-validation.js';
import { duffelErrors, paginate, requiredField, validationError, type LocalPayment } from '../payloads.js';
import { dataOf, type LocalDuffelState, type Reply, type RequestContext, type Route } from './state.js';

/** Payments of held orders from the Duffel balance: the amount must be the order's total now. */
export function paymentRoutes(s: LocalDuffelState): Route[] {
  function createPayment(ctx: RequestContext): Reply {
    const data = dataOf(ctx.body);
    if (typeof data.order_id !== 'string') {
      throw validationError([requiredField('order_id')]);
    }
    const state = s.orderState(data.order_id);
    const { order } = state;
    if (order.cancelled_at) throw duffelErrors.alreadyCancelled();
    if (!order.payment_status.awaiting_payment) throw duffelErrors.alreadyPaid();
    const payBy = order.payment_status.payment_required_by;
    if (payBy && Date.parse(payBy) <= s.nowMs()) throw duffelErrors.orderExpired();
    const payment = validatePayment(data.payment, '/payment');
    if (payment.errors.length > 0 || !payment.payment) throw validationError(payment.errors);
    const totalCents = toCents(order.total_amount) ?? 0;
    if (payment.payment.currency !== order.total_currency || payment.payment.amountCents !== totalCents) {
      if (state.repriced && payment.payment.amountCents === state.guaranteedTotalCents)
        throw duffelErrors.priceChanged(order.total_amount, order.total_currency);
      throw duffelErrors.amountMismatch();
    }
    const now = s.nowIso();
    const created: LocalPayment = {
      id: s.ids.next('pay'),
      order_id: order.id,
      type: 'balance',
      amount: order.total_amount,
      currency: order.total_currency,
      status: 'succeeded',
      created_at: now,
      live_mode: false,
    };
    state.payments.push(created);
    order.payment_status = { awaiting_payment: false, paid_at: now };
    order.documents = s.tickets(state.record, order.passengers);
    order.synced_at = now;
    s.emit('payment.created', created, created.id);
    return { status: 201, body: { data: created } };
  }

  function listPayments(ctx: RequestContext): Reply {
    const orderId = ctx.query.get('order_id');
    const payments = [...s.orders.values()]
      .filter((state) => !orderId || state.order.id === orderId)
      .flatMap((state) => state.payments);
    return { status: 200, body: paginate(payments, ctx.query) };
  }

  return [
    ['POST', /^\/air\/payments$/, createPayment],
    ['GET', /^\/air\/payments$/, listPayments],
  ];
}
