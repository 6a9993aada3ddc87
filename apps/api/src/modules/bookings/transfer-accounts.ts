import type { BankAccount, Currency, TransferAccount } from '@kwenda/contracts';
import type { BookingRow } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { convertUsd } from '../rates/convert-usd.js';
import { findRatesAt } from '../rates/rates-repository.js';

/**
 * What a booking held for a bank transfer owes into each of the agency's accounts, in the account's
 * own currency: a Bankak account in pounds is not asked for dollars. An amount in another currency
 * than the booking's goes through USD at the rates in effect when the booking was priced (the rate
 * history is kept for ever and a rate can be cancelled only before it takes effect), so it never
 * moves with the rates set since. An account whose currency had no rate then is left out.
 */
export async function transferAccountsOf(
  db: Db,
  row: Pick<BookingRow, 'status' | 'paymentMethod' | 'amount' | 'currency' | 'exchangeRate' | 'createdAt'>,
  accounts: BankAccount[],
): Promise<TransferAccount[]> {
  if (row.status !== 'pending-payment' || row.paymentMethod !== 'bank-transfer') return [];
  return owedInAccounts(db, row, accounts);
}

/**
 * What the booking owed into each account, whatever its state now (a receipt read after the booking was
 * decided is still compared with what it owed): transferAccountsOf without the question whether it
 * still waits for a transfer.
 */
export async function owedInAccounts(
  db: Db,
  row: Pick<BookingRow, 'amount' | 'currency' | 'exchangeRate' | 'createdAt'>,
  accounts: BankAccount[],
): Promise<TransferAccount[]> {
  const others = [...new Set(accounts.map((a) => a.currency).filter((c) => c !== row.currency && c !== 'USD'))];
  const rates = await findRatesAt(db, others, row.createdAt);
  rates.set('USD', 1);
  const usd = row.amount / row.exchangeRate;
  return accounts.flatMap((account): TransferAccount[] => {
    if (account.currency === row.currency) return [{ ...account, amount: row.amount }];
    const rate = rates.get(account.currency);
    return rate ? [{ ...account, amount: convertUsd(usd, rate, account.currency as Currency) }] : [];
  });
}

/** For the desk's transfer queue: per booking, the amount expected in each account's currency. */
export async function expectedInAccounts(
  db: Db,
  rows: Pick<BookingRow, 'id' | 'status' | 'paymentMethod' | 'amount' | 'currency' | 'exchangeRate' | 'createdAt'>[],
  accounts: BankAccount[],
): Promise<Map<string, { accountNumber: string; currency: Currency; amount: number }[]>> {
  const unique = [...new Map(rows.map((row) => [row.id, row])).values()];
  const found = await Promise.all(
    unique.map(async (row) => {
      const owed = await transferAccountsOf(db, row, accounts);
      return [row.id, owed.map((a) => ({ accountNumber: a.accountNumber, currency: a.currency, amount: a.amount }))] as const;
    }),
  );
  return new Map(found);
}
