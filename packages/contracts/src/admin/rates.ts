import '../zod-config.js';
import { z } from 'zod';
import { currencySchema } from '../common.js';
import { pricedCurrencies } from '../currencies.js';
import { cabinClassCodes } from '../search-rules.js';
import { typedNumber } from './common.js';

/**
 * Bounds of what the owner may set. A rate more than `largeChangeRatio` away from the one in effect
 * (either way) is refused unless the request confirms it: 26000 typed for 2600 is a slip of the finger.
 */
export const RATE_LIMITS = {
  maxUnitsPerUsd: 1_000_000,
  maxDecimals: 6,
  largeChangeRatio: 1.25,
  /** A rate "from now" sent a little late (a slow phone) is still accepted. */
  pastToleranceSeconds: 60,
  maxDaysAhead: 30,
} as const;

export const MARKUP_LIMITS = {
  maxPercent: 50,
  maxFixedUsd: 500,
  maxNoteLength: 200,
} as const;

/** Currencies whose rate the owner sets: every priced currency but the US dollar (always 1), suppliers' own included. */
export const rateCurrencies = pricedCurrencies.filter((c) => c !== 'USD');
const rateCurrencySchema = z.enum(pricedCurrencies, { error: `Expected one of ${pricedCurrencies.join(', ')}` });

const decimals = (value: number) => {
  const [, fraction = ''] = String(value).split('.');
  return fraction.replace(/e.*$/, '').length;
};

export const unitsPerUsdSchema = typedNumber(
  z
    .number({ error: 'Expected a number of units per US dollar' })
    .positive('A rate must be more than 0')
    .max(RATE_LIMITS.maxUnitsPerUsd, `A rate must be at most ${RATE_LIMITS.maxUnitsPerUsd}`)
    .refine((v) => decimals(v) <= RATE_LIMITS.maxDecimals, `At most ${RATE_LIMITS.maxDecimals} decimals`),
);

/** A staff member as the desk names them. */
export const staffRefSchema = z.object({ id: z.string(), name: z.string() });
export type StaffRef = z.infer<typeof staffRefSchema>;

export const rateChangeStatuses = ['scheduled', 'in-effect', 'replaced', 'canceled'] as const;
export type RateChangeStatus = (typeof rateChangeStatuses)[number];

/** One rate the agency set, in the currency's history. */
export const rateChangeSchema = z.object({
  id: z.string(),
  currency: rateCurrencySchema,
  unitsPerUsd: z.number().positive(),
  /** The rate this one replaced when it took (or takes) effect; null for the first. */
  previousUnitsPerUsd: z.number().positive().nullable(),
  effectiveAt: z.iso.datetime({ offset: true }),
  setAt: z.iso.datetime({ offset: true }),
  /** Null for the starting rates that came with the installation. */
  setBy: staffRefSchema.nullable(),
  status: z.enum(rateChangeStatuses),
  canceledAt: z.iso.datetime({ offset: true }).nullable(),
});
export type RateChange = z.infer<typeof rateChangeSchema>;

export const currentRateSchema = z.object({
  currency: rateCurrencySchema,
  rateId: z.string(),
  unitsPerUsd: z.number().positive(),
  effectiveAt: z.iso.datetime({ offset: true }),
  setBy: staffRefSchema.nullable(),
  /** Rates set to take effect later, soonest first. */
  scheduled: z.array(rateChangeSchema),
});
export type CurrentRate = z.infer<typeof currentRateSchema>;

export const markupRuleSchema = z.object({
  id: z.string(),
  /** Percent of each passenger's fare. */
  percent: z.number().min(0),
  /** US dollars added to each passenger's fare. */
  fixedUsd: z.number().min(0),
  /** Null = any airline (the airline of the first flight). */
  airline: z.string().nullable(),
  /** Null = any origin / destination (of the trip's first flight and final arrival of its outbound). */
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  cabin: z.enum(cabinClassCodes).nullable(),
  active: z.boolean(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: staffRefSchema.nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
  updatedBy: staffRefSchema.nullable(),
});
export type MarkupRule = z.infer<typeof markupRuleSchema>;

/** GET /admin/rates: every rate in effect with its date, the history (newest first), the markup rules. */
export const ratesOverviewSchema = z.object({
  rates: z.array(currentRateSchema),
  history: z.array(rateChangeSchema),
  markups: z.array(markupRuleSchema),
});
export type RatesOverview = z.infer<typeof ratesOverviewSchema>;

export const setRateRequestSchema = z.object({
  currency: rateCurrencySchema.refine((c) => c !== 'USD', 'The US dollar is always 1: rates are units per US dollar'),
  unitsPerUsd: unitsPerUsdSchema,
  /** When the rate takes effect; absent or null = now. */
  effectiveAt: z.iso.datetime({ offset: true, error: 'Expected a date and time with its offset' }).nullish(),
  /** Says yes to a rate far from the one in effect (RATE_LIMITS.largeChangeRatio). */
  confirmLargeChange: z.boolean().optional(),
});
export type SetRateRequest = z.infer<typeof setRateRequestSchema>;

const airlineCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{2}$/, 'Expected a two-character airline code'));
const airportCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, 'Expected a three-letter IATA airport code'));

export const markupRuleInputSchema = z
  .object({
    percent: typedNumber(
      z.number().min(0, 'At least 0').max(MARKUP_LIMITS.maxPercent, `At most ${MARKUP_LIMITS.maxPercent}%`).multipleOf(0.01),
    ),
    fixedUsd: typedNumber(
      z.number().min(0, 'At least 0').max(MARKUP_LIMITS.maxFixedUsd, `At most ${MARKUP_LIMITS.maxFixedUsd} USD`).multipleOf(0.01),
    ),
    airline: airlineCodeSchema.nullish().default(null),
    origin: airportCodeSchema.nullish().default(null),
    destination: airportCodeSchema.nullish().default(null),
    cabin: z.enum(cabinClassCodes).nullish().default(null),
    active: z.boolean().default(true),
    note: z.string().trim().max(MARKUP_LIMITS.maxNoteLength).nullish().default(null),
  })
  .refine((r) => !(r.origin && r.destination && r.origin === r.destination), {
    path: ['destination'],
    message: 'The destination must differ from the origin',
  });
export type MarkupRuleInput = z.input<typeof markupRuleInputSchema>;

export const markupRuleIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const rateIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/**
 * What a booking was priced with, kept on the booking so a later rate or markup never changes it:
 * the rate (units of `currency` per USD) and when it took effect, the supplier's fares and the markup,
 * in USD for all passengers (bags are not marked up). Bookings made before rates were kept have none:
 * their markup is 0 and their rate bookings.exchange_rate.
 */
export const bookingPricingSchema = z.object({
  currency: currencySchema,
  exchangeRate: z.number().positive(),
  rateId: z.string().nullable(),
  rateEffectiveAt: z.iso.datetime({ offset: true }),
  fareUsd: z.number().min(0),
  markupUsd: z.number().min(0),
  /** The rule applied (the most specific that matched); empty when none did. */
  markupRuleIds: z.array(z.string()),
  totalUsd: z.number().min(0),
  /** The applied rule's terms as they were, so a re-priced fare is marked up the same way. */
  markupPercent: z.number().min(0).optional(),
  markupFixedUsd: z.number().min(0).optional(),
  /**
   * The supplier's currency (ISO 4217) and its units per USD when the booking was priced: the
   * supplier's amounts are converted to USD with it, then marked up. Absent: the supplier sold in USD.
   */
  supplierCurrency: z.string().length(3).optional(),
  supplierUnitsPerUsd: z.number().positive().optional(),
});
export type BookingPricing = z.infer<typeof bookingPricingSchema>;
