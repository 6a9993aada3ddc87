// The agency's tool for bank transfers until the back-office exists:
//   npx tsx apps/api/scripts/receipt.ts list
//   npx tsx apps/api/scripts/receipt.ts confirm KW7F3K9Q [--by "Amna"]
//   npx tsx apps/api/scripts/receipt.ts reject KW7F3K9Q [--by "Amna"]
// It reads the same settings as the server (the environment over .env, or ENV_FILE): the same
// database (DATABASE_URL, else the embedded one under DATA_DIR), mail server, and PUBLIC_URL for the
// links of the e-ticket it e-mails. The embedded database is a single process: stop the server
// first, or run it with DATABASE_URL.
import { formatAgencyDateTime } from '@kwenda/contracts/display';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { environment } from '../src/env-file.js';
import { EnvError, loadEnv } from '../src/env.js';
import { MissingPublicUrlError, requirePublicUrl } from '../src/modules/mail/public-links.js';

const [command, reference, ...rest] = process.argv.slice(2);
const byIndex = rest.indexOf('--by');
const reviewer = byIndex >= 0 && rest[byIndex + 1] ? rest[byIndex + 1]! : (process.env.USER ?? 'agency');

const usage = `Usage: npx tsx apps/api/scripts/receipt.ts <command>   (or: npm run receipt -- <command>)
  list                         held bookings waiting for a bank transfer: reference, amount, receipts (uploaded at, file)
  confirm <booking reference>  the money is in the account: confirm, ticket and e-mail the e-ticket
  reject <booking reference>   no matching transfer: the receipts are rejected, the traveller is asked again
  (a receipt id rc_... from "list" works in place of the reference: reject then rejects that receipt only)
Options: --by <name>           recorded in the booking's audit trail (default: $USER)
Settings: the server's own, from the environment over .env (or the file ENV_FILE names). confirm
e-mails the e-ticket and needs PUBLIC_URL, the address travellers reach the site at.
Database: the server's own (DATABASE_URL, else the embedded one under DATA_DIR). The embedded
database (PGlite) opens in one process only: stop the server first, or run both with DATABASE_URL.`;

if (!command || !['list', 'confirm', 'reject'].includes(command) || (command !== 'list' && !reference)) {
  console.error(usage);
  process.exit(2);
}

let env;
try {
  const settings = environment();
  env = loadEnv({ ...settings, RUN_JOBS: 'false', LOG_LEVEL: settings.LOG_LEVEL ?? 'warn' });
  // The e-ticket's links: this command serves nothing at HOST:PORT, so only PUBLIC_URL can say where the site is.
  if (command === 'confirm') requirePublicUrl(env, 'the e-ticket e-mail');
} catch (error) {
  if (!(error instanceof EnvError || error instanceof MissingPublicUrlError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await migrate(database.sql);
const app = await buildApp({ env, database });
const { receipts } = app.kwenda;
/** Times as the agency reads them: its own clock, with the zone named. */
const when = (instant: Date) => formatAgencyDateTime(instant, 'en', { weekday: 'short', month: 'short' });
try {
  if (command === 'list') {
    const rows = await receipts.pending();
    if (!rows.length) console.log('No booking is waiting for a bank transfer.');
    for (const row of rows)
      console.log(
        [
          row.bookingReference,
          `${row.amount} ${row.currency}`,
          `hold until ${row.holdExpiresAt ? when(row.holdExpiresAt) : '-'}`,
          row.receiptId
            ? `receipt ${row.receiptId} ${row.status} ${row.uploadedAt ? when(row.uploadedAt) : '-'} ${row.storagePath}`
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
