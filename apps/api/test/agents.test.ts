import { randomBytes } from 'node:crypto';
import type { Booking, Currency, Offer } from '@kwenda/contracts';
import {
  adminAgentStatementSchema,
  agentBookingsResponseSchema,
  agentDetailResponseSchema,
  agentMeSchema,
  agentStatementSchema,
  createAgentResponseSchema,
  listAgentsResponseSchema,
  type StaffRole,
} from '@kwenda/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtSecret, signSessionToken } from '../src/plugins/auth-tokens.js';
import { monthOf } from '../src/modules/agents/commission.js';
import {
  asGuest,
  createBooking,
  findOffer,
  getBooking,
  pay,
  passengersFor,
  submitPassengers,
} from './helpers/booking-factories.js';
import { multipart } from './helpers/multipart.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Who = StaffRole | 'traveller' | 'agent' | 'anonymous';

describe.each(backends)('agents API on %s', (backend) => {
  let ctx: TestContext;
  let offer: Offer;
  const tokens: Partial<Record<Who, string>> = {};
  const userIds: Partial<Record<Who, string>> = {};
  /** The agent the matrix reads (created in beforeAll for the agent token's account). */
  let agentId: string;
  const thisMonth = () => monthOf(new Date());

  const exec = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => ctx.database.sql.query<T>(text, params);

  /** A signed-in user with a live session: a staff member (role, second factor on) or a traveller. */
  async function signIn(kind: StaffRole | 'traveller', fullName: string) {
    const userId = `usr_${randomBytes(12).toString('base64url')}`;
    const sessionId = `ses_${randomBytes(12).toString('base64url')}`;
    const expiresAt = new Date(Date.now() + 3_600_000);
    const staff = kind !== 'traveller';
    await exec('INSERT INTO users (id, full_name, email, active) VALUES ($1, $2, $3, true)', [
      userId,
      fullName,
      `${userId.toLowerCase()}@example.com`,
    ]);
    if (staff)
      await exec('INSERT INTO staff_members (user_id, role, setup_at, totp_enabled_at) VALUES ($1, $2, now(), now())', [
        userId,
        kind,
      ]);
    await exec('INSERT INTO sessions (id, user_id, expires_at, kind, second_factor_at) VALUES ($1, $2, $3, $4, $5)', [
      sessionId,
      userId,
      expiresAt,
      staff ? 'staff' : 'traveller',
      staff ? new Date() : null,
    ]);
    return { userId, token: await signSessionToken(jwtSecret(ctx.env), { userId, sessionId, expiresAt }) };
  }

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Who, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who === 'anonymous' ? {} : { authorization: `Bearer ${tokens[who]}` },
      ...(payload ? { payload } : {}),
    });
  const ok = async <T>(response: Awaited<ReturnType<typeof call>>, parse: { parse: (value: unknown) => T }, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return parse.parse(response.json());
  };
  const createAgent = (body: object, who: Who = 'owner') => call('POST', '/admin/agents', who, body);
  const statementOf = async (id: string, month = thisMonth()) =>
    ok(await call('GET', `/admin/agents/${id}/statement?month=${month}`, 'viewer'), adminAgentStatementSchema);

  /** A booking through `code`, passengers saved and held for a bank transfer. */
  async function heldBooking(code: string, family: string): Promise<Booking> {
    const created = await createBooking(ctx, offer, { adults: 1, children: 0, infants: 0 }, { referralCode: code.toLowerCase() });
    expect(created.statusCode, created.body).toBe(201);
    const booking = await getBooking(ctx, (created.json() as { booking: { id: string } }).booking.id);
    const saved = await submitPassengers(ctx, booking, passengersFor(booking, {}, family));
    expect(saved.statusCode, saved.body).toBe(200);
    const held = await pay(ctx, booking.id, true);
    expect(held.statusCode, held.body).toBe(200);
    return (held.json() as { booking: Booking }).booking;
  }
  /** Paid but not ticketed: the payment confirmed and ticketing not (yet) done. */
  async function paidOnly(booking: Booking) {
    await ctx.database.db.transaction((tx) =>
      ctx.bookings.ports.confirmPayment(tx, {
        bookingId: booking.id,
        method: 'bank-transfer',
        amount: booking.amount,
        currency: booking.currency as Currency,
        actor: 'agency:test',
      }),
    );
    return getBooking(ctx, booking.id);
  }
  /** Paid by transfer as the desk approves one (a receipt, then Approve), and ticketed. */
  async function paidAndTicketed(booking: Booking) {
    const file = multipart(PNG, 'bankak.png', 'image/png');
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/receipts`,
      ...asGuest(ctx, booking.id, file),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const receiptId = (upload.json() as { booking: Booking }).booking.receipts.at(-1)!.id;
    const approved = await call('POST', `/admin/transfers/${receiptId}/approve`, 'agent-desk');
    expect(approved.statusCode, approved.body).toBe(200);
    // Ticketing follows the payment; fulfil is safe to call again and waits for it here.
    await ctx.bookings.ports.fulfil(booking.id);
    return getBooking(ctx, booking.id);
  }
  /** The desk cancels the ticketed booking and refunds it in full: it moves to refunded. */
  async function refunded(booking: Booking) {
    const canceled = await call('POST', `/admin/bookings/${booking.id}/cancel`, 'agent-desk', {
      reason: 'Traveller cannot travel',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const refund = await call('POST', `/admin/bookings/${booking.id}/refunds`, 'agent-desk', {
      amount: booking.amount,
      method: 'bank-transfer',
      reference: `RF-${booking.bookingReference}`,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await getBooking(ctx, booking.id)).status).toBe('refunded');
  }

  beforeAll(async () => {
    ctx = await createTestApp(backend, { env: { PUBLIC_URL: 'https://kwenda.example/' } });
    offer = await findOffer(ctx, 'available');
    for (const [who, name] of [
      ['owner', 'Owner Osman'],
      ['agent-desk', 'Desk Dafalla'],
      ['viewer', 'Viewer Widad'],
    ] as const) {
      const session = await signIn(who, name);
      tokens[who] = session.token;
      userIds[who] = session.userId;
    }
    for (const who of ['traveller', 'agent'] as const) {
      const session = await signIn('traveller', who === 'agent' ? 'Agent Amna' : 'Traveller Tariq');
      tokens[who] = session.token;
      userIds[who] = session.userId;
    }
    const [agentUser] = await exec<{ email: string }>('SELECT email FROM users WHERE id = $1', [userIds.agent]);
    const created = await ok(
      await createAgent({ email: agentUser!.email, referralCode: 'AMNA24', commissionBasis: 'markup', commissionPercent: 10 }),
      createAgentResponseSchema,
      201,
    );
    agentId = created.agent.id;
  });
  afterAll(async () => ctx?.close());

  describe('roles', () => {
    // Reads: every staff role. Writes: the owner only. Travellers' tokens never reach a staff route.
    const expected: Record<Who, { read: number; write: number }> = {
      owner: { read: 200, write: 200 },
      'agent-desk': { read: 200, write: 403 },
      viewer: { read: 200, write: 403 },
      traveller: { read: 403, write: 403 },
      agent: { read: 403, write: 403 },
      anonymous: { read: 401, write: 401 },
    };
    it.each(Object.entries(expected))('admin agent routes for %s', async (who, { read, write }) => {
      const as = who as Who;
      for (const url of ['/admin/agents', `/admin/agents/${agentId}`, `/admin/agents/${agentId}/statement`])
        expect((await call('GET', url, as)).statusCode, `${who} GET ${url}`).toBe(read);
      // Unchanged terms: an allowed write answers 200 and records nothing.
      const patch = await call('PATCH', `/admin/agents/${agentId}`, as, { commissionPercent: 10 });
      expect(patch.statusCode, patch.body).toBe(write);
      const post = await createAgent(
        { email: `new-${who}@example.com`, fullName: 'Someone New', commissionBasis: 'fare', commissionPercent: 1 },
        as,
      );
      expect(post.statusCode, post.body).toBe(write === 200 ? 201 : write);
      if (write !== 200) expect(post.json()).toMatchObject({ code: write === 401 ? 'UNAUTHORIZED' : expect.any(String) });
    });

    it.each([
      ['agent', 200, null],
      ['traveller', 403, 'NOT_AN_AGENT'],
      ['anonymous', 401, 'UNAUTHORIZED'],
      ['owner', 403, 'NOT_AN_AGENT'],
      ['viewer', 403, 'NOT_AN_AGENT'],
    ] as const)('agent routes for %s: %i', async (who, status, code) => {
      for (const url of ['/agent/me', '/agent/bookings', '/agent/statement']) {
        const response = await call('GET', url, who);
        expect(response.statusCode, `${who} ${url}`).toBe(status);
        if (code) expect(response.json()).toMatchObject({ code });
      }
    });

    it('refuses a traveller token on staff routes with STAFF_SESSION_REQUIRED', async () => {
      expect((await call('GET', '/admin/agents', 'agent')).json()).toMatchObject({ code: 'STAFF_SESSION_REQUIRED' });
      expect((await call('PATCH', `/admin/agents/${agentId}`, 'viewer', { active: false })).json()).toMatchObject({
        code: 'FORBIDDEN',
      });
    });
  });

  it("names an active agent's referral code in the account answer (the profile's way to /agent), null for others", async () => {
    const account = await call('GET', '/account', 'agent');
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json()).toMatchObject({ id: userIds.agent, agent: { referralCode: 'AMNA24' } });
    expect((await call('GET', '/account', 'traveller')).json()).toMatchObject({ id: userIds.traveller, agent: null });

    const former = await signIn('traveller', 'Former Fadia');
    const [{ email }] = (await exec<{ email: string }>('SELECT email FROM users WHERE id = $1', [former.userId])) as [
      { email: string },
    ];
    const made = await ok(
      await createAgent({ email, referralCode: 'FADIA7', commissionBasis: 'fare', commissionPercent: 2 }),
      createAgentResponseSchema,
      201,
    );
    const accountOf = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${former.token}` } })
      ).json();
    expect(await accountOf()).toMatchObject({ agent: { referralCode: 'FADIA7' } });
    expect((await call('PATCH', `/admin/agents/${made.agent.id}`, 'owner', { active: false })).statusCode).toBe(200);
    expect(await accountOf()).toMatchObject({ id: former.userId, agent: null });
  });

  it('lists the agent routes in the OpenAPI document, tagged admin and agent', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(doc.paths['/api/v1/admin/agents']?.post?.tags).toEqual(['admin']);
    expect(doc.paths['/api/v1/admin/agents/{id}']?.patch?.tags).toEqual(['admin']);
    expect(doc.paths['/api/v1/admin/agents/{id}/statement']?.get?.tags).toEqual(['admin']);
    for (const path of ['/api/v1/agent/me', '/api/v1/agent/bookings', '/api/v1/agent/statement'])
      expect(doc.paths[path]?.get?.tags, path).toEqual(['agent']);
  });

  describe('creating agents', () => {
    it('makes a new account an agent, e-mails it a password link, and audits the owner', async () => {
      const created = await ok(
        await createAgent({
          email: ' Hiba.Agent@Example.com ',
          fullName: ' Hiba  Salih ',
          commissionBasis: 'fare',
          commissionPercent: 1.5,
        }),
        createAgentResponseSchema,
        201,
      );
      expect(created.accountCreated).toBe(true);
      expect(created.agent).toMatchObject({
        fullName: 'Hiba Salih',
        email: 'hiba.agent@example.com',
        commissionBasis: 'fare',
        commissionPercent: 1.5,
        active: true,
      });
      // A generated code from the name's Latin letters, valid as a link's first segment.
      expect(created.agent.referralCode).toMatch(/^HIBASA\d{3}$/);
      expect(created.agent.link).toBe(`https://kwenda.example/${created.agent.referralCode}`);
      const [mail] = await exec<{ subject: string; text_body: string }>(
        'SELECT subject, text_body FROM mail_outbox WHERE to_address = $1',
        ['hiba.agent@example.com'],
      );
      expect(mail!.subject).toBe('أصبحت وكيلاً لدى كوندا — You are now a Kwenda agent');
      expect(mail!.text_body).toContain(created.agent.link);
      expect(mail!.text_body).toMatch(/https:\/\/kwenda\.example\/password_reset\/[\w-]{40,}/);
      const [audit] = await exec<{ staff_user_id: string; details: { referralCode: string } }>(
        "SELECT staff_user_id, details FROM staff_actions WHERE action = 'agent-created' AND target_id = $1",
        [created.agent.id],
      );
      expect(audit).toMatchObject({ staff_user_id: userIds.owner, details: { referralCode: created.agent.referralCode } });

      // The link in the e-mail sets the password, and the agent signs in to /agent.
      const token = /password_reset\/([\w-]+)/.exec(mail!.text_body)![1]!;
      const password = 'nile-river-2026';
      const reset = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/account/password_reset',
        payload: { token, password, passwordConfirmation: password },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'hiba.agent@example.com', password },
      });
      expect(login.statusCode, login.body).toBe(200);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/agent/me',
        headers: { authorization: `Bearer ${(login.json() as { jwt: string }).jwt}` },
      });
      expect(me.json()).toMatchObject({ referralCode: created.agent.referralCode, commissionBasis: 'fare' });
    });

    it('makes an existing account an agent, with the code the owner chose, once', async () => {
      const session = await signIn('traveller', 'Khalid Existing');
      const [user] = await exec<{ email: string }>('SELECT email FROM users WHERE id = $1', [session.userId]);
      const created = await ok(
        await createAgent({
          email: user!.email.toUpperCase(),
          referralCode: ' khalid7 ',
          commissionBasis: 'markup',
          commissionPercent: 20,
        }),
        createAgentResponseSchema,
        201,
      );
      expect(created).toMatchObject({
        accountCreated: false,
        agent: { userId: session.userId, referralCode: 'KHALID7', fullName: 'Khalid Existing' },
      });
      const again = await createAgent({ email: user!.email, commissionBasis: 'markup', commissionPercent: 20 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'AGENT_ALREADY_EXISTS' });
    });

    it.each([
      ['a code already taken', { email: 'x1@example.com', fullName: 'X', referralCode: 'amna24' }, 409, 'REFERRAL_CODE_TAKEN'],
      ['a code without a digit', { email: 'x2@example.com', fullName: 'X', referralCode: 'ABOUT' }, 400, 'VALIDATION_ERROR'],
      ['a code too short', { email: 'x3@example.com', fullName: 'X', referralCode: 'A1' }, 400, 'VALIDATION_ERROR'],
      ['a new account without a name', { email: 'x4@example.com' }, 400, 'VALIDATION_ERROR'],
      ['a bad e-mail', { email: 'not-an-email', fullName: 'X' }, 400, 'VALIDATION_ERROR'],
      ['a percent over 100', { email: 'x5@example.com', fullName: 'X', commissionPercent: 101 }, 400, 'VALIDATION_ERROR'],
      ['a negative percent', { email: 'x6@example.com', fullName: 'X', commissionPercent: -1 }, 400, 'VALIDATION_ERROR'],
      ['three decimals', { email: 'x7@example.com', fullName: 'X', commissionPercent: 1.005 }, 400, 'VALIDATION_ERROR'],
      ['an unknown basis', { email: 'x8@example.com', fullName: 'X', commissionBasis: 'total' }, 400, 'VALIDATION_ERROR'],
    ])('refuses %s', async (_label, body, status, code) => {
      const response = await createAgent({ commissionBasis: 'markup', commissionPercent: 10, ...body });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ code });
      const [count] = await exec<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [body.email]);
      expect(count!.n).toBe(0);
    });

    it('refuses bad ids, months and changes with 4xx', async () => {
      expect((await call('GET', '/admin/agents/nope', 'viewer')).statusCode).toBe(400);
      expect((await call('GET', '/admin/agents/ag_doesnotexist00', 'viewer')).statusCode).toBe(404);
      expect((await call('GET', `/admin/agents/${agentId}/statement?month=2026-13`, 'viewer')).statusCode).toBe(400);
      expect((await call('GET', '/agent/statement?month=26-01', 'agent')).statusCode).toBe(400);
      expect((await call('PATCH', `/admin/agents/${agentId}`, 'owner', {})).statusCode).toBe(400);
      expect((await call('PATCH', `/admin/agents/${agentId}`, 'owner', { commissionPercent: 'ten' })).statusCode).toBe(400);
      expect((await call('PATCH', '/admin/agents/ag_doesnotexist00', 'owner', { active: false })).statusCode).toBe(404);
    });
  });

  describe('commission', () => {
    it('counts paid and ticketed bookings only, reverses refunds, and keeps the terms a booking was ticketed under', async () => {
      const created = await ok(
        await createAgent({
          email: 'selma@example.com',
          fullName: 'Selma Agent',
          referralCode: 'SELMA9',
          commissionBasis: 'fare',
          commissionPercent: 2,
        }),
        createAgentResponseSchema,
        201,
      );
      const id = created.agent.id;
      const onlyPaid = await paidOnly(await heldBooking('SELMA9', 'PAIDONLY'));
      expect(onlyPaid.status).toBe('payment-confirmed');
      const ticketed = await paidAndTicketed(await heldBooking('SELMA9', 'TICKETED'));
      expect(ticketed.status).toBe('confirmed');
      await heldBooking('SELMA9', 'HELDONLY');

      let statement = await statementOf(id);
      expect(statement.lines).toHaveLength(1);
      const fareUsd = statement.lines[0]!.baseUsd;
      expect(fareUsd).toBeGreaterThan(0);
      expect(statement.lines[0]).toMatchObject({
        kind: 'earned',
        bookingReference: ticketed.bookingReference,
        travellerName: expect.stringContaining('TICKETED'),
        commissionBasis: 'fare',
        commissionPercent: 2,
        commissionUsd: Math.round(fareUsd * 2) / 100,
        currency: ticketed.currency,
      });

      // New terms: the booking already ticketed keeps 2 % of the fare; the next one earns 10 % of the markup.
      await ok(
        await call('PATCH', `/admin/agents/${id}`, 'owner', { commissionBasis: 'markup', commissionPercent: 10 }),
        agentDetailResponseSchema,
      );
      const second = await paidAndTicketed(await heldBooking('SELMA9', 'SECOND'));
      statement = await statementOf(id);
      expect(statement.lines.map((line) => [line.bookingReference, line.commissionBasis, line.commissionPercent])).toEqual([
        [ticketed.bookingReference, 'fare', 2],
        [second.bookingReference, 'markup', 10],
      ]);

      // A refund reverses what the booking earned, in the month of the refund.
      await refunded(ticketed);
      statement = await statementOf(id);
      const reversal = statement.lines.find((line) => line.kind === 'reversed')!;
      expect(reversal).toMatchObject({
        bookingReference: ticketed.bookingReference,
        commissionPercent: 2,
        commissionUsd: -statement.lines[0]!.commissionUsd,
      });
      expect(statement.totals).toMatchObject({ earned: 2, reversed: 1 });
      expect(statement.totals.commissionUsd).toBeCloseTo(statement.lines[1]!.commissionUsd, 2);

      const list = await ok(await call('GET', '/admin/agents', 'viewer'), listAgentsResponseSchema);
      expect(list.agents.find((agent) => agent.id === id)!.thisMonth).toMatchObject({
        month: thisMonth(),
        bookingsMade: 4,
        bookingsEarned: 2,
        bookingsReversed: 1,
      });

      const detail = await ok(await call('GET', `/admin/agents/${id}`, 'viewer'), agentDetailResponseSchema);
      expect(detail.terms.map((terms) => [terms.commissionBasis, terms.commissionPercent, terms.setBy])).toEqual([
        ['markup', 10, 'Owner Osman'],
        ['fare', 2, 'Owner Osman'],
      ]);
      const [audit] = await exec<{ n: number }>(
        "SELECT count(*)::int AS n FROM staff_actions WHERE action = 'agent-terms-changed' AND target_id = $1",
        [id],
      );
      expect(audit!.n).toBe(1);
    });

    it('shows the agent their link, QR code, bookings and statement, and nothing else of the travellers', async () => {
      const booking = await paidAndTicketed(await heldBooking('AMNA24', 'AGENTSEES'));
      const me = await ok(await call('GET', '/agent/me', 'agent'), agentMeSchema);
      expect(me).toMatchObject({ referralCode: 'AMNA24', link: 'https://kwenda.example/AMNA24', commissionPercent: 10 });
      expect(me.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

      const bookings = await ok(await call('GET', '/agent/bookings', 'agent'), agentBookingsResponseSchema);
      expect(bookings.bookings[0]).toEqual({
        travellerName: expect.stringContaining('AGENTSEES'),
        route: [booking.slices[0]!.origin, booking.slices[0]!.destination, ...booking.slices.slice(1).map((s) => s.destination)],
        departureDate: booking.slices[0]!.departureDate.slice(0, 10),
        bookedAt: expect.any(String),
        status: 'confirmed',
      });
      const body =
        JSON.stringify(bookings) + JSON.stringify(await call('GET', '/agent/statement', 'agent').then((r) => r.json()));
      for (const secret of [booking.bookingReference, booking.id, 'traveller@example.com', '+249912345678', 'P01234567'])
        expect(body).not.toContain(secret);

      const statement = await ok(await call('GET', `/agent/statement?month=${thisMonth()}`, 'agent'), agentStatementSchema);
      expect(statement.lines).toHaveLength(1);
      expect(statement.months[0]).toBe(thisMonth());
      const empty = await ok(await call('GET', '/agent/statement?month=2020-01', 'agent'), agentStatementSchema);
      expect(empty).toMatchObject({ month: '2020-01', lines: [], totals: { commissionUsd: 0, earned: 0, reversed: 0 } });
    });

    it('a deactivated agent earns nothing from then on and loses /agent; reactivated, earns again', async () => {
      const session = await signIn('traveller', 'Omer Paused');
      const [user] = await exec<{ email: string }>('SELECT email FROM users WHERE id = $1', [session.userId]);
      const { agent } = await ok(
        await createAgent({ email: user!.email, referralCode: 'OMER55', commissionBasis: 'fare', commissionPercent: 1 }),
        createAgentResponseSchema,
        201,
      );
      const off = await ok(
        await call('PATCH', `/admin/agents/${agent.id}`, 'owner', { active: false }),
        agentDetailResponseSchema,
      );
      expect(off.agent.active).toBe(false);
      await paidAndTicketed(await heldBooking('OMER55', 'WHILEOFF'));
      expect((await statementOf(agent.id)).lines).toEqual([]);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/agent/me',
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect(me.json()).toMatchObject({ code: 'NOT_AN_AGENT' });
      await ok(await call('PATCH', `/admin/agents/${agent.id}`, 'owner', { active: true }), agentDetailResponseSchema);
      await paidAndTicketed(await heldBooking('OMER55', 'BACKON'));
      expect((await statementOf(agent.id)).lines.map((line) => line.travellerName)).toEqual([expect.stringContaining('BACKON')]);
      const [audit] = await exec<{ actions: string[] }>(
        'SELECT array_agg(action ORDER BY id) AS actions FROM staff_actions WHERE target_id = $1',
        [agent.id],
      );
      expect(audit!.actions).toEqual(['agent-created', 'agent-deactivated', 'agent-reactivated']);
    });
  });
});
