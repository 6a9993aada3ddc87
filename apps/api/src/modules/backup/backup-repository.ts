import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, paymentReceipts } from '../../db/schema.js';

/** How many bookings a restored database holds (what `npm run restore` reports). */
export async function countBookings(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookings);
  return row?.n ?? 0;
}

/**
 * Receipts name their file by its full path: after a restore into another place, the paths under
 * the old uploads folder are moved to the new one. Returns how many receipts were moved.
 */
export async function relocateReceiptFiles(db: Db, fromDir: string, toDir: string): Promise<number> {
  if (fromDir === toDir) return 0;
  const moved = await db
    .update(paymentReceipts)
    .set({ storagePath: sql`${toDir} || substr(${paymentReceipts.storagePath}, ${fromDir.length + 1})` })
    .where(sql`starts_with(${paymentReceipts.storagePath}, ${`${fromDir}/`})`)
    .returning({ id: paymentReceipts.id });
  return moved.length;
}
