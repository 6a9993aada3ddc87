import './zod-config.js';
import { z } from 'zod';
import { currencies } from './currencies.js';

// What GET /config needs lives here, not in accounts.ts or bookings.ts, so the home page's
// `@kwenda/contracts/reference` builds a handful of schemas rather than every contract.

/** Providers of social sign-in; GET /config lists the ones the agency configured. */
export const socialProviders = ['google', 'facebook'] as const;
export const socialProviderSchema = z.enum(socialProviders);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** The agency's accounts for bank transfer / mobile banking (GET /config). */
export const bankAccountSchema = z.object({
  bankAr: z.string(),
  bankEn: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  /** What the account takes; the traveller is asked for the amount in it. */
  currency: z.enum(currencies),
  noteAr: z.string().optional(),
  noteEn: z.string().optional(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** Days of the week as the support hours name them (SUPPORT_DAYS), Sunday first as in Sudan's week. */
export const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof weekdays)[number];

/** When the phone line answers: Sudan's working week is Sunday to Thursday. Times are Khartoum's (HH:mm). */
export const supportHoursSchema = z.object({
  fromDay: z.enum(weekdays),
  toDay: z.enum(weekdays),
  opens: z.string().regex(/^\d{2}:\d{2}$/),
  closes: z.string().regex(/^\d{2}:\d{2}$/),
});
export type SupportHours = z.infer<typeof supportHoursSchema>;

/** Social networks the footer links to, in the order it shows them. */
export const socialNetworks = ['facebook', 'instagram', 'x', 'linkedin', 'tiktok'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];
export const socialLinkSchema = z.object({ network: z.enum(socialNetworks), url: z.url({ protocol: /^https$/ }) });
export type SocialLink = z.infer<typeof socialLinkSchema>;

/** What the browser learns about the deployment at run time (GET /api/v1/config). */
export const publicConfigSchema = z.object({
  staging: z.boolean(),
  currencies: z.array(z.enum(currencies)),
  /** International format without +, as wa.me wants it. */
  whatsappNumber: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  supportHours: supportHoursSchema,
  /** The agency's pages on social networks (SOCIAL_*_URL); none when unset. */
  socialLinks: z.array(socialLinkSchema),
  /** The operator named by the privacy policy and terms. */
  agency: z.object({
    legalNameAr: z.string(),
    legalNameEn: z.string(),
    commercialRegistrationNumber: z.string(),
  }),
  offerTtlMinutes: z.number().int().positive(),
  /** How long a pay-later booking holds its seats (HOLD_MINUTES): every page that promises a hold says this length. */
  holdMinutes: z.number().int().positive(),
  /** Where travellers who pay later send a bank transfer / mobile banking payment. */
  bankAccounts: z.array(bankAccountSchema),
  /**
   * Messages on WhatsApp (booking updates, sign-in codes by mobile number): on when the agency configured
   * the WhatsApp Cloud API, and in development, where they go to the dev outbox. Off, the site offers neither.
   */
  whatsappMessages: z.boolean(),
  /** Social sign-in buttons to show: only the providers the agency configured. */
  socialProviders: z.array(socialProviderSchema),
  /** A third-party page analytics tag, only when the agency configured one (PLAUSIBLE_DOMAIN, GA4_MEASUREMENT_ID). */
  analytics: z.object({
    plausible: z.object({ domain: z.string(), src: z.string() }).nullable(),
    ga4MeasurementId: z.string().nullable(),
  }),
  /** Browser error reports go to Sentry only when SENTRY_DSN_WEB (or SENTRY_DSN) is set. */
  errorReporting: z.object({ sentryDsn: z.string(), environment: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
