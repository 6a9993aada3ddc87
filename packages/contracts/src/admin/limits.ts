import '../zod-config.js';
import { z } from 'zod';
import { isEmail } from '../booking-rules.js';
import { typedNumber } from './common.js';

/**
 * Caps on unpaid holds (/api/v1/admin/limits): how many bookings waiting for payment one contact
 * e-mail, one mobile number or one client address may hold at once (the agency sets them with
 * HOLD_CAP_PER_CONTACT and HOLD_CAP_PER_ADDRESS), and the lifts staff grant: for one e-mail, mobile
 * or address, for some hours, with a reason (docs/decisions/0024-limits-on-business-flows.md).
 */

export const HOLD_CAP_KINDS = ['email', 'mobile', 'address'] as const;
export type HoldCapKind = (typeof HOLD_CAP_KINDS)[number];
export const holdCapKindSchema = z.enum(HOLD_CAP_KINDS);

/** How long a lift may last: from an hour to a week. */
export const HOLD_CAP_LIFT_HOURS = { min: 1, max: 168, default: 24 } as const;

export const holdCapLiftIdSchema = z.string().regex(/^lift_[A-Za-z0-9_-]{8,64}$/, 'Not a lift id');

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/** An IPv6 address (eight hex groups, one :: for a run of zeros, an IPv4 address as the last two). */
function isIpv6(value: string): boolean {
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
  const groups = halves.flatMap(groupsOf);
  const last = groups[groups.length - 1];
  const endsInIpv4 = last !== undefined && last.includes('.');
  if (endsInIpv4 && !IPV4.test(last)) return false;
  const hex = endsInIpv4 ? groups.slice(0, -1) : groups;
  if (!hex.every((group) => HEX_GROUP.test(group))) return false;
  const count = hex.length + (endsInIpv4 ? 2 : 0);
  return halves.length === 2 ? count <= 7 : count === 8;
}

/** An IPv4 or IPv6 address; an IPv6 one may name its /64 network (the caps count IPv6 clients by /64). */
export const isIpAddress = (value: string) => IPV4.test(value) || isIpv6(value.replace(/\/64$/, ''));

/**
 * The value a cap counts, by kind: an e-mail in lower case without a "+tag" (one mailbox, many
 * spellings); a mobile number as +<digits> (Arabic-Indic digits read, spaces, dashes and a leading 00
 * dropped); an address trimmed and in lower case.
 */
export function normalizeCapValue(kind: HoldCapKind, value: string): string {
  const trimmed = value.trim();
  if (kind === 'email') return trimmed.toLowerCase().replace(/\+[^@]*@/, '@');
  if (kind === 'mobile')
    return trimmed
      .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
      .replace(/[\s()-]/g, '')
      .replace(/^00/, '+');
  return trimmed.toLowerCase();
}

/** Why a lift's value does not fit its kind, or null. */
export function capValueProblem(kind: HoldCapKind, value: string): string | null {
  if (kind === 'email') return isEmail(value) ? null : 'Not an e-mail address';
  if (kind === 'mobile')
    return /^\+\d{6,15}$/.test(value) ? null : 'A mobile number with its country code, such as +249912345678';
  return isIpAddress(value) ? null : 'An IPv4 or IPv6 address, such as 196.29.160.10';
}

export const liftHoldCapRequestSchema = z
  .object({
    kind: holdCapKindSchema,
    value: z.string().max(254),
    hours: typedNumber(z.number().int().min(HOLD_CAP_LIFT_HOURS.min).max(HOLD_CAP_LIFT_HOURS.max)),
    reason: z.string().trim().min(3, 'Say why, in a few words').max(500),
  })
  .transform((body) => ({ ...body, value: normalizeCapValue(body.kind, body.value) }))
  .superRefine((body, ctx) => {
    const problem = capValueProblem(body.kind, body.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type LiftHoldCapRequest = z.infer<typeof liftHoldCapRequestSchema>;
export type LiftHoldCapRequestInput = z.input<typeof liftHoldCapRequestSchema>;

export const holdCapLiftSchema = z.object({
  id: holdCapLiftIdSchema,
  kind: holdCapKindSchema,
  /** As the caps count it: an e-mail in lower case, a mobile number +<digits>, an IPv6 address as its /64 network. */
  value: z.string(),
  reason: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  /** The staff member who lifted the cap, and who ended the lift early. */
  createdBy: z.string(),
  endedBy: z.string().nullable(),
  /** Unpaid holds this e-mail, mobile or address has now. */
  unpaidHolds: z.number().int().min(0),
});
export type HoldCapLift = z.infer<typeof holdCapLiftSchema>;

export const holdCapsSchema = z.object({
  /** Unpaid holds one e-mail, and one mobile number, may have at once. */
  perContact: z.number().int().min(1),
  /** Unpaid holds made from one client address (an IPv6 /64) at once. */
  perAddress: z.number().int().min(1),
  /** Seats in one booking (adults and children; infants sit on a lap). */
  seatsPerBooking: z.number().int().min(1),
});
export type HoldCaps = z.infer<typeof holdCapsSchema>;

/** The caps in force and the lifts that have not ended, the newest first. */
export const listHoldCapLiftsResponseSchema = z.object({ caps: holdCapsSchema, lifts: z.array(holdCapLiftSchema) });
export type ListHoldCapLiftsResponse = z.infer<typeof listHoldCapLiftsResponseSchema>;

export const holdCapLiftResponseSchema = z.object({ lift: holdCapLiftSchema });
export type HoldCapLiftResponse = z.infer<typeof holdCapLiftResponseSchema>;

export const holdCapLiftPathParamsSchema = z.object({ id: holdCapLiftIdSchema });
