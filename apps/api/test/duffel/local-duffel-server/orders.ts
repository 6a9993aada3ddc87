import type { OrderService, OrderSlice, OfferSlice } from '@duffel/api/types';
import { centsToMoney, toCents } from '../deterministic.js';
import { seatMapsFor, type OfferRecord, type ServiceRecord } from '../inventory.js';
import { validateMetadata, validatePassengers, validatePayment, validateServices } from '../order-validation.js';
import {
  bagMetadata,
  duffelErrors,
  paginate,
  validationError,
  validationItem,
  type DuffelErrorItem,
  type LocalOrder,
} from '../payloads.js';
import {
  dataOf,
  isObject,
  type LocalDuffelState,
  type OrderState,
  type Reply,
  type RequestContext,
  type Route,
} from './state.js';

/** Orders: hold and instant orders (a 202 and a webhook when scripted), read, listed and their metadata updated. */
export function orderRoutes(s: LocalDuffelState): Route[] {
  async function createOrder(ctx: RequestContext): Promise<Reply> {
    const data = dataOf(ctx.body);
    const selected = data.selected_offers;
    if (!Array.isArray(selected) || selected.length !== 1 || typeof selected[0] !== 'string') {
      throw validationError([
        validationItem(
          'validation_format',
          'selected_offers',
          '/selected_offers',
          "Field 'selected_offers' must list exactly one offer id",
        ),
      ]);
    }
    const record = s.liveOffer(selected[0]);
    const errors: DuffelErrorItem[] = [];
    const rawType = data.type;
    const type = rawType === 'instant' ? 'instant' : rawType === 'hold' || rawType === 'pay_later' ? 'hold' : null;
    if (!type)
      errors.push(
        validationItem('validation_inclusion', 'type', '/type', "Field 'type' must be 'instant' or 'hold'", 'Invalid value'),
      );
    if (type === 'hold' && record.offer.payment_requirements.requires_instant_payment) {
      errors.push(
        validationItem(
          'validation_inclusion',
          'type',
          '/type',
          'This offer requires instant payment and cannot be held',
          'Invalid value',
        ),
      );
    }
    const today = s.nowIso().slice(0, 10);
    const passengers = validatePassengers(data.passengers, record, today);
    errors.push(...passengers.errors);
    const catalogue = new Map<string, ServiceRecord>(record.baggageServices.map((s) => [s.id, s]));
    if (Array.isArray(data.services) && data.services.length > 0) {
      for (const [id, service] of seatMapsFor(record, s.ids).services) catalogue.set(id, service);
    }
    const services = validateServices(data.services, catalogue);
    errors.push(...services.errors);
    const metadata = validateMetadata(data.metadata);
    errors.push(...metadata.errors);

    const servicesCents = services.chosen.reduce((sum, c) => sum + c.service.unitCents * c.quantity, 0);
    const offerCents = toCents(record.offer.total_amount) ?? 0;
    const totalCents = offerCents + servicesCents;
    const currency = record.offer.total_currency;
    let amountMatches = true;
    const payments = data.payments;
    if (type === 'instant') {
      if (!Array.isArray(payments) || payments.length !== 1) {
        errors.push(
          validationItem(
            'validation_required',
            'payments',
            '/payments',
            'An instant order needs exactly one payment',
            'Required field',
          ),
        );
      } else {
        const payment = validatePayment(payments[0], '/payments/0');
        errors.push(...payment.errors);
        if (payment.payment) amountMatches = payment.payment.amountCents === totalCents && payment.payment.currency === currency;
      }
    } else if (type === 'hold' && Array.isArray(payments) && payments.length > 0) {
      errors.push(
        validationItem(
          'validation_format',
          'payments',
          '/payments',
          'A hold order is paid later: leave payments out',
          'Invalid field',
        ),
      );
    }
    if (errors.length > 0) throw validationError(errors);
    if (!amountMatches) throw duffelErrors.amountMismatch();

    const accepted = s.takeScript('order_accepted');
    const build = () => buildOrder(record, type!, passengers.passengers, services.chosen, metadata.metadata, totalCents);
    if (accepted) {
      const pendingId = s.ids.next('por');
      const pending = {
        id: pendingId,
        type,
        selected_offers: [record.offer.id],
        metadata: metadata.metadata,
        live_mode: false,
        created_at: s.nowIso(),
      };
      record.usedByOrderId = pendingId;
      s.later(accepted.delay_ms ?? 300, () => {
        if (accepted.outcome === 'created') {
          record.usedByOrderId = undefined;
          const state = build();
          s.emit('order.created', state.order, state.order.id);
          return;
        }
        record.usedByOrderId = undefined;
        s.emit(
          'order.creation_failed',
          {
            ...pending,
            errors: [
              {
                type: 'airline_error',
                code: 'airline_unknown',
                title: 'Order could not be created',
                message: 'The airline did not confirm the order. No order was created and no payment was taken.',
                documentation_url: 'https://duffel.com/docs/api/overview/errors',
              },
            ],
          },
          Buffer.from(`failed-${pendingId}`).toString('base64'),
        );
      });
      return { status: 202, body: { data: pending } };
    }
    const state = build();
    s.emit('order.created', state.order, state.order.id);
    return { status: 201, body: { data: state.order } };
  }

  function buildOrder(
    record: OfferRecord,
    type: 'instant' | 'hold',
    passengers: LocalOrder['passengers'],
    chosen: { service: ServiceRecord; quantity: number }[],
    metadata: Record<string, string>,
    totalCents: number,
  ): OrderState {
    const { offer } = record;
    const now = s.nowIso();
    const orderId = s.ids.next('ord');
    const seatFor = new Map<string, ServiceRecord>();
    for (const { service } of chosen) {
      if (service.kind === 'seat') seatFor.set(`${service.segmentIds[0]}:${service.passengerIds[0]}`, service);
    }
    const servicesCents = totalCents - (toCents(offer.total_amount) ?? 0);
    const services: OrderService[] = chosen.map(({ service, quantity }) => ({
      id: service.id,
      type: service.kind,
      quantity,
      passenger_ids: service.passengerIds,
      segment_ids: service.segmentIds,
      total_amount: centsToMoney(service.unitCents * quantity),
      total_currency: service.currency,
      metadata:
        service.kind === 'seat' && service.seat
          ? { designator: service.seat.designator, name: service.seat.name, disclosures: service.seat.disclosures }
          : bagMetadata('checked', 23),
    }));
    const order: LocalOrder = {
      id: orderId,
      type,
      live_mode: false,
      created_at: now,
      synced_at: now,
      booking_reference: s.ids.bookingReference(),
      owner: offer.owner,
      slices: offer.slices.map((slice) => orderSliceFrom(slice, seatFor)),
      passengers,
      services,
      base_amount: centsToMoney((toCents(offer.base_amount) ?? 0) + servicesCents),
      base_currency: offer.base_currency,
      tax_amount: offer.tax_amount ?? '0.00',
      tax_currency: offer.tax_currency ?? offer.total_currency,
      total_amount: centsToMoney(totalCents),
      total_currency: offer.total_currency,
      conditions: offer.conditions,
      metadata,
      payment_status:
        type === 'instant'
          ? { awaiting_payment: false, paid_at: now }
          : {
              awaiting_payment: true,
              paid_at: null,
              payment_required_by: offer.payment_requirements.payment_required_by ?? undefined,
              price_guarantee_expires_at: offer.payment_requirements.price_guarantee_expires_at ?? undefined,
            },
      documents: type === 'instant' ? s.tickets(record, passengers) : [],
      available_actions: ['cancel', 'change', 'update'],
      airline_initiated_changes: [],
      cancelled_at: null,
      cancellation: null,
      content: 'self_managed',
      changes: [],
      users: [],
    };
    record.usedByOrderId = orderId;
    const state: OrderState = {
      order,
      offerId: offer.id,
      record,
      guaranteedTotalCents: totalCents,
      repriced: false,
      payments: [],
    };
    s.orders.set(orderId, state);
    return state;
  }

  function getOrder(ctx: RequestContext): Reply {
    return { status: 200, body: { data: s.orderState(ctx.params[0]!).order } };
  }

  function listOrders(ctx: RequestContext): Reply {
    const bookingReference = ctx.query.get('booking_reference');
    const offerId = ctx.query.get('offer_id');
    const awaiting = ctx.query.get('awaiting_payment');
    const states = [...s.orders.values()].reverse().filter((state) => {
      s.refreshHold(state);
      if (bookingReference && state.order.booking_reference !== bookingReference) return false;
      if (offerId && state.offerId !== offerId) return false;
      if (awaiting !== null && String(state.order.payment_status.awaiting_payment) !== awaiting) return false;
      return true;
    });
    return {
      status: 200,
      body: paginate(
        states.map((state) => state.order),
        ctx.query,
      ),
    };
  }

  function updateOrder(ctx: RequestContext): Reply {
    const state = s.orderState(ctx.params[0]!);
    const data = dataOf(ctx.body);
    // The client library nests the new metadata under `options`; the API documents it at the top level.
    const source = isObject(data.options) ? data.options : data;
    const metadata = validateMetadata(source.metadata);
    if (metadata.errors.length > 0) throw validationError(metadata.errors);
    state.order.metadata = metadata.metadata;
    return { status: 200, body: { data: state.order } };
  }

  function orderAvailableServices(ctx: RequestContext): Reply {
    s.orderState(ctx.params[0]!);
    return { status: 200, body: { data: [] } };
  }

  return [
    ['POST', /^\/air\/orders$/, createOrder],
    ['GET', /^\/air\/orders$/, listOrders],
    ['GET', /^\/air\/orders\/([^/]+)$/, getOrder],
    ['PATCH', /^\/air\/orders\/([^/]+)$/, updateOrder],
    ['GET', /^\/air\/orders\/([^/]+)\/available_services$/, orderAvailableServices],
  ];
}

function orderSliceFrom(slice: OfferSlice, seatFor: Map<string, ServiceRecord>): OrderSlice {
  return {
    id: slice.id,
    origin: slice.origin,
    destination: slice.destination,
    origin_type: slice.origin_type,
    destination_type: slice.destination_type,
    duration: slice.duration,
    fare_brand_name: slice.fare_brand_name,
    conditions: { change_before_departure: slice.conditions.change_before_departure },
    segments: slice.segments.map((segment) => ({
      id: segment.id,
      aircraft: segment.aircraft,
      origin: segment.origin,
      destination: segment.destination,
      origin_terminal: segment.origin_terminal ?? '',
      destination_terminal: segment.destination_terminal ?? '',
      departing_at: segment.departing_at,
      arriving_at: segment.arriving_at,
      duration: segment.duration ?? '',
      distance: segment.distance ?? '',
      marketing_carrier: segment.marketing_carrier,
      marketing_carrier_flight_number: segment.marketing_carrier_flight_number,
      operating_carrier: segment.operating_carrier,
      operating_carrier_flight_number: segment.operating_carrier_flight_number,
      stops: segment.stops,
      passengers: segment.passengers.map((p) => {
        const seat = seatFor.get(`${segment.id}:${p.passenger_id}`)?.seat;
        return {
          passenger_id: p.passenger_id,
          cabin_class: p.cabin_class,
          cabin_class_marketing_name: p.cabin_class_marketing_name,
          baggages: p.baggages,
          ...(seat ? { seat } : {}),
        };
      }),
    })),
  };
}
