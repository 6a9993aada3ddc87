/**
 * Whether this server is a trial: its bookings do not become real bookings, and every page, e-mail and
 * e-ticket says so. A trial is STAGING=true, the embedded sandbox supplier or card gateway (or their test
 * keys), or an agency setting still at the placeholder the code ships with: a traveller must never be
 * told to pay into account 0000000000000 or ring +249 91 234 5678 as if they were the agency's.
 */

/** The settings whose shipped default is a made-up value, and how to tell it is still in use. */
export const PLACEHOLDER_SETTINGS = {
  BANK_ACCOUNTS: 'the bank accounts travellers who pay later transfer to',
  COMMERCIAL_REGISTRATION_NUMBER: "the agency's commercial registration number",
  SUPPORT_PHONE: "the agency's phone number",
  WHATSAPP_NUMBER: "the agency's WhatsApp number",
} as const;
export type PlaceholderSetting = keyof typeof PLACEHOLDER_SETTINGS;

export const PLACEHOLDER_VALUES = {
  COMMERCIAL_REGISTRATION_NUMBER: '000000',
  SUPPORT_PHONE: '+249 91 234 5678',
  WHATSAPP_NUMBER: '249912345678',
} as const;

export type TrialReason = 'staging' | 'placeholders' | 'sandbox-supplier' | 'sandbox-payments';

interface TrialSettings {
  STAGING: boolean;
  SUPPLIER: 'sandbox' | 'duffel';
  DUFFEL_ACCESS_TOKEN?: string | undefined;
  PAYMENT_PROVIDER: 'sandbox' | 'stripe';
  STRIPE_SECRET_KEY?: string | undefined;
  BANK_ACCOUNTS?: string | undefined;
  COMMERCIAL_REGISTRATION_NUMBER: string;
  SUPPORT_PHONE: string;
  WHATSAPP_NUMBER: string;
}

export interface TrialMode {
  trial: boolean;
  reasons: TrialReason[];
  /** The settings still at their placeholder, by name. */
  placeholders: PlaceholderSetting[];
}

const zerosOnly = (value: string) => /^[\s0/-]+$/.test(value);

/** Unset, or an account whose number is only zeros (a copy of the placeholder). */
function bankAccountsArePlaceholders(value: string | undefined): boolean {
  if (!value?.trim()) return true;
  try {
    const accounts = JSON.parse(value) as unknown;
    return (
      Array.isArray(accounts) &&
      accounts.some((account) => zerosOnly(String((account as { accountNumber?: unknown })?.accountNumber ?? '0')))
    );
  } catch {
    // A value that is no JSON is refused by bankAccountsOf with its own sentence.
    return false;
  }
}

export function placeholdersOf(env: TrialSettings): PlaceholderSetting[] {
  const found: PlaceholderSetting[] = [];
  if (bankAccountsArePlaceholders(env.BANK_ACCOUNTS)) found.push('BANK_ACCOUNTS');
  if (zerosOnly(env.COMMERCIAL_REGISTRATION_NUMBER)) found.push('COMMERCIAL_REGISTRATION_NUMBER');
  const digits = (value: string) => value.replace(/\D/g, '');
  if (digits(env.SUPPORT_PHONE) === digits(PLACEHOLDER_VALUES.SUPPORT_PHONE)) found.push('SUPPORT_PHONE');
  if (env.WHATSAPP_NUMBER === PLACEHOLDER_VALUES.WHATSAPP_NUMBER) found.push('WHATSAPP_NUMBER');
  return found;
}

/** Duffel with a live token: a hold or a ticket is a real order, paid from the agency's Duffel balance. */
export const liveSupplier = (env: Pick<TrialSettings, 'DUFFEL_ACCESS_TOKEN'>) =>
  env.DUFFEL_ACCESS_TOKEN?.startsWith('duffel_live_') ?? false;

/** Stripe with a live key: a card payment takes a traveller's real money. */
export const livePayments = (env: Pick<TrialSettings, 'PAYMENT_PROVIDER' | 'STRIPE_SECRET_KEY'>) =>
  env.PAYMENT_PROVIDER === 'stripe' && /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY ?? '');

export function trialModeOf(env: TrialSettings): TrialMode {
  const placeholders = placeholdersOf(env);
  const reasons: TrialReason[] = [];
  if (env.STAGING) reasons.push('staging');
  if (placeholders.length) reasons.push('placeholders');
  if (env.SUPPLIER === 'sandbox' || !liveSupplier(env)) reasons.push('sandbox-supplier');
  if (!livePayments(env)) reasons.push('sandbox-payments');
  return { trial: reasons.length > 0, reasons, placeholders };
}
