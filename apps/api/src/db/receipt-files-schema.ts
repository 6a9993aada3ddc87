import { customType, pgTable, text } from 'drizzle-orm/pg-core';

// ---------- transfer receipts' bytes (migrations/0016_shared_state.sql) ----------

/** PostgreSQL's bytea: node-postgres reads it as a Buffer, PGlite as a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * The file of each transfer receipt (payment_receipts), in the database so every process on every
 * machine can show it to staff; a separate table so listing receipts never loads their bytes.
 */
export const receiptFiles = pgTable('receipt_files', {
  receiptId: text('receipt_id').primaryKey(),
  bytes: bytea('bytes').notNull(),
});
