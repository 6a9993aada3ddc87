import { randomBytes } from 'node:crypto';
import { pricedCurrencies, type FieldError, type PricedCurrency } from '@kwenda/contracts';
import {
  markupRuleInputSchema,
  RATE_LIMITS,
  type CurrentRate,
  type MarkupRule,
  type RateChange,
  type RatesOverview,
  type SetRateRequest,
  type StaffRef,
} from '@kwenda/contracts/admin';
import type { z } from 'zod';
import { findAirport } from '../../data/airports.js';
import type { Database } from '../../db/client.js';
import type { ExchangeRateChangeRow, MarkupRuleRow } from '../../db/schema.js';
import { AppError, notFound, validationError } from '../../errors.js';
import { recordStaffAction } from '../staff/staff-audit.js';
import { markupScopeOf } from './markup-match.js';
import * as repo from './rates-repository.js';

type MarkupRuleInput = z.output<typeof markupRuleInputSchema>;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const byTime = (a: ExchangeRateChangeRow, b: ExchangeRateChangeRow) =>
  +a.effectiveAt - +b.effectiveAt || +a.setAt - +b.setAt || a.id.localeCompare(b.id);
/** How many history entries the desk's page shows, newest first. */
export const HISTORY_LIMIT = 200;

/**
 * Each currency's history in time order: the rate each entry replaced (the entry before it that was
 * not canceled) and its status at `now`.
 */
function historyOf(rows: readonly ExchangeRateChangeRow[], now: Date) {
  const entries: { row: ExchangeRateChangeRow; previous: number | null; status: RateChange['status'] }[] = [];
  const byCurrency = new Map<string, ExchangeRateChangeRow[]>();
  for (const row of rows) byCurrency.set(row.currency, [...(byCurrency.get(row.currency) ?? []), row]);
  for (const list of byCurrency.values()) {
    list.sort(byTime);
    const live = list.filter((row) => !row.canceledAt);
    const current = live.filter((row) => row.effectiveAt <= now).at(-1);
    let previous: number | null = null;
    for (const row of list) {
      if (row.canceledAt) {
        entries.push({ row, previous, status: 'canceled' });
        continue;
      }
      const status = row.effectiveAt > now ? 'scheduled' : row === current ? 'in-effect' : 'replaced';
      entries.push({ row, previous, status });
      previous = row.unitsPerUsd;
    }
  }
  return entries;
}

function presentMarkup(row: MarkupRuleRow, who: (id: string | null) => StaffRef | null): MarkupRule {
  return {
    id: row.id,
    ...markupScopeOf(row),
    active: row.active,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    createdBy: who(row.createdBy),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: who(row.updatedBy),
  };
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

const markupExists = () =>
  new AppError(409, 'MARKUP_RULE_EXISTS', 'An active markup rule already names the same airline, route and cabin');

function checkAirports(input: MarkupRuleInput) {
  const fields: FieldError[] = [];
  for (const key of ['origin', 'destination'] as const) {
    const code = input[key];
    if (code && !findAirport(code)) fields.push({ path: key, code: 'unknown_airport', message: `Unknown airport code ${code}` });
  }
  if (fields.length) throw validationError(fields);
}

/**
 * The owner's rates and markups. Every change is one transaction with its staff audit row; the
 * pricing version moves with it (migrations/0016_shared_state.sql), so the next search in every
 * process prices with the change (rate-book.ts).
 */
export function createRatesService(deps: { database: Database; clock?: () => Date }) {
  const db = deps.database.db;
  const clock = deps.clock ?? (() => new Date());

  const namesOf = async (ids: (string | null)[]) => {
    const names = await repo.findStaffNames(
      db,
      ids.filter((id): id is string => id !== null),
    );
    return (id: string | null): StaffRef | null => (id ? { id, name: names.get(id) ?? id } : null);
  };

  async function overview(): Promise<RatesOverview> {
    const now = clock();
    const [rows, markupRows] = await Promise.all([repo.findRateHistory(db), repo.findMarkups(db)]);
    const who = await namesOf([...rows.map((r) => r.setBy), ...markupRows.flatMap((m) => [m.createdBy, m.updatedBy])]);
    const entries = historyOf(rows, now);
    const present = ({ row, previous, status }: (typeof entries)[number]): RateChange => ({
      id: row.id,
      currency: row.currency as PricedCurrency,
      unitsPerUsd: row.unitsPerUsd,
      previousUnitsPerUsd: previous,
      effectiveAt: row.effectiveAt.toISOString(),
      setAt: row.setAt.toISOString(),
      setBy: who(row.setBy),
      status,
      canceledAt: row.canceledAt?.toISOString() ?? null,
    });
    const rates: CurrentRate[] = [];
    for (const currency of pricedCurrencies) {
      if (currency === 'USD') continue;
      const own = entries.filter((e) => e.row.currency === currency);
      const current = own.find((e) => e.status === 'in-effect');
      if (!current) continue;
      rates.push({
        currency,
        rateId: current.row.id,
        unitsPerUsd: current.row.unitsPerUsd,
        effectiveAt: current.row.effectiveAt.toISOString(),
        setBy: who(current.row.setBy),
        scheduled: own.filter((e) => e.status === 'scheduled').map(present),
      });
    }
    const history = [...entries]
      .filter((e) => e.row.currency !== 'USD')
      .sort((a, b) => +b.row.setAt - +a.row.setAt || b.row.id.localeCompare(a.row.id))
      .slice(0, HISTORY_LIMIT)
      .map(present);
    return { rates, history, markups: markupRows.map((row) => presentMarkup(row, who)) };
  }

  /** When a new rate takes effect: now when not said, or a time from a minute ago up to RATE_LIMITS.maxDaysAhead. */
  function effectiveTime(requested: string | null | undefined, now: Date): Date {
    if (!requested) return now;
    const at = new Date(requested);
    if (+at < +now - RATE_LIMITS.pastToleranceSeconds * 1000)
      throw validationError([{ path: 'effectiveAt', code: 'date_in_past', message: 'A rate cannot take effect in the past' }]);
    if (+at > +now + RATE_LIMITS.maxDaysAhead * 86_400_000)
      throw validationError([
        { path: 'effectiveAt', code: 'date_too_far', message: `At most ${RATE_LIMITS.maxDaysAhead} days ahead` },
      ]);
    return at < now ? now : at;
  }

  async function setRate(staffUserId: string, request: SetRateRequest): Promise<RateChange> {
    const now = clock();
    const effectiveAt = effectiveTime(request.effectiveAt, now);
    const inserted = await db.transaction(async (tx) => {
      // The rate this one replaces when it takes effect.
      const live = (await repo.findRateHistory(tx))
        .filter((row) => row.currency === request.currency && !row.canceledAt && row.effectiveAt <= effectiveAt)
        .sort(byTime);
      const replaced = live.at(-1) ?? null;
      if (replaced && !request.confirmLargeChange) {
        const ratio = request.unitsPerUsd / replaced.unitsPerUsd;
        if (ratio > RATE_LIMITS.largeChangeRatio || ratio < 1 / RATE_LIMITS.largeChangeRatio)
          throw new AppError(
            400,
            'RATE_CHANGE_UNCONFIRMED',
            `${request.unitsPerUsd} ${request.currency} is far from ${replaced.unitsPerUsd}: send confirmLargeChange if it is right`,
            [{ path: 'confirmLargeChange', code: 'large_change', message: `Replaces ${replaced.unitsPerUsd}` }],
          );
      }
      const row = await repo.insertRateChange(tx, {
        id: newId('rate'),
        currency: request.currency,
        unitsPerUsd: request.unitsPerUsd,
        effectiveAt,
        setBy: staffUserId,
        setAt: now,
      });
      await recordStaffAction(tx, {
        staffUserId,
        action: 'rate-changed',
        targetType: 'exchange-rate',
        targetId: row.id,
        details: {
          currency: row.currency,
          from: replaced?.unitsPerUsd ?? null,
          to: row.unitsPerUsd,
          effectiveAt: row.effectiveAt.toISOString(),
        },
      });
      return row;
    });
    return (await overview()).history.find((entry) => entry.id === inserted.id)!;
  }

  async function cancelRate(staffUserId: string, id: string): Promise<RateChange> {
    const now = clock();
    await db.transaction(async (tx) => {
      const row = await repo.lockRateChange(tx, id);
      if (!row) throw notFound('No rate with this id');
      if (row.canceledAt || row.effectiveAt <= now)
        throw new AppError(409, 'RATE_ALREADY_IN_EFFECT', 'Only a rate that has not taken effect yet can be canceled');
      await repo.cancelRateChange(tx, id, staffUserId, now);
      await recordStaffAction(tx, {
        staffUserId,
        action: 'rate-canceled',
        targetType: 'exchange-rate',
        targetId: id,
        details: { currency: row.currency, rate: row.unitsPerUsd, effectiveAt: row.effectiveAt.toISOString() },
      });
    });
    return (await overview()).history.find((entry) => entry.id === id)!;
  }

  async function saveMarkup(staffUserId: string, id: string | null, input: MarkupRuleInput): Promise<MarkupRule> {
    checkAirports(input);
    const now = clock();
    const fields = {
      percent: input.percent,
      fixedUsd: input.fixedUsd,
      airline: input.airline,
      origin: input.origin,
      destination: input.destination,
      cabin: input.cabin,
      active: input.active,
      note: input.note || null,
      updatedBy: staffUserId,
      updatedAt: now,
    };
    let saved: MarkupRuleRow;
    try {
      saved = await db.transaction(async (tx) => {
        let before: MarkupRuleRow | undefined;
        if (id !== null) {
          before = await repo.lockMarkup(tx, id);
          if (!before) throw notFound('No markup rule with this id');
        }
        if (input.active && (await repo.findActiveMarkupLike(tx, input, id))) throw markupExists();
        const row =
          id === null
            ? await repo.insertMarkup(tx, { id: newId('mk'), ...fields, createdBy: staffUserId, createdAt: now })
            : await repo.updateMarkup(tx, id, fields);
        await recordStaffAction(tx, {
          staffUserId,
          action: id === null ? 'markup-created' : before!.active && !row.active ? 'markup-disabled' : 'markup-updated',
          targetType: 'markup-rule',
          targetId: row.id,
          details: {
            ...(before ? { before: markupTermsOf(before) } : {}),
            after: markupTermsOf(row),
          },
        });
        return row;
      });
    } catch (error) {
      // Two owners saving the same rule at once: the unique index refuses the second.
      if (isUniqueViolation(error)) throw markupExists();
      throw error;
    }
    const who = await namesOf([saved.createdBy, saved.updatedBy]);
    return presentMarkup(saved, who);
  }

  return {
    overview,
    setRate,
    cancelRate,
    createMarkup: (staffUserId: string, input: MarkupRuleInput) => saveMarkup(staffUserId, null, input),
    updateMarkup: (staffUserId: string, id: string, input: MarkupRuleInput) => saveMarkup(staffUserId, id, input),
  };
}

const markupTermsOf = (row: MarkupRuleRow) => ({ ...markupScopeOf(row), active: row.active });

export type RatesService = ReturnType<typeof createRatesService>;
