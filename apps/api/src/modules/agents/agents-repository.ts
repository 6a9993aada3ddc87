import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm';
import type { BookingStatus, Currency } from '@kwenda/contracts';
import type { CommissionBasis } from '@kwenda/contracts/admin';
import {
  agentCommissionTerms,
  agents,
  bookingEvents,
  bookingPassengers,
  bookings,
  users,
  type AgentRow,
} from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';
import type { SupplierOffer } from '../../suppliers/supplier.js';
import type { CommissionBooking, CommissionTerms } from './commission.js';

/** Every query of agents, their terms and the bookings made through their links. */

export interface AgentWithUser extends AgentRow {
  fullName: string;
  /** Null for an account made with a mobile number only. */
  email: string | null;
}

const agentWithUser = {
  ...getTableColumns(agents),
  fullName: users.fullName,
  email: users.email,
};

export async function findAgent(tx: Tx, id: string): Promise<AgentWithUser | undefined> {
  const [row] = await tx
    .select(agentWithUser)
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(eq(agents.id, id));
  return row;
}

export async function findAgentByUserId(tx: Tx, userId: string): Promise<AgentWithUser | undefined> {
  const [row] = await tx
    .select(agentWithUser)
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(eq(agents.userId, userId));
  return row;
}

export async function listAgents(tx: Tx): Promise<AgentWithUser[]> {
  return tx
    .select(agentWithUser)
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .orderBy(desc(agents.active), asc(users.fullName), asc(agents.id));
}

export async function referralCodeTaken(tx: Tx, code: string): Promise<boolean> {
  const [row] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.referralCode, code));
  return row !== undefined;
}

export async function findUserByEmail(tx: Tx, email: string) {
  const [row] = await tx.select().from(users).where(eq(users.email, email));
  return row;
}

export async function insertUser(tx: Tx, user: typeof users.$inferInsert) {
  await tx.insert(users).values(user);
}

export interface TermsInput {
  commissionBasis: CommissionBasis;
  commissionPercent: number;
  active: boolean;
}

export async function insertAgent(tx: Tx, agent: typeof agents.$inferInsert, setAt: Date) {
  await tx.insert(agents).values({ ...agent, createdAt: setAt, updatedAt: setAt });
  await tx.insert(agentCommissionTerms).values({
    agentId: agent.id,
    commissionBasis: agent.commissionBasis,
    commissionPercent: agent.commissionPercent,
    active: agent.active ?? true,
    effectiveAt: setAt,
    setBy: agent.createdBy,
  });
}

/** The agent's row locked until the transaction ends: two owners editing at once queue up. */
export async function lockAgent(tx: Tx, id: string): Promise<AgentRow | undefined> {
  const [row] = await tx.select().from(agents).where(eq(agents.id, id)).for('update');
  return row;
}

/** New terms in force from `setAt`: the agent's row and a history row, in the caller's transaction. */
export async function updateTerms(tx: Tx, id: string, terms: TermsInput, setBy: string, setAt: Date) {
  await tx
    .update(agents)
    .set({ ...terms, updatedAt: setAt })
    .where(eq(agents.id, id));
  await tx.insert(agentCommissionTerms).values({ agentId: id, ...terms, effectiveAt: setAt, setBy });
}

/** Each agent's terms history, oldest first. */
export async function termsHistory(tx: Tx, agentIds: string[]): Promise<Map<string, (CommissionTerms & { setBy: string })[]>> {
  const history = new Map<string, (CommissionTerms & { setBy: string })[]>();
  if (!agentIds.length) return history;
  const rows = await tx
    .select({ terms: agentCommissionTerms, setByName: users.fullName })
    .from(agentCommissionTerms)
    .leftJoin(users, eq(users.id, agentCommissionTerms.setBy))
    .where(inArray(agentCommissionTerms.agentId, agentIds))
    .orderBy(asc(agentCommissionTerms.effectiveAt), asc(agentCommissionTerms.id));
  for (const { terms, setByName } of rows) {
    const list = history.get(terms.agentId) ?? [];
    list.push({
      basis: terms.commissionBasis,
      percent: terms.commissionPercent,
      active: terms.active,
      effectiveAt: terms.effectiveAt,
      setBy: setByName ?? terms.setBy,
    });
    history.set(terms.agentId, list);
  }
  return history;
}

/** Airport codes along the trip: KRT, CAI one way; KRT, CAI, KRT there and back. */
export function routeOf(offer: SupplierOffer): string[] {
  const route: string[] = [];
  for (const slice of offer.slices) {
    if (route[route.length - 1] !== slice.origin) route.push(slice.origin);
    route.push(slice.destination);
  }
  return route;
}

const nameOf = (passenger: { firstName: string | null; lastName: string | null } | undefined) =>
  [passenger?.firstName, passenger?.lastName].filter(Boolean).join(' ') || null;

/** Each booking's passengers' names (first first) and fares, for the bookings given. */
async function passengersOf(tx: Tx, bookingIds: string[]) {
  const byBooking = new Map<string, { name: string | null; fareUsd: number }>();
  if (!bookingIds.length) return byBooking;
  const rows = await tx
    .select({
      bookingId: bookingPassengers.bookingId,
      firstName: bookingPassengers.firstName,
      lastName: bookingPassengers.lastName,
      fareUsd: bookingPassengers.fareUsd,
    })
    .from(bookingPassengers)
    .where(inArray(bookingPassengers.bookingId, bookingIds))
    .orderBy(asc(bookingPassengers.bookingId), asc(bookingPassengers.position));
  for (const row of rows) {
    const found = byBooking.get(row.bookingId);
    if (found) found.fareUsd += row.fareUsd;
    else byBooking.set(row.bookingId, { name: nameOf(row), fareUsd: row.fareUsd });
  }
  return byBooking;
}

/**
 * The commission facts of every booking made through these codes that was ever ticketed: when it
 * was first ticketed and first refunded (from its audit trail), its markup and fare (from the
 * pricing it kept; the passengers' fares and no markup for bookings priced before pricing was kept).
 */
export async function commissionFacts(tx: Tx, codes: string[]): Promise<(CommissionBooking & { referralCode: string })[]> {
  if (!codes.length) return [];
  const events = await tx
    .select({ bookingId: bookingEvents.bookingId, toStatus: bookingEvents.toStatus, at: bookingEvents.createdAt })
    .from(bookingEvents)
    .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
    .where(and(inArray(bookings.referralCode, codes), inArray(bookingEvents.toStatus, ['confirmed', 'refunded'])))
    .orderBy(asc(bookingEvents.id));
  const moments = new Map<string, { ticketedAt: Date | null; refundedAt: Date | null }>();
  for (const event of events) {
    const found = moments.get(event.bookingId) ?? { ticketedAt: null, refundedAt: null };
    if (event.toStatus === 'confirmed') found.ticketedAt ??= event.at;
    // A refund only reverses a commission earned before it.
    else if (found.ticketedAt) found.refundedAt ??= event.at;
    moments.set(event.bookingId, found);
  }
  const ids = [...moments].filter(([, m]) => m.ticketedAt).map(([id]) => id);
  if (!ids.length) return [];
  const rows = await tx
    .select({
      id: bookings.id,
      bookingReference: bookings.bookingReference,
      referralCode: bookings.referralCode,
      offer: bookings.offer,
      currency: bookings.currency,
      exchangeRate: bookings.exchangeRate,
      pricing: bookings.pricing,
    })
    .from(bookings)
    .where(inArray(bookings.id, ids));
  const passengers = await passengersOf(tx, ids);
  return rows.map((row) => {
    const people = passengers.get(row.id);
    return {
      bookingId: row.id,
      bookingReference: row.bookingReference,
      referralCode: row.referralCode!,
      travellerName: people?.name ?? null,
      route: routeOf(row.offer),
      departureDate: row.offer.slices[0]?.departureDate.slice(0, 10) ?? '',
      currency: row.currency as Currency,
      exchangeRate: row.pricing?.exchangeRate ?? row.exchangeRate,
      fareUsd: row.pricing?.fareUsd ?? people?.fareUsd ?? 0,
      markupUsd: row.pricing?.markupUsd ?? 0,
      ticketedAt: moments.get(row.id)!.ticketedAt,
      refundedAt: moments.get(row.id)!.refundedAt,
    };
  });
}

export interface AgentBookingFacts {
  travellerName: string | null;
  route: string[];
  departureDate: string;
  bookedAt: Date;
  status: BookingStatus;
}

/** The newest bookings made through a code: only what an agent may see of them. */
export async function bookingsThroughCode(tx: Tx, code: string, limit: number): Promise<AgentBookingFacts[]> {
  const rows = await tx
    .select({ id: bookings.id, offer: bookings.offer, status: bookings.status, createdAt: bookings.createdAt })
    .from(bookings)
    .where(eq(bookings.referralCode, code))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
  const passengers = await passengersOf(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    travellerName: passengers.get(row.id)?.name ?? null,
    route: routeOf(row.offer),
    departureDate: row.offer.slices[0]?.departureDate.slice(0, 10) ?? '',
    bookedAt: row.createdAt,
    status: row.status,
  }));
}

/** How many bookings each code brought in [from, to). */
export async function bookingsMadeBetween(tx: Tx, codes: string[], from: Date, to: Date): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const rows = await tx
    .select({ code: bookings.referralCode, count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(inArray(bookings.referralCode, codes), gte(bookings.createdAt, from), lt(bookings.createdAt, to)))
    .groupBy(bookings.referralCode);
  return new Map(rows.map((row) => [row.code!, Number(row.count)]));
}
