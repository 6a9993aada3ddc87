import { centsToMoney, toCents } from '../deterministic.js';
import { baggageAvailableServices, seatMapsFor, type ListedOffer } from '../inventory.js';
import { duffelErrors, paginate, requiredField, validationError } from '../payloads.js';
import { arrivedOffers } from './offer-requests.js';
import type { LocalDuffelState, Reply, RequestContext, Route } from './state.js';

/** Offers: listed by search, read one by one (with their bags), and their seat maps. */
export function offerRoutes(s: LocalDuffelState): Route[] {
  function listOffers(ctx: RequestContext): Reply {
    const requestId = ctx.query.get('offer_request_id');
    if (!requestId) {
      throw validationError([requiredField('offer_request_id')]);
    }
    const state = s.searches.get(requestId);
    if (!state) throw duffelErrors.notFound();
    let offers = arrivedOffers(state);
    const maxConnections = ctx.query.get('max_connections');
    if (maxConnections !== null)
      offers = offers.filter((o) => o.slices.every((s) => s.segments.length - 1 <= Number(maxConnections)));
    const sort = ctx.query.get('sort');
    if (sort) {
      const descending = sort.startsWith('-');
      const key = sort.replace(/^-/, '');
      const value = (o: ListedOffer) =>
        key === 'total_amount' ? Number(o.total_amount) : o.slices.reduce((sum, s) => sum + durationMinutes(s.duration), 0);
      offers = [...offers].sort((a, b) => (descending ? value(b) - value(a) : value(a) - value(b)));
    }
    return { status: 200, body: paginate(offers, ctx.query) };
  }

  function getOffer(ctx: RequestContext): Reply {
    const id = ctx.params[0]!;
    const record = s.liveOffer(id);
    if (s.takeScript('offer_gone', (script) => !script.offer_id || script.offer_id === id)) {
      record.gone = true;
      throw duffelErrors.offerGone();
    }
    const change = s.takeScript('price_change', (script) => !script.offer_id || script.offer_id === id);
    if (change) {
      const total = toCents(record.offer.total_amount) ?? 0;
      const increase = toCents(change.increase_amount ?? '') ?? Math.max(1000, Math.round(total * 0.06));
      record.offer.total_amount = centsToMoney(total + increase);
      record.offer.base_amount = centsToMoney((toCents(record.offer.base_amount) ?? 0) + increase);
      record.offer.updated_at = s.nowIso();
    }
    const withServices = ctx.query.get('return_available_services') === 'true';
    return {
      status: 200,
      body: { data: { ...record.offer, available_services: withServices ? baggageAvailableServices(record) : [] } },
    };
  }

  function getSeatMaps(ctx: RequestContext): Reply {
    const offerId = ctx.query.get('offer_id');
    if (!offerId) {
      throw validationError([requiredField('offer_id')]);
    }
    const record = s.liveOffer(offerId);
    return { status: 200, body: { data: seatMapsFor(record, s.ids).seatMaps } };
  }

  return [
    ['GET', /^\/air\/offers$/, listOffers],
    ['GET', /^\/air\/offers\/([^/]+)$/, getOffer],
    ['GET', /^\/air\/seat_maps$/, getSeatMaps],
  ];
}

function durationMinutes(duration: string | null): number {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(duration ?? '');
  if (!match) return 0;
  return Number(match[1] ?? 0) * 1440 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}
