import { createHash, randomBytes, randomInt } from 'node:crypto';
import { REFERRAL_CODE_PATTERN } from '@kwenda/contracts';
import type {
  AdminAgent,
  AdminAgentStatement,
  AgentBookingsResponse,
  AgentDetailResponse,
  AgentMe,
  AgentMonthFigures,
  AgentStatement,
  CreateAgentRequest,
  CreateAgentResponse,
  ListAgentsResponse,
  UpdateAgentRequest,
} from '@kwenda/contracts/admin';
import QRCode from 'qrcode';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { AppError, notFound, validationError } from '../../errors.js';
import { insertResetToken } from '../accounts/accounts-repository.js';
import type { MailContext } from '../mail/mail-context.js';
import type { MailPort } from '../mail/mail-port.js';
import { recordStaffAction } from '../staff/staff-audit.js';
import { composeAgentWelcomeEmail } from './agent-emails.js';
import * as repo from './agents-repository.js';
import { monthBounds, monthOf, statementLines, totalsOf, type CommissionLine } from './commission.js';

/** How long the link that sets a new agent account's password works. */
export const AGENT_PASSWORD_LINK_HOURS = 72;
/** The bookings list of an agent's page: the newest ones. */
export const AGENT_BOOKINGS_SHOWN = 200;

const codeTaken = () => new AppError(409, 'REFERRAL_CODE_TAKEN', 'This referral code is already used by another agent');
const alreadyAgent = () => new AppError(409, 'AGENT_ALREADY_EXISTS', 'This account is already an agent');
const noSuchAgent = () => notFound('No agent with this id');

/** Which unique constraint a failed insert broke, through Drizzle's wrapping of the driver's error. */
function brokenConstraint(error: unknown): string | null {
  for (
    let e = error as { code?: string; constraint?: string; detail?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as never
  ) {
    if (e.code === '23505') return e.constraint ?? e.detail ?? '';
  }
  return null;
}

/** A code from the Latin letters of the name and three digits (AMNA417), or KW and four digits. */
export function suggestReferralCode(fullName: string): string {
  const letters = fullName
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 6);
  const code = letters.length >= 2 ? `${letters}${randomInt(100, 1000)}` : `KW${randomInt(1000, 10000)}`;
  return REFERRAL_CODE_PATTERN.test(code) ? code : `KW${randomInt(1000, 10000)}`;
}

export function createAgentsService(deps: {
  database: Database;
  mail: MailPort;
  /** The agency and its links (PUBLIC_URL): the agent's link starts with the site's address. */
  mailContext: MailContext;
  clock?: () => Date;
}) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  const linkOf = (code: string) => `${deps.mailContext.links.origin}/${code}`;

  /** Each agent's statement lines (all months), from the bookings made through their codes. */
  async function linesOf(tx: Tx, list: repo.AgentWithUser[]) {
    const history = await repo.termsHistory(
      tx,
      list.map((agent) => agent.id),
    );
    const facts = await repo.commissionFacts(
      tx,
      list.map((agent) => agent.referralCode),
    );
    return new Map(
      list.map((agent) => [
        agent.id,
        statementLines(
          facts.filter((booking) => booking.referralCode === agent.referralCode),
          history.get(agent.id) ?? [],
        ),
      ]),
    );
  }

  async function figuresOf(tx: Tx, list: repo.AgentWithUser[], month: string) {
    const lines = await linesOf(tx, list);
    const { from, to } = monthBounds(month);
    const made = await repo.bookingsMadeBetween(
      tx,
      list.map((agent) => agent.referralCode),
      from,
      to,
    );
    return new Map(
      list.map((agent): [string, AgentMonthFigures] => {
        const totals = totalsOf((lines.get(agent.id) ?? []).filter((line) => line.month === month));
        return [
          agent.id,
          {
            month,
            bookingsMade: made.get(agent.referralCode) ?? 0,
            bookingsEarned: totals.earned,
            bookingsReversed: totals.reversed,
            commissionUsd: totals.commissionUsd,
          },
        ];
      }),
    );
  }

  const present = (agent: repo.AgentWithUser, thisMonth: AgentMonthFigures): AdminAgent => ({
    id: agent.id,
    userId: agent.userId,
    fullName: agent.fullName,
    // An agent is always made from an e-mail address, which an account cannot drop.
    email: agent.email ?? '',
    referralCode: agent.referralCode,
    link: linkOf(agent.referralCode),
    commissionBasis: agent.commissionBasis,
    commissionPercent: agent.commissionPercent,
    active: agent.active,
    createdAt: agent.createdAt.toISOString(),
    thisMonth,
  });

  async function detailOf(tx: Tx, id: string): Promise<AgentDetailResponse> {
    const agent = await repo.findAgent(tx, id);
    if (!agent) throw noSuchAgent();
    const month = monthOf(clock());
    const figures = await figuresOf(tx, [agent], month);
    const history = (await repo.termsHistory(tx, [agent.id])).get(agent.id) ?? [];
    return {
      agent: present(agent, figures.get(agent.id)!),
      terms: history
        .map((terms) => ({
          commissionBasis: terms.basis,
          commissionPercent: terms.percent,
          active: terms.active,
          effectiveAt: terms.effectiveAt.toISOString(),
          setBy: terms.setBy,
        }))
        .reverse(),
    };
  }

  function statementOf(lines: CommissionLine[], month: string) {
    const current = monthOf(clock());
    const ofMonth = lines.filter((line) => line.month === month);
    const months = [...new Set([current, ...lines.map((line) => line.month)])].sort().reverse();
    return { month, ofMonth, totals: totalsOf(ofMonth), months };
  }

  const agentLine = ({ month: _month, bookingId: _id, bookingReference: _ref, at, ...line }: CommissionLine) => ({
    ...line,
    at: at.toISOString(),
  });

  return {
    async list(): Promise<ListAgentsResponse> {
      const month = monthOf(clock());
      const list = await repo.listAgents(db);
      const figures = await figuresOf(db, list, month);
      return { month, agents: list.map((agent) => present(agent, figures.get(agent.id)!)) };
    },

    detail: (id: string) => detailOf(db, id),

    /**
     * Makes an account an agent: an existing one found by e-mail, or a new one (its name is needed
     * then) that is e-mailed a link to choose its password. Either way the account is e-mailed its link.
     */
    async create(input: CreateAgentRequest, staffUserId: string): Promise<CreateAgentResponse> {
      const now = clock();
      try {
        const result = await db.transaction(async (tx) => {
          let user = await repo.findUserByEmail(tx, input.email);
          const accountCreated = !user;
          if (!user) {
            const fullName = (input.fullName ?? '').replace(/\s+/g, ' ').trim();
            if (!fullName)
              throw validationError([
                {
                  path: 'fullName',
                  code: 'required',
                  message: 'There is no account with this e-mail: give the new agent a name',
                },
              ]);
            user = {
              id: `usr_${randomBytes(12).toString('base64url')}`,
              fullName,
              email: input.email,
              passwordHash: null,
              mobile: null,
              whatsapp: null,
              // Active once the password is chosen through the e-mailed link (which proves the address).
              active: false,
              emailVerifiedAt: null,
              phone: null,
              phoneVerifiedAt: null,
              createdAt: now,
              updatedAt: now,
            };
            await repo.insertUser(tx, user);
          } else if (await repo.findAgentByUserId(tx, user.id)) throw alreadyAgent();

          let referralCode = input.referralCode;
          if (referralCode) {
            if (await repo.referralCodeTaken(tx, referralCode)) throw codeTaken();
          } else {
            for (let attempt = 0; !referralCode || (await repo.referralCodeTaken(tx, referralCode)); attempt++)
              referralCode = attempt < 5 ? suggestReferralCode(user.fullName) : suggestReferralCode('');
          }

          const id = `ag_${randomBytes(12).toString('base64url')}`;
          await repo.insertAgent(
            tx,
            {
              id,
              userId: user.id,
              referralCode,
              commissionBasis: input.commissionBasis,
              commissionPercent: input.commissionPercent,
              active: true,
              createdBy: staffUserId,
            },
            now,
          );
          await recordStaffAction(tx, {
            staffUserId,
            action: 'agent-created',
            targetType: 'agent',
            targetId: id,
            details: {
              email: input.email,
              referralCode,
              commissionBasis: input.commissionBasis,
              commissionPercent: input.commissionPercent,
              accountCreated,
            },
          });

          let passwordToken: string | null = null;
          if (accountCreated) {
            // As the accounts module's reset links: 256 random bits, only the SHA-256 stored.
            passwordToken = randomBytes(32).toString('base64url');
            await insertResetToken(tx, {
              tokenHash: createHash('sha256').update(passwordToken).digest('hex'),
              userId: user.id,
              expiresAt: new Date(now.getTime() + AGENT_PASSWORD_LINK_HOURS * 3_600_000),
            });
          }
          const welcome = composeAgentWelcomeEmail(
            {
              fullName: user.fullName,
              referralCode,
              link: linkOf(referralCode),
              commissionBasis: input.commissionBasis,
              commissionPercent: input.commissionPercent,
              passwordToken,
              passwordLinkHours: AGENT_PASSWORD_LINK_HOURS,
            },
            deps.mailContext,
          );
          await deps.mail.enqueue(tx, { to: input.email, ...welcome, dedupeKey: `agent-welcome:${id}` });
          return { id, accountCreated };
        });
        const { agent } = await detailOf(db, result.id);
        return { agent, accountCreated: result.accountCreated };
      } catch (error) {
        // Two owners creating at once: the database's unique constraints decide.
        const constraint = brokenConstraint(error);
        if (constraint === null) throw error;
        if (/referral_code/.test(constraint)) throw codeTaken();
        if (/user_id|email/.test(constraint)) throw alreadyAgent();
        throw error;
      }
    },

    /** New terms, or (de)activation, in force from now: bookings already ticketed keep theirs. */
    async update(id: string, input: UpdateAgentRequest, staffUserId: string): Promise<AgentDetailResponse> {
      const now = clock();
      await db.transaction(async (tx) => {
        const agent = await repo.lockAgent(tx, id);
        if (!agent) throw noSuchAgent();
        const before = {
          commissionBasis: agent.commissionBasis,
          commissionPercent: agent.commissionPercent,
          active: agent.active,
        };
        const after = {
          commissionBasis: input.commissionBasis ?? before.commissionBasis,
          commissionPercent: input.commissionPercent ?? before.commissionPercent,
          active: input.active ?? before.active,
        };
        if (JSON.stringify(before) === JSON.stringify(after)) return;
        await repo.updateTerms(tx, id, after, staffUserId, now);
        const action =
          before.active !== after.active ? (after.active ? 'agent-reactivated' : 'agent-deactivated') : 'agent-terms-changed';
        await recordStaffAction(tx, { staffUserId, action, targetType: 'agent', targetId: id, details: { before, after } });
      });
      return detailOf(db, id);
    },

    /** The workspace's statement of one agent: lines name the booking. */
    async adminStatement(id: string, month = monthOf(clock())): Promise<AdminAgentStatement> {
      const agent = await repo.findAgent(db, id);
      if (!agent) throw noSuchAgent();
      const lines = (await linesOf(db, [agent])).get(agent.id) ?? [];
      const { ofMonth, totals, months } = statementOf(lines, month);
      return {
        month,
        lines: ofMonth.map((line) => ({
          ...agentLine(line),
          bookingId: line.bookingId,
          bookingReference: line.bookingReference,
        })),
        totals,
        months,
      };
    },

    /** The agent behind a traveller account, if it is an active one (requireAgent). */
    activeAgentOf: async (userId: string) => {
      const agent = await repo.findAgentByUserId(db, userId);
      return agent?.active ? agent : undefined;
    },

    async me(agent: repo.AgentWithUser): Promise<AgentMe> {
      const link = linkOf(agent.referralCode);
      const month = monthOf(clock());
      const figures = await figuresOf(db, [agent], month);
      return {
        fullName: agent.fullName,
        referralCode: agent.referralCode,
        link,
        qrSvg: await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
        commissionBasis: agent.commissionBasis,
        commissionPercent: agent.commissionPercent,
        thisMonth: figures.get(agent.id)!,
      };
    },

    async bookings(agent: repo.AgentWithUser): Promise<AgentBookingsResponse> {
      const rows = await repo.bookingsThroughCode(db, agent.referralCode, AGENT_BOOKINGS_SHOWN);
      return { bookings: rows.map((row) => ({ ...row, bookedAt: row.bookedAt.toISOString() })) };
    },

    /** The agent's own statement: no booking reference, no traveller data beyond name and route. */
    async statement(agent: repo.AgentWithUser, month = monthOf(clock())): Promise<AgentStatement> {
      const lines = (await linesOf(db, [agent])).get(agent.id) ?? [];
      const { ofMonth, totals, months } = statementOf(lines, month);
      return { month, lines: ofMonth.map(agentLine), totals, months };
    },
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
