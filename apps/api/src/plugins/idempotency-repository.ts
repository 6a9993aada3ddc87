import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { idempotencyKeys, type IdempotencyKeyRow } from '../db/schema.js';

/** Idempotency keys (plugins/idempotency.ts): claimed, answered, replayed, forgotten after a day. */

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Claims a key for a request, in one statement: a new key; a key whose day is over; or a key whose
 * request died running (its lease ended), when this request is the same one. True when claimed.
 */
export async function claimKey(
  db: Db,
  claim: { scope: string; key: string; fingerprint: string; claimId: string; now: Date; leaseMs: number; keepMs: number },
): Promise<boolean> {
  const { scope, key, fingerprint, claimId, now } = claim;
  const lockedUntil = new Date(now.getTime() + claim.leaseMs);
  const expiresAt = new Date(now.getTime() + claim.keepMs);
  const rows = await db
    .insert(idempotencyKeys)
    .values({ scope, key, fingerprint, status: 'running', claimId, lockedUntil, createdAt: now, expiresAt })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: {
        fingerprint,
        status: 'running',
        claimId,
        lockedUntil,
        responseStatus: null,
        responseHeaders: null,
        responseBody: null,
        createdAt: now,
        expiresAt,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= ${iso(now)} OR (${idempotencyKeys.status} = 'running'
        AND ${idempotencyKeys.lockedUntil} <= ${iso(now)} AND ${idempotencyKeys.fingerprint} = ${fingerprint})`,
    })
    .returning({ claimId: idempotencyKeys.claimId });
  return rows.length > 0;
}

export async function findKey(db: Db, scope: string, key: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return row;
}

/**
 * Moves the lease of a request still running to `until`; false when the claim is no longer this
 * request's (its answer was kept, or its lease ended and a retry took the key).
 */
export async function renewKey(db: Db, claim: { scope: string; key: string; claimId: string }, until: Date): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ lockedUntil: until })
    .where(
      and(
        eq(idempotencyKeys.scope, claim.scope),
        eq(idempotencyKeys.key, claim.key),
        eq(idempotencyKeys.claimId, claim.claimId),
        eq(idempotencyKeys.status, 'running'),
      ),
    )
    .returning({ claimId: idempotencyKeys.claimId });
  return rows.length > 0;
}

/** Keeps the answer of the request that holds the claim, to replay. */
export async function saveAnswer(
  db: Db,
  claim: { scope: string; key: string; claimId: string },
  answer: { status: number; headers: Record<string, string | string[]>; body: string },
) {
  await db
    .update(idempotencyKeys)
    .set({
      status: 'done',
      lockedUntil: null,
      responseStatus: answer.status,
      responseHeaders: answer.headers,
      responseBody: answer.body,
    })
    .where(
      and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.claimId, claim.claimId)),
    );
}

/** Frees the key for a retry (the request failed in a way that decided nothing: a 5xx). */
export async function releaseKey(db: Db, claim: { scope: string; key: string; claimId: string }) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.claimId, claim.claimId)),
    );
}

/** Keys whose day is over are forgotten (a job). */
export async function deleteExpiredKeys(db: Db, now: Date) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
}
