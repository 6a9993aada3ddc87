import { randomBytes } from 'node:crypto';
import { todayIn } from '@kwenda/contracts';
import type { NoticesResponse } from '@kwenda/contracts';
import { WITHDRAWN_NOTICES_LISTED } from '@kwenda/contracts/admin';
import type { ListRouteNoticesResponse, RouteNotice, RouteNoticeList, routeNoticeInputSchema } from '@kwenda/contracts/admin';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { recordStaffAction } from '../staff/staff-audit.js';
import * as repo from './notices-repository.js';

type NoticeInput = z.output<typeof routeNoticeInputSchema>;

const present = (notice: repo.NoticeView): RouteNotice => ({
  id: notice.id,
  scope: notice.scope,
  origin: notice.origin,
  destination: notice.destination,
  airport: notice.airport,
  airline: notice.airline,
  startsOn: notice.startsOn,
  endsOn: notice.endsOn,
  textAr: notice.textAr,
  textEn: notice.textEn,
  updatedBy: notice.updatedByName,
  updatedAt: notice.updatedAt.toISOString(),
  withdrawnAt: notice.withdrawnAt?.toISOString() ?? null,
});

/** Only the fields of the notice's scope are kept (the contract has refused any other). */
const fieldsOf = (input: NoticeInput) => ({
  scope: input.scope,
  origin: input.origin ?? null,
  destination: input.destination ?? null,
  airport: input.airport ?? null,
  airline: input.airline ?? null,
  startsOn: input.startsOn,
  endsOn: input.endsOn,
  textAr: input.textAr,
  textEn: input.textEn,
});

const notFound = () => new AppError(404, 'NOT_FOUND', 'No notice with this id');

/**
 * Notices for the travellers of a route, an airport or an airline: staff write, change and withdraw
 * them (each recorded in the staff audit); travellers read the ones that match their flights.
 */
export function createNoticesService(deps: { database: Database; clock?: () => Date }) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());

  return {
    async list(state: RouteNoticeList = 'in-force'): Promise<ListRouteNoticesResponse> {
      const rows =
        state === 'withdrawn'
          ? await repo.listWithdrawn(db, WITHDRAWN_NOTICES_LISTED)
          : await repo.listCurrent(db, todayIn(undefined, clock()));
      return { notices: rows.map(present) };
    },

    async create(input: NoticeInput, staffUserId: string): Promise<RouteNotice> {
      const id = `ntc_${randomBytes(12).toString('base64url')}`;
      const now = clock();
      return db.transaction(async (tx) => {
        await repo.insertNotice(tx, {
          id,
          ...fieldsOf(input),
          createdBy: staffUserId,
          createdAt: now,
          updatedBy: staffUserId,
          updatedAt: now,
        });
        await recordStaffAction(tx, {
          staffUserId,
          action: 'notice-created',
          targetType: 'notice',
          targetId: id,
          details: fieldsOf(input),
        });
        return present((await repo.findNotice(tx, id))!);
      });
    },

    async update(id: string, input: NoticeInput, staffUserId: string): Promise<RouteNotice> {
      return db.transaction(async (tx) => {
        const changed = await repo.updateNotice(tx, id, { ...fieldsOf(input), updatedBy: staffUserId, updatedAt: clock() });
        if (!changed) throw notFound();
        await recordStaffAction(tx, {
          staffUserId,
          action: 'notice-updated',
          targetType: 'notice',
          targetId: id,
          details: fieldsOf(input),
        });
        return present((await repo.findNotice(tx, id))!);
      });
    },

    /** Withdraws a notice: never shown again, kept for the audit. */
    async withdraw(id: string, staffUserId: string): Promise<RouteNotice> {
      return db.transaction(async (tx) => {
        const now = clock();
        const changed = await repo.updateNotice(tx, id, { withdrawnAt: now, updatedBy: staffUserId, updatedAt: now });
        if (!changed) throw notFound();
        await recordStaffAction(tx, { staffUserId, action: 'notice-withdrawn', targetType: 'notice', targetId: id });
        return present((await repo.findNotice(tx, id))!);
      });
    },

    async forTraveller(query: {
      origin: string;
      destination: string;
      airlines: string[];
      date: string;
    }): Promise<NoticesResponse> {
      return { notices: await repo.findMatching(db, query) };
    },
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
