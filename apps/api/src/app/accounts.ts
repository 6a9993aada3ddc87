import type { Booking } from '@kwenda/contracts';
import { createCodeKeys } from '../modules/accounts/account-codes.js';
import { accountContactsRoutes } from '../modules/accounts/account-contacts-routes.js';
import { createAccountContactsService } from '../modules/accounts/account-contacts-service.js';
import { accountEmailsOf } from '../modules/accounts/account-emails.js';
import { createAccountThrottles } from '../modules/accounts/account-throttles.js';
import { createContactCodes } from '../modules/accounts/contact-codes.js';
import { phoneAuthRoutes } from '../modules/accounts/phone-auth-routes.js';
import { createPhoneSignInService } from '../modules/accounts/phone-sign-in-service.js';
import { accountsRoutes } from '../modules/accounts/accounts-routes.js';
import { createAccountsService } from '../modules/accounts/accounts-service.js';
import { socialAuthRoutes } from '../modules/accounts/social-auth-routes.js';
import { createSocialLoginService } from '../modules/accounts/social-login-service.js';
import { createSocialProviders } from '../modules/accounts/social-providers.js';
import { adminAgentsRoutes, agentRoutes } from '../modules/agents/agents-routes.js';
import { createAgentsService } from '../modules/agents/agents-service.js';
import { backupRoutes } from '../modules/backup/backup-routes.js';
import { holdCapsOf } from '../modules/bookings/hold-limits.js';
import { limitsRoutes } from '../modules/limits/limits-routes.js';
import { createLimitsService } from '../modules/limits/limits-service.js';
import { composeStaffInvitation } from '../modules/staff/staff-invitation-email.js';
import { staffRoutes } from '../modules/staff/staff-routes.js';
import { createStaffService } from '../modules/staff/staff-service.js';
import { whatsappChannelOn } from '../modules/whatsapp/whatsapp-channel.js';
import type { AppContext, AppModule } from './app-module.js';

/**
 * The people: travellers' accounts (password, mobile number and social log-in), the agency's staff,
 * its agents, the limits staff lift, and the backup the owner downloads; the job that prunes the
 * throttle counters.
 */
export function accountsModule(
  { app, env, database, mail, messenger, mailContext, publicUrl, secret, secureCookies }: AppContext,
  { listBookings }: { listBookings: (userId: string) => Promise<Booking[]> },
) {
  const staff = createStaffService({
    database,
    mail,
    secret,
    publicUrl,
    invitationEmail: (input) => composeStaffInvitation(input, mailContext),
    logger: app.log,
  });
  // Staff accounts sign in at /admin only.
  const staffAccounts = {
    refusesTravellerLogIn: (userId: string, context: { address: string; passwordRight: boolean }) =>
      staff.signIn.refusesTravellerLogIn(userId, context),
    refusesTravellerPasswordReset: (userId: string, context: { address: string }) =>
      staff.signIn.refusesTravellerPasswordReset(userId, context),
  };
  const emails = accountEmailsOf(mailContext);
  const accounts = createAccountsService({ database, mail, secret, emails, staffAccounts });
  // Codes by WhatsApp or e-mail that prove a number or an address: signing in by number, adding a contact.
  const clock = () => new Date();
  const throttles = createAccountThrottles(database.db, clock);
  const codes = createContactCodes({ database, keys: createCodeKeys(secret), throttles, clock });
  const phoneSignIn = createPhoneSignInService({
    database,
    codes,
    throttles,
    messenger,
    startSession: (user) => accounts.startSessionFor(user),
    staffAccounts,
    logger: app.log,
  });
  const contacts = createAccountContactsService({ database, codes, throttles, messenger, mail, emails, logger: app.log });
  const social = createSocialLoginService({
    database,
    accounts,
    providers: createSocialProviders(env, (provider) => `${publicUrl}/api/v1/auth/social/${provider}/callback`),
    secret,
    logger: app.log,
  });
  const agents = createAgentsService({ database, mail, mailContext });
  // Caps on unpaid holds and the staff's lifts; the throttle counters and idempotency keys it prunes.
  const limits = createLimitsService({ database, caps: holdCapsOf(env) });
  const module: AppModule = {
    async routes(api) {
      await api.register(accountsRoutes, {
        accounts,
        listBookings,
        agentOf: async (userId) => {
          const agent = await agents.activeAgentOf(userId);
          return agent ? { referralCode: agent.referralCode } : null;
        },
      });
      // Without WhatsApp (a production server not configured for it) no code could reach a number.
      if (whatsappChannelOn(env)) await api.register(phoneAuthRoutes, { phoneSignIn });
      await api.register(accountContactsRoutes, { contacts });
      await api.register(socialAuthRoutes, { social, secureCookies });
      await api.register(staffRoutes, { staff, secret });
      // npm run backup beside the running server (embedded database only).
      await api.register(backupRoutes, { database, secret });
      await api.register(adminAgentsRoutes, { agents });
      await api.register(agentRoutes, { agents });
      await api.register(limitsRoutes, { limits });
    },
    jobs: [{ name: 'limits-prune', run: (now) => limits.prune(now) }],
  };
  return { staff, social, module };
}
