import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { contactCodes, type ContactCodePurpose, type ContactCodeRow } from '../../db/whatsapp-schema.js';

/**
 * Every query of contact_codes: the codes that prove a number or an address (sign-in by number,
 * adding a number or an e-mail to an account). A row is one code, named by its id (the challenge the
 * code screen sends back); `used_at` is set once, when the code did what it was sent for.
 */

/** Which codes a request is about: a purpose, a number or an address, and the account (null to sign in). */
export interface CodeScope {
  purpose: ContactCodePurpose;
  target: string;
  userId: string | null;
}

const inScope = (scope: CodeScope) =>
  and(
    eq(contactCodes.purpose, scope.purpose),
    eq(contactCodes.target, scope.target),
    scope.userId === null ? isNull(contactCodes.userId) : eq(contactCodes.userId, scope.userId),
  );

/**
 * Decisions about one number or address queue behind each other until the transaction ends (which
 * code is in force, which account takes it): two requests at once cannot both make one.
 */
export async function lockTarget(tx: Tx, target: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`contact:${target}`}, 0))`);
}

export async function insertCode(db: Db, row: typeof contactCodes.$inferInsert) {
  await db.insert(contactCodes).values(row);
}

/** The newest code of the scope that still works: not used, not expired, tries left. */
export async function findWorkingCode(
  db: Db,
  scope: CodeScope,
  maxAttempts: number,
  now: Date,
): Promise<ContactCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(contactCodes)
    .where(
      and(inScope(scope), isNull(contactCodes.usedAt), gt(contactCodes.expiresAt, now), lt(contactCodes.attempts, maxAttempts)),
    )
    .orderBy(desc(contactCodes.createdAt))
    .limit(1);
  return row;
}

/** The code sent again: valid for longer, and not sent again before `resendAt`. */
export async function extendCode(db: Db, id: string, times: { expiresAt: Date; resendAt: Date }) {
  await db.update(contactCodes).set(times).where(eq(contactCodes.id, id));
}

export async function findCode(db: Db, id: string, scope: CodeScope): Promise<ContactCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(contactCodes)
    .where(and(eq(contactCodes.id, id), inScope(scope)));
  return row;
}

/** A code an account asked for to add a number or an address. */
export async function findAccountCode(db: Db, id: string, userId: string): Promise<ContactCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(contactCodes)
    .where(
      and(eq(contactCodes.id, id), eq(contactCodes.userId, userId), inArray(contactCodes.purpose, ['add-phone', 'add-email'])),
    );
  return row;
}

/**
 * Takes one try of the code before it is judged, in one statement (concurrent guesses queue on the
 * row, so thirty at once judge five): answers the row when it is unused, unexpired and had a try left.
 */
export async function takeAttempt(
  db: Db,
  id: string,
  scope: CodeScope,
  maxAttempts: number,
  now: Date,
): Promise<ContactCodeRow | undefined> {
  const [row] = await db
    .update(contactCodes)
    .set({ attempts: sql`${contactCodes.attempts} + 1` })
    .where(
      and(
        eq(contactCodes.id, id),
        inScope(scope),
        isNull(contactCodes.usedAt),
        lt(contactCodes.attempts, maxAttempts),
        gt(contactCodes.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/**
 * The code was right: its try is given back (only wrong codes count), and it stays valid until at
 * least `validUntil` (a code proved right before the name it needs was typed waits for the name).
 */
export async function markProven(db: Db, id: string, validUntil: Date) {
  await db
    .update(contactCodes)
    .set({
      attempts: sql`greatest(${contactCodes.attempts} - 1, 0)`,
      expiresAt: sql`greatest(${contactCodes.expiresAt}, ${validUntil.toISOString()}::timestamptz)`,
    })
    .where(eq(contactCodes.id, id));
}

/** Uses the code up, once: true the first time, false when another request used it meanwhile. */
export async function useCode(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(contactCodes)
    .set({ usedAt: now })
    .where(and(eq(contactCodes.id, id), isNull(contactCodes.usedAt)))
    .returning({ id: contactCodes.id });
  return rows.length > 0;
}

/** Codes that ran out long ago (nobody will send them back). */
export async function deleteStaleCodes(db: Db, expiredBefore: Date) {
  await db.delete(contactCodes).where(lt(contactCodes.expiresAt, expiredBefore));
}
