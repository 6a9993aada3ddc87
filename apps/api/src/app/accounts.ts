import type { Booking } from '@kwenda/contracts';
import { accountEmailsOf } from '../modules/accounts/account-emails.js';
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
import type { AppContext, AppModule } from './app-module.js';

/**
 * The people: travellers' accounts (password and social log-in), the agency's staff, its agents, the
 * limits staff lift, and the backup the owner downloads; the job that prunes the throttle counters.
 */
export function accountsModule(
  { app, env, database, mail, mailContext, publicUrl, secret, secureCookies }: AppContext,
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
  const accounts = createAccountsService({
    database,
    mail,
    secret,
    emails: accountEmailsOf(mailContext),
    // Staff accounts sign in at /admin only.
    staffAccounts: {
      refusesTravellerLogIn: (userId, context) => staff.signIn.refusesTravellerLogIn(userId, context),
      refusesTravellerPasswordReset: (userId, context) => staff.signIn.refusesTravellerPasswordReset(userId, context),
    },
  });
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
