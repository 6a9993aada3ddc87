import { whatsappChannelOn } from '../whatsapp/whatsapp-channel.js';
import {
  bankAccountSchema,
  currencies,
  publicConfigSchema,
  socialNetworks,
  type BankAccount,
  type PublicConfig,
  type SocialLink,
  type SocialNetwork,
  type SocialProvider,
} from '@kwenda/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '../../env.js';
import { trialModeOf } from '../../trial-mode.js';
import { publicAnalyticsOf, publicErrorReportingOf } from '../../plugins/third-party-tags.js';

/**
 * Accounts shown to travellers who pay later. Placeholders until the agency sets BANK_ACCOUNTS:
 * the staging banner and these names make clear they are not real.
 */
export const DEFAULT_BANK_ACCOUNTS: BankAccount[] = [
  {
    bankAr: 'بنك الخرطوم (تطبيق بنكك)',
    bankEn: 'Bank of Khartoum (Bankak app)',
    accountName: 'Kwenda Travel & Tourism',
    accountNumber: '0000000000000',
    currency: 'SDG',
    noteAr: 'اكتب رقم الحجز في خانة التعليق، ثم ارفع صورة الإشعار.',
    noteEn: 'Write the booking reference in the comment, then upload the receipt screenshot.',
  },
];

/** An account as BANK_ACCOUNTS gives it: without a currency it takes Sudanese pounds, as every account did before. */
const configuredAccountSchema = bankAccountSchema.extend({ currency: bankAccountSchema.shape.currency.default('SDG') });

/** BANK_ACCOUNTS as JSON; a bad value stops the server like any other bad setting, naming what is wrong. */
export function bankAccountsOf(env: Pick<Env, 'BANK_ACCOUNTS'>): BankAccount[] {
  if (!env.BANK_ACCOUNTS) return DEFAULT_BANK_ACCOUNTS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(env.BANK_ACCOUNTS);
  } catch {
    throw new Error('BANK_ACCOUNTS must be a JSON array of { bankAr, bankEn, accountName, accountNumber, currency? }');
  }
  const accounts = z.array(configuredAccountSchema).min(1).safeParse(parsed);
  if (!accounts.success) {
    const issue = accounts.error.issues[0]!;
    const [index, ...field] = issue.path;
    const where = `BANK_ACCOUNTS${index === undefined ? '' : `[${String(index)}]`}${field.map((f) => `.${String(f)}`).join('')}`;
    const currencyHint = issue.path.at(-1) === 'currency' ? ` (one of ${currencies.join(', ')})` : '';
    throw new Error(`${where}: ${issue.message}${currencyHint}`);
  }
  return accounts.data;
}

const SOCIAL_URLS = {
  facebook: 'SOCIAL_FACEBOOK_URL',
  instagram: 'SOCIAL_INSTAGRAM_URL',
  x: 'SOCIAL_X_URL',
  linkedin: 'SOCIAL_LINKEDIN_URL',
  tiktok: 'SOCIAL_TIKTOK_URL',
} as const satisfies Record<SocialNetwork, keyof Env>;

/** The agency's social pages that are set, in the footer's order. */
export function socialLinksOf(env: Env): SocialLink[] {
  return socialNetworks.flatMap((network) => {
    const url = env[SOCIAL_URLS[network]];
    return url ? [{ network, url }] : [];
  });
}

/** Run-time facts for the browser, so one build serves staging and production. */
export function publicConfigOf(env: Env, socialProviders: SocialProvider[]): PublicConfig {
  return publicConfigSchema.parse({
    // The banner of every page says so whenever bookings here are not real (trial-mode.ts), not only on STAGING=true.
    staging: trialModeOf(env).trial,
    currencies: [...currencies],
    whatsappNumber: env.WHATSAPP_NUMBER,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
    supportHours: { ...env.SUPPORT_DAYS, ...env.SUPPORT_HOURS },
    socialLinks: socialLinksOf(env),
    agency: {
      legalNameAr: env.AGENCY_LEGAL_NAME_AR,
      legalNameEn: env.AGENCY_LEGAL_NAME_EN,
      commercialRegistrationNumber: env.COMMERCIAL_REGISTRATION_NUMBER,
    },
    offerTtlMinutes: env.OFFER_TTL_MINUTES,
    holdMinutes: env.HOLD_MINUTES,
    bankAccounts: bankAccountsOf(env),
    whatsappMessages: whatsappChannelOn(env),
    socialProviders,
    analytics: publicAnalyticsOf(env),
    errorReporting: publicErrorReportingOf(env),
  });
}

/** GET /config; the pages the server renders carry the same object (plugins/rendered-pages.ts). */
export const configRoutes: FastifyPluginAsyncZod<{ config: PublicConfig }> = async (app, { config }) => {
  app.get(
    '/config',
    { schema: { tags: ['system'], summary: 'Public run-time configuration', response: { 200: publicConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return config;
    },
  );
};
