import type { BankAccount, SupportHours } from '@kwenda/contracts';
import type { Database, Db } from '../../../db/client.js';
import type { BookingRow, PassengerRow } from '../../../db/schema.js';
import type { SupplierRegistry } from '../../../suppliers/supplier.js';
import type { MailPort } from '../../mail/mail-port.js';
import type { MessengerPort } from '../../whatsapp/messenger-port.js';
import type { RateBook } from '../../rates/rate-book.js';
import type { BookingMessages } from '../booking-emails.js';
import type { DeskMessages } from '../desk-emails.js';
import type { CheckoutPort } from '../booking-ports.js';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the booking service is built from (app.ts, tests). */
export interface BookingServiceDeps {
  database: Database;
  /** Suppliers by name: new bookings go to `current`, every later step to the booking's own (bookings.supplier). */
  suppliers: SupplierRegistry;
  rates: RateBook;
  publicUrl: string;
  holdMinutes: number;
  /** The agency's inbox: told about every booking held for pay-later. */
  agencyEmail: string;
  mail: MailPort;
  /** WhatsApp: a traveller's updates go there when they asked for it (notify-traveller.ts). */
  messenger: MessengerPort;
  /** Every e-mail and document of a booking (booking-emails.ts): links from PUBLIC_URL, times on the agency's clock. */
  messages: BookingMessages;
  /** The e-mails the desk's staff actions send travellers (desk-emails.ts). */
  deskMessages: DeskMessages;
  logger: Logger;
  clock?: () => Date;
  /**
   * How long a call to the supplier may go unanswered before it is taken as lost and settled by
   * asking the supplier (modules/supplier-calls); SUPPLIER_CALL_LEASE_SECONDS, 2 minutes by default.
   */
  supplierCallLeaseMs?: number;
  /** The payments module's checkout: the payment link of a booking paid by card, closed when the hold ends. */
  checkout: CheckoutPort;
  /** The agency's limits on holding seats without paying (hold-limits.ts). */
  holds: HoldPolicy;
  /** The agency's accounts for bank transfers (BANK_ACCOUNTS), each taking its own currency. */
  bankAccounts: BankAccount[];
  /**
   * How soon the agency promises tickets the airline refused and it issues by hand: working hours
   * (MANUAL_TICKETING_HOURS) within the support days and hours, on Khartoum's clock.
   */
  manualTicketing: { hours: number; support: SupportHours };
}

/**
 * Limits on unpaid holds, per contact, client address and passenger on the same flights: each
 * refuses with an AppError naming the limit.
 */
export interface HoldPolicy {
  /** In the transaction that holds the seats, the booking row locked: refuses a hold past a limit, records who holds. */
  assertHoldAllowed(tx: Db, booking: BookingRow, passengers: PassengerRow[], actor: Actor): Promise<void>;
  /** The caps alone, read only: an early answer when the contact is first given. */
  checkHoldAllowed(tx: Db, booking: Pick<BookingRow, 'id' | 'email' | 'mobile'>, actor: Actor): Promise<void>;
}

/** What every use case receives: the service's settings with the clock resolved. */
export interface BookingDeps extends Omit<BookingServiceDeps, 'clock'> {
  db: Db;
  clock: () => Date;
}

/** Who asked: an account, a guest holding the unguessable id, a job, a provider or a staff member. */
export interface Actor {
  userId: string | null;
  label: string;
  /** The client's address as the server sees it (behind the load balancer: the forwarded one); null off the web (jobs, staff). */
  address?: string | null;
}
