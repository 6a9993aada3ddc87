// The agency's tool for bank transfers until the back-office exists:
//   npx tsx apps/api/scripts/receipt.ts list
//   npx tsx apps/api/scripts/receipt.ts confirm KW7F3K9Q [--by "Amna"]
//   npx tsx apps/api/scripts/receipt.ts reject KW7F3K9Q [--by "Amna"]
// It opens the same database as the server (DATABASE_URL, else the embedded one under DATA_DIR).
// The embedded database is a single process: stop the server first, or run it with DATABASE_URL.
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { loadEnv } from '../src/env.js';

const [command, reference, ...rest] = process.argv.slice(2);
const byIndex = rest.indexOf('--by');
const reviewer = byIndex >= 0 && rest[byIndex + 1] ? rest[byIndex + 1]! : (process.env.USER ?? 'agency');

const usage = `Usage: npx tsx apps/api/scripts/receipt.ts <command>   (or: npm run receipt -- <command>)
  list                         held bookings waiting for a bank transfer: reference, amount, receipts (uploaded at, file)
  confirm <booking reference>  the money is in the account: confirm, ticket and e-mail the e-ticket
  reject <booking reference>   no matching transfer: the receipts are rejected, the traveller is asked again
  (a receipt id rc_... from "list" works in place of the reference: reject then rejects that receipt only)
Options: --by <name>           recorded in the booking's audit trail (default: $USER)
Database: the server's own (DATABASE_URL, else the embedded one under DATA_DIR). The embedded
database (PGlite) opens in one process only: stop the server first, or run both with DATABASE_URL.`;

if (!command || !['list', 'confirm', 'reject'].includes(command) || (command !== 'list' && !reference)) {
  console.error(usage);
  process.exit(2);
}

const env = loadEnv({ ...process.env, RUN_JOBS: 'false', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await migrate(database.sql);
const app = await buildApp({ env, database });
const { receipts } = app.kwenda;
try {
  if (command === 'list') {
    const rows = await receipts.pending();
    if (!rows.length) console.log('No booking is waiting for a bank transfer.');
    for (const row of rows)
      console.log(
        [
          row.bookingReference,
          `${row.amount} ${row.currency}`,
          `hold until ${row.holdExpiresAt?.toISOString() ?? '-'}`,
          row.receiptId
            ? `receipt ${row.receiptId} ${row.status} ${row.uploadedAt?.toISOString()} ${row.storagePath}`
            : 'no receipt yet',
        ].join('  '),
      );
  } else {
    const booking =
      command === 'confirm'
        ? await receipts.confirmTransfer(reference!, reviewer)
        : await receipts.rejectTransfer(reference!, reviewer);
    console.log(`${booking.bookingReference}: ${booking.status}${booking.pnr ? `, PNR ${booking.pnr}` : ''}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
}
