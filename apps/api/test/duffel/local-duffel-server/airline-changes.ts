import type { AirlineInitiatedChange, AirlineInitiatedChangeActionTaken, OrderSlice } from '@duffel/api/types';
import { duffelErrors, paginate, validationError, validationItem } from '../payloads.js';
import { dataOf, type LocalDuffelState, type Reply, type RequestContext, type Route } from './state.js';

function shiftLocal(local: string, hours: number): string {
  return new Date(Date.parse(`${local}Z`) + hours * 3_600_000).toISOString().slice(0, 19);
}

/** Moves the order's first slice by `shiftHours` and sends order.airline_initiated_change_detected. */
export function airlineChange(s: LocalDuffelState, orderId: string, shiftHours: number): AirlineInitiatedChange {
  const state = s.orders.get(orderId);
  if (!state) throw new Error(`airlineChange: no order ${orderId}`);
  const { order } = state;
  if (order.cancelled_at) throw new Error(`airlineChange: order ${orderId} is cancelled`);
  const before = order.slices[0];
  if (!before) throw new Error(`airlineChange: order ${orderId} has no slice`);
  const after: OrderSlice = {
    ...structuredClone(before),
    id: s.ids.next('sli'),
    segments: before.segments.map((segment) => ({
      ...structuredClone(segment),
      id: s.ids.next('seg'),
      departing_at: shiftLocal(segment.departing_at, shiftHours),
      arriving_at: shiftLocal(segment.arriving_at, shiftHours),
    })),
  };
  const now = s.nowIso();
  const change: AirlineInitiatedChange = {
    id: s.ids.next('aic'),
    order_id: order.id,
    action_taken: null,
    action_taken_at: null,
    added: [after],
    removed: [structuredClone(before)],
    available_actions: ['accept', 'cancel', 'change', 'update'],
    created_at: now,
    updated_at: now,
    travel_agent_ticket: null,
  };
  order.slices[0] = after;
  order.airline_initiated_changes.push(change);
  order.synced_at = now;
  s.changes.set(change.id, change);
  s.emit('order.airline_initiated_change_detected', change, change.id);
  return change;
}

/** Airline-initiated changes: listed, accepted or otherwise actioned. */
export function airlineChangeRoutes(s: LocalDuffelState): Route[] {
  function listAirlineChanges(ctx: RequestContext): Reply {
    const orderId = ctx.query.get('order_id');
    const list = [...s.changes.values()].filter((c) => !orderId || c.order_id === orderId);
    return { status: 200, body: paginate(list, ctx.query) };
  }

  function changeFor(id: string): AirlineInitiatedChange {
    const change = s.changes.get(id);
    if (!change) throw duffelErrors.notFound();
    return change;
  }

  function acceptAirlineChange(ctx: RequestContext): Reply {
    const change = changeFor(ctx.params[0]!);
    const latest = s.orders.get(change.order_id)?.order.airline_initiated_changes.at(-1);
    if (latest?.id !== change.id) throw duffelErrors.staleChange();
    if (change.action_taken) throw duffelErrors.changeAlreadyActioned();
    markChange(change, 'accepted');
    return { status: 200, body: { data: change } };
  }

  function updateAirlineChange(ctx: RequestContext): Reply {
    const change = changeFor(ctx.params[0]!);
    const action = dataOf(ctx.body).action_taken;
    if (action !== 'accepted' && action !== 'cancelled' && action !== 'changed') {
      throw validationError([
        validationItem(
          'validation_inclusion',
          'action_taken',
          '/action_taken',
          "Field 'action_taken' must be accepted, cancelled or changed",
          'Invalid value',
        ),
      ]);
    }
    if (change.action_taken) throw duffelErrors.changeAlreadyActioned();
    markChange(change, action);
    return { status: 200, body: { data: change } };
  }

  function markChange(change: AirlineInitiatedChange, action: AirlineInitiatedChangeActionTaken): void {
    const now = s.nowIso();
    change.action_taken = action;
    change.action_taken_at = now;
    change.available_actions = [];
    change.updated_at = now;
  }

  return [
    ['GET', /^\/air\/airline_initiated_changes$/, listAirlineChanges],
    ['POST', /^\/air\/airline_initiated_changes\/([^/]+)\/actions\/accept$/, acceptAirlineChange],
    ['PATCH', /^\/air\/airline_initiated_changes\/([^/]+)$/, updateAirlineChange],
  ];
}
