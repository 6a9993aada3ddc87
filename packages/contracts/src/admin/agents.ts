import '../zod-config.js';
import { z } from 'zod';
import { bookingStatuses } from '../booking-rules.js';
import { currencies } from '../currencies.js';
import { REFERRAL_CODE_PATTERN } from '../page-path.js';
import { typedNumber } from './common.js';

/**
 * Agents: traveller accounts with a referral code. The owner creates them and sets their commission
 * (/api/v1/admin/agents); each agent sees their link, the bookings made through it and a monthly
 * statement (/api/v1/agent/...). Commission is computed on the server (docs/decisions/0020-agent-commission.md).
 */

/** What the percent applies to: the agency's markup on the booking, or the fare the airline sells it at. */
export const COMMISSION_BASES = ['markup', 'fare'] as const;
export type CommissionBasis = (typeof COMMISSION_BASES)[number];
export const commissionBasisSchema = z.enum(COMMISSION_BASES);

/** 0-100 with at most two decimals (12.5 = 12.5 %). */
export const commissionPercentSchema = typedNumber(
  z
    .number()
    .min(0, 'The percent cannot be negative')
    .max(100, 'The percent cannot exceed 100')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'At most two decimals'),
);

/** A referral code as typed by the owner: trimmed and upper-cased, then held to the link's pattern. */
export const referralCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(REFERRAL_CODE_PATTERN, 'Use 4-16 letters and digits, at least one digit (e.g. KW2024)'));

/** A statement month, as the agency's calendar in Khartoum counts it: yyyy-MM. */
export const statementMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a month as yyyy-MM');

export const agentIdSchema = z.string().regex(/^ag_[A-Za-z0-9_-]{8,64}$/, 'Not an agent id');

const moneyByCurrencySchema = z.object({ currency: z.enum(currencies), amount: z.number() });

/** One month's figures of an agent (net of reversals). */
export const agentMonthFiguresSchema = z.object({
  month: statementMonthSchema,
  /** Bookings made through the link this month, in any status. */
  bookingsMade: z.number().int().min(0),
  /** Bookings that earned commission this month (ticketed). */
  bookingsEarned: z.number().int().min(0),
  /** Bookings whose commission was reversed this month (refunded). */
  bookingsReversed: z.number().int().min(0),
  commissionUsd: z.number(),
});
export type AgentMonthFigures = z.infer<typeof agentMonthFiguresSchema>;

/** An agent as the workspace lists it. */
export const adminAgentSchema = z.object({
  id: agentIdSchema,
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  referralCode: z.string(),
  /** The link to share: the site's address with the code as first segment. */
  link: z.string(),
  commissionBasis: commissionBasisSchema,
  commissionPercent: z.number(),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  thisMonth: agentMonthFiguresSchema,
});
export type AdminAgent = z.infer<typeof adminAgentSchema>;

export const listAgentsResponseSchema = z.object({ month: statementMonthSchema, agents: z.array(adminAgentSchema) });
export type ListAgentsResponse = z.infer<typeof listAgentsResponseSchema>;

/** A change of an agent's terms, as the history keeps it. */
export const agentTermsChangeSchema = z.object({
  commissionBasis: commissionBasisSchema,
  commissionPercent: z.number(),
  active: z.boolean(),
  effectiveAt: z.iso.datetime(),
  /** The staff member's name. */
  setBy: z.string(),
});
export type AgentTermsChange = z.infer<typeof agentTermsChangeSchema>;

export const agentDetailResponseSchema = z.object({
  agent: adminAgentSchema,
  /** Newest first. */
  terms: z.array(agentTermsChangeSchema),
});
export type AgentDetailResponse = z.infer<typeof agentDetailResponseSchema>;

/**
 * POST /admin/agents: an existing account by its e-mail, or a new account (fullName required then,
 * and the account is e-mailed a link to choose its password). Without a code, one is generated.
 */
export const createAgentRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('A valid e-mail address is required')),
  fullName: z.string().trim().max(120).optional(),
  /** The language of the welcome e-mail. */
  language: z.enum(['ar', 'en']).default('ar'),
  referralCode: referralCodeSchema.optional(),
  commissionBasis: commissionBasisSchema,
  commissionPercent: commissionPercentSchema,
});
export type CreateAgentRequest = z.infer<typeof createAgentRequestSchema>;
export type CreateAgentRequestInput = z.input<typeof createAgentRequestSchema>;

export const createAgentResponseSchema = z.object({
  agent: adminAgentSchema,
  /** True when the account did not exist and was created with the agent. */
  accountCreated: z.boolean(),
});
export type CreateAgentResponse = z.infer<typeof createAgentResponseSchema>;

/** PATCH /admin/agents/{id}: new terms take effect now and never change bookings already ticketed. */
export const updateAgentRequestSchema = z
  .object({
    commissionBasis: commissionBasisSchema.optional(),
    commissionPercent: commissionPercentSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change');
export type UpdateAgentRequest = z.infer<typeof updateAgentRequestSchema>;

export const agentPathParamsSchema = z.object({ id: agentIdSchema });
export const statementQuerySchema = z.object({ month: statementMonthSchema.optional() });

// ---------- the statement ----------

/** What an agent may know of a booking made through the link: no contact, no documents, no reference. */
export const agentBookingSchema = z.object({
  /** The first passenger's name as entered (null until the passengers are entered). */
  travellerName: z.string().nullable(),
  /** Airport codes of the trip: ["KRT", "CAI"] one way, ["KRT", "CAI", "KRT"] there and back. */
  route: z.array(z.string()),
  departureDate: z.string(),
  bookedAt: z.iso.datetime(),
  status: z.enum(bookingStatuses),
});
export type AgentBooking = z.infer<typeof agentBookingSchema>;

export const agentBookingsResponseSchema = z.object({ bookings: z.array(agentBookingSchema) });
export type AgentBookingsResponse = z.infer<typeof agentBookingsResponseSchema>;

/** One line of a statement: commission earned when a booking was ticketed, or reversed when refunded. */
export const statementLineSchema = agentBookingSchema.omit({ status: true, bookedAt: true }).extend({
  kind: z.enum(['earned', 'reversed']),
  at: z.iso.datetime(),
  commissionBasis: commissionBasisSchema,
  commissionPercent: z.number(),
  /** The markup or fare the percent applied to (USD). */
  baseUsd: z.number(),
  /** Negative on a reversal. */
  commissionUsd: z.number(),
  /** The same in the booking's currency, at the rate the booking was priced at. */
  currency: z.enum(currencies),
  commissionAmount: z.number(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const agentStatementSchema = z.object({
  month: statementMonthSchema,
  lines: z.array(statementLineSchema),
  totals: z.object({
    commissionUsd: z.number(),
    /** Net commission in each booking currency of the month's lines. */
    byCurrency: z.array(moneyByCurrencySchema),
    earned: z.number().int().min(0),
    reversed: z.number().int().min(0),
  }),
  /** Months with statement lines (newest first), and the current month: what a month picker offers. */
  months: z.array(statementMonthSchema),
});
export type AgentStatement = z.infer<typeof agentStatementSchema>;

/** The workspace's statement: each line also names the booking, for staff only. */
export const adminStatementLineSchema = statementLineSchema.extend({ bookingId: z.string(), bookingReference: z.string() });
export const adminAgentStatementSchema = agentStatementSchema.extend({ lines: z.array(adminStatementLineSchema) });
export type AdminAgentStatement = z.infer<typeof adminAgentStatementSchema>;

/** GET /agent/me: what an agent shares. */
export const agentMeSchema = z.object({
  fullName: z.string(),
  referralCode: z.string(),
  link: z.string(),
  /** The link as a QR code, an SVG document drawn on the server. */
  qrSvg: z.string(),
  commissionBasis: commissionBasisSchema,
  commissionPercent: z.number(),
  thisMonth: agentMonthFiguresSchema,
});
export type AgentMe = z.infer<typeof agentMeSchema>;
