import { randomBytes } from 'node:crypto';
import type { HoldCapLift, HoldCaps, LiftHoldCapRequest, ListHoldCapLiftsResponse } from '@kwenda/contracts/admin';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { AppError, validationError } from '../../errors.js';
import { recordStaffAction } from '../staff/staff-audit.js';
import { addressKey } from '../../plugins/client-address.js';
import { deleteExpiredKeys } from '../../plugins/idempotency-repository.js';
import * as repo from './limits-repository.js';
import { deleteEndedCounters } from '../../plugins/throttle-repository.js';

/**
 * The desk's view of the caps on unpaid holds, and the lifts staff grant: for one e-mail, mobile or
 * address, for some hours, with a reason. Every lift and early end is audited (recordStaffAction).
 */
export function createLimitsService(deps: { database: Database; caps: HoldCaps; clock?: () => Date }) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());

  async function present(tx: Tx, lift: repo.LiftView, now: Date): Promise<HoldCapLift> {
    return {
      id: lift.id,
      kind: lift.kind,
      value: lift.value,
      reason: lift.reason,
      createdAt: lift.createdAt.toISOString(),
      expiresAt: lift.expiresAt.toISOString(),
      endedAt: lift.endedAt?.toISOString() ?? null,
      createdBy: lift.createdByName,
      endedBy: lift.endedByName,
      unpaidHolds: await repo.countUnpaidHolds(tx, lift.kind, lift.value, '', now),
    };
  }

  return {
    /** Throttle windows that ended and idempotency keys past their day count nothing: they go (a job). */
    async prune(now = clock()) {
      await deleteEndedCounters(db, now);
      await deleteExpiredKeys(db, now);
    },

    async list(): Promise<ListHoldCapLiftsResponse> {
      const now = clock();
      const lifts = await repo.listLiveLifts(db, now);
      return { caps: deps.caps, lifts: await Promise.all(lifts.map((lift) => present(db, lift, now))) };
    },

    /** Lifts a cap; a lift already in force for the same e-mail, mobile or address ends (replaced). */
    async lift(input: LiftHoldCapRequest, staffUserId: string): Promise<HoldCapLift> {
      // An IPv6 address is lifted for its /64, as the caps count it.
      const value = input.kind === 'address' ? addressKey(input.value) : input.value;
      if (!value) throw validationError([{ path: 'value', code: 'invalid_address', message: 'Not an IP address' }]);
      const now = clock();
      const id = `lift_${randomBytes(12).toString('base64url')}`;
      return db.transaction(async (tx) => {
        const replaced = await repo.endLiveLifts(tx, { kind: input.kind, value }, staffUserId, now);
        await repo.insertLift(tx, {
          id,
          kind: input.kind,
          value,
          reason: input.reason,
          createdBy: staffUserId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + input.hours * 3_600_000),
        });
        await recordStaffAction(tx, {
          staffUserId,
          action: 'hold-cap-lifted',
          targetType: 'hold-cap',
          targetId: id,
          details: { kind: input.kind, value, hours: input.hours, reason: input.reason, replaced },
        });
        return present(tx, (await repo.findLift(tx, id))!, now);
      });
    },

    /** Ends a lift before its time (a lift already over is answered as it is). */
    async end(id: string, staffUserId: string): Promise<HoldCapLift> {
      const now = clock();
      return db.transaction(async (tx) => {
        const ended = await repo.endLiveLifts(tx, { id }, staffUserId, now);
        const lift = await repo.findLift(tx, id);
        if (!lift) throw new AppError(404, 'NOT_FOUND', 'No lift with this id');
        if (ended.length)
          await recordStaffAction(tx, {
            staffUserId,
            action: 'hold-cap-lift-ended',
            targetType: 'hold-cap',
            targetId: id,
            details: { kind: lift.kind, value: lift.value },
          });
        return present(tx, lift, now);
      });
    },
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
