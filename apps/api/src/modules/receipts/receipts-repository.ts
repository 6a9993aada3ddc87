import { count, eq } from 'drizzle-orm';
import { paymentReceipts } from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';

export async function countReceipts(tx: Tx, bookingId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(paymentReceipts).where(eq(paymentReceipts.bookingId, bookingId));
  return Number(row?.n ?? 0);
}

export async function insertReceipt(tx: Tx, row: typeof paymentReceipts.$inferInsert) {
  await tx.insert(paymentReceipts).values(row);
}
