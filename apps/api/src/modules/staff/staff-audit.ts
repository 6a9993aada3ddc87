import type { StaffAction } from '@kwenda/contracts/admin';
import { staffActions } from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';

/**
 * The audit trail of what staff do that is not already a booking transition (booking_events records
 * those with actor 'staff:<user id>'): an invitation sent, a role changed, a document number viewed, a
 * rate changed, an agent created... Written in the caller's transaction, so an action that fails
 * leaves no row and one that succeeds always has one.
 */
export interface StaffActionInput {
  staffUserId: string;
  /** One of STAFF_ACTIONS (contracts): 'staff-invited', 'document-viewed', 'rate-changed' ... */
  action: StaffAction;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown> | null;
}

export async function recordStaffAction(tx: Tx, input: StaffActionInput) {
  await tx.insert(staffActions).values({
    staffUserId: input.staffUserId,
    action: input.action,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    details: input.details ?? null,
  });
}
