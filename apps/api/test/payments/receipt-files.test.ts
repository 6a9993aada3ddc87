import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Booking } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { importReceiptFiles } from '../../src/modules/receipts/receipt-storage.js';
import { asGuest, findOffer, pay, readyBooking } from '../helpers/booking-factories.js';
import { multipart } from '../helpers/multipart.js';
import { staffMember, type TestStaffMember } from '../helpers/staff.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { backends } from '../helpers/test-database.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Transfer receipts live in the database, so any process shows them to staff; those sent before, kept
 * as files on one machine's disk, are still shown from there and copied in by that machine at start.
 */
describe.each(backends)('receipt files on %s', (backend) => {
  let ctx: TestContext;
  /** A second process on the same database, on another machine: a data folder of its own. */
  let other: App;
  let staff: TestStaffMember;
  let booking: Booking;
  const legacyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-legacy-uploads-'));

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    other = await buildApp({
      env: { ...ctx.env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-other-machine-')) },
      database: ctx.database,
    });
    await other.ready();
    staff = await staffMember(other, 'viewer');
    booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'RECEIPTFILES');
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
    fs.rmSync(legacyDir, { recursive: true, force: true });
  });

  const fileFromOther = (receiptId: string) =>
    other.inject({ method: 'GET', url: `/api/v1/admin/transfers/${receiptId}/file`, headers: staff.headers });
  const fileOfBooking = (receiptId: string) =>
    other.inject({
      method: 'GET',
      url: `/api/v1/admin/bookings/${booking.id}/receipts/${receiptId}/file`,
      headers: staff.headers,
    });

  /** A receipt as it was stored before receipt_files: a row naming a file on this machine's disk. */
  const legacyReceipt = async (bytes: Buffer, options: { hashOf?: Buffer; onDisk?: boolean } = {}) => {
    const id = `rc_legacy${randomBytes(6).toString('hex')}`;
    const file = path.join(legacyDir, 'receipts', booking.id, `${id}.png`);
    if (options.onDisk !== false) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, bytes, { mode: 0o600 });
    }
    await ctx.database.sql.query(
      `INSERT INTO payment_receipts (id, booking_id, file_name, content_type, size_bytes, sha256, storage_path)
       VALUES ($1, $2, 'bankak.png', 'image/png', $3, $4, $5)`,
      [id, booking.id, bytes.length, sha256(options.hashOf ?? bytes), file],
    );
    return { id, file };
  };

  it('a receipt sent to one process is shown to staff by another, from the database', async () => {
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/receipts`,
      ...asGuest(ctx, booking.id, multipart(PNG, 'bankak.png', 'image/png')),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const receiptId = (upload.json() as { booking: Booking }).booking.receipts.at(-1)!.id;

    const shown = await fileFromOther(receiptId);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    expect((await fileOfBooking(receiptId)).rawPayload.equals(PNG)).toBe(true);
  });

  it('a receipt from before is shown from its file, then copied into the database by the machine that has it', async () => {
    const bytes = Buffer.concat([PNG, Buffer.from('legacy')]);
    const legacy = await legacyReceipt(bytes);
    const altered = await legacyReceipt(Buffer.concat([PNG, Buffer.from('edited on disk')]), { hashOf: PNG });
    const elsewhere = await legacyReceipt(PNG, { onDisk: false });

    expect((await fileFromOther(legacy.id)).rawPayload.equals(bytes)).toBe(true);
    // A file whose bytes are not those hashed at upload is not shown as the traveller's receipt.
    expect((await fileFromOther(altered.id)).statusCode).toBe(404);
    expect((await fileFromOther(elsewhere.id)).json()).toMatchObject({ code: 'NOT_FOUND' });

    expect(await importReceiptFiles(ctx.database.db)).toEqual({ imported: 1, elsewhere: 1, altered: 1 });
    fs.rmSync(legacy.file);
    const shown = await fileOfBooking(legacy.id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.rawPayload.equals(bytes)).toBe(true);
    // Once copied, a receipt is not copied again.
    expect(await importReceiptFiles(ctx.database.db)).toEqual({ imported: 0, elsewhere: 1, altered: 1 });
  });
});
