import '../zod-config.js';
import { z } from 'zod';

/** Staff roles, weakest first: each role can do everything the ones before it can. */
export const STAFF_ROLES = ['viewer', 'agent-desk', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

/** True when `role` may do what `needed` may. */
export const staffRoleAtLeast = (role: StaffRole, needed: StaffRole) => STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(needed);

/** How long a staff session lasts (travellers' last 30 days). */
export const STAFF_SESSION_HOURS = 8;

/** Set-up and invitation links stay valid this long, and work once. */
export const STAFF_INVITATION_HOURS = 24;
/** How many single-use recovery codes a staff member gets when the second factor is turned on. */
export const STAFF_RECOVERY_CODE_COUNT = 10;

const staffLanguageSchema = z.enum(['ar', 'en']);

/** Where a staff member stands: invited (link not used yet), set up but without the second factor, active, or disabled. */
export const STAFF_STATUSES = ['invited', 'second-factor-pending', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** The signed-in staff member (GET /admin/auth/me). */
export const staffMeSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  language: staffLanguageSchema,
  /** False until the authenticator app is set up: nothing but the security page works before. */
  secondFactorEnabled: z.boolean(),
  /** How many unused recovery codes are left. */
  recoveryCodesLeft: z.number().int(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/**
 * POST /admin/auth/login. With the second factor on, the first answer (e-mail and password right)
 * is `code-required`; the same request again with `code` (the authenticator's 6 digits, or one
 * recovery code) signs in.
 */
export const staffLoginRequestSchema = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(256),
  code: z.string().trim().max(32).optional(),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequestSchema>;

export const staffSignedInSchema = z.object({
  status: z.literal('signed-in'),
  jwt: z.string(),
  expiresAt: z.iso.datetime(),
  staff: staffMeSchema,
});
export type StaffSignedIn = z.infer<typeof staffSignedInSchema>;
export const staffLoginResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('code-required') }),
  staffSignedInSchema,
]);
export type StaffLoginResponse = z.infer<typeof staffLoginResponseSchema>;

/** GET /admin/auth/invitations/:token: what the set-up page shows before the form. */
export const staffInvitationInfoSchema = z.object({
  email: z.string(),
  role: staffRoleSchema,
  language: staffLanguageSchema,
  /** The name already on the account, if any (the form starts with it). */
  fullName: z.string().nullable(),
  expiresAt: z.iso.datetime(),
});
export type StaffInvitationInfo = z.infer<typeof staffInvitationInfoSchema>;

/** POST /admin/auth/invitations/:token: name and password; answers a staff session (second factor next). */
export const staffSetupRequestSchema = z.object({
  fullName: z.string().trim().min(1).max(120),
  password: z.string().max(256),
  passwordConfirmation: z.string().max(256),
});
export type StaffSetupRequest = z.infer<typeof staffSetupRequestSchema>;

/** POST /admin/auth/totp/setup: a new secret, not in force until a code confirms it. */
export const totpSetupResponseSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code: an SVG data URL made on the server. */
  qrCode: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpConfirmRequestSchema = z.object({ code: z.string().trim().max(16) });
/** The recovery codes are shown this once; only their hashes are kept. */
export const totpConfirmResponseSchema = z.object({
  recoveryCodes: z.array(z.string()),
  staff: staffMeSchema,
});
export type TotpConfirmResponse = z.infer<typeof totpConfirmResponseSchema>;

/** One row of the Staff screen (GET /admin/staff). */
export const staffMemberSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  status: z.enum(STAFF_STATUSES),
  language: staffLanguageSchema,
  secondFactorEnabled: z.boolean(),
  createdAt: z.iso.datetime(),
  /** When the newest invitation link stops working (null when set up). */
  invitationExpiresAt: z.iso.datetime().nullable(),
  lastSignInAt: z.iso.datetime().nullable(),
  /** Staff sessions that are still live. */
  activeSessions: z.number().int(),
  lastAction: z.object({ action: z.string(), at: z.iso.datetime() }).nullable(),
  disabledAt: z.iso.datetime().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListResponseSchema = z.object({ staff: z.array(staffMemberSchema) });
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

/** POST /admin/staff/invitations: an e-mailed link, valid 24 hours; the e-mail is in `language`. */
export const inviteStaffRequestSchema = z.object({
  email: z.string().trim().max(254),
  role: staffRoleSchema,
  language: staffLanguageSchema.default('ar'),
});
export type InviteStaffRequest = z.input<typeof inviteStaffRequestSchema>;
export const staffMemberResponseSchema = z.object({ member: staffMemberSchema });
/** The invitation's answer: the member, and whether an earlier link they had not used yet stopped working. */
export const inviteStaffResponseSchema = z.object({ member: staffMemberSchema, earlierInvitationVoided: z.boolean() });
export type InviteStaffResponse = z.infer<typeof inviteStaffResponseSchema>;

/** PATCH /admin/staff/:userId */
export const updateStaffRequestSchema = z.object({ role: staffRoleSchema });

/**
 * Every kind of staff action the audit trail records (staff_actions.action) that is not a booking
 * transition: the server may write only these, and the desk names each in both languages.
 */
export const STAFF_ACTIONS = [
  'signed-in',
  'sign-in-failed',
  'password-reset-refused',
  'setup-completed',
  'second-factor-on',
  'second-factor-replaced',
  'staff-invited',
  'staff-role-changed',
  'staff-disabled',
  'staff-sessions-revoked',
  'document-viewed',
  'e-ticket-resent',
  'ticketing-retried',
  'rate-changed',
  'rate-canceled',
  'markup-created',
  'markup-updated',
  'markup-disabled',
  'notice-created',
  'notice-updated',
  'notice-withdrawn',
  'allotments-imported',
  'allotment-date-changed',
  'allotment-flight-changed',
  'allotment-manifest-viewed',
  'agent-created',
  'agent-terms-changed',
  'agent-deactivated',
  'agent-reactivated',
  'hold-cap-lifted',
  'hold-cap-lift-ended',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** One line of a staff member's recent actions: an audit row, or a booking transition they made. */
export const staffActionEntrySchema = z.object({
  source: z.enum(['staff', 'booking']),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** For a booking transition: its reference and the states it moved between. */
  bookingReference: z.string().nullable(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  at: z.iso.datetime(),
});
export type StaffActionEntry = z.infer<typeof staffActionEntrySchema>;
export const staffActionsResponseSchema = z.object({ actions: z.array(staffActionEntrySchema) });
export type StaffActionsResponse = z.infer<typeof staffActionsResponseSchema>;

/** The staff command line through the running server (POST /admin/cli/staff): `create`'s answer. */
export const staffCliCreateRequestSchema = z.object({
  email: z.string().trim().max(254),
  role: staffRoleSchema,
  language: staffLanguageSchema.default('ar'),
});
export const staffCliCreateResponseSchema = z.object({
  userId: z.string(),
  email: z.string(),
  link: z.string(),
  expiresAt: z.iso.datetime(),
  promoted: z.boolean(),
});
export type StaffCliCreateResponse = z.infer<typeof staffCliCreateResponseSchema>;
export const staffCliDisableRequestSchema = z.object({ email: z.string().trim().max(254) });
