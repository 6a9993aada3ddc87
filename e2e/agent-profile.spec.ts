import type { AuthResponse } from '@kwenda/contracts';
import { axeViolations, expect, test } from './fixtures';
import { tr } from './i18n';
import { waitForMail } from './support/mailbox';
import { realStaffMember } from './support/staff';

/**
 * An agent finds their own page (/agent) from their profile: the owner makes a new account an agent,
 * the agent chooses a password from the welcome e-mail and signs in; "Your agent page" on the profile
 * opens /agent. Each project (language and device) has its own agent.
 */

const SHOTS = '/tmp/kw/shots';
const PASSWORD = 'Agent-of-the-Nile-2026';

test('the profile of an agent links to the agent page', { tag: '@en-desktop' }, async ({ page, language, request }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const device = project.endsWith('phone') ? 'phone' : 'desktop';
  const t = (key: string) => tr(language, key);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const email = `profile-agent-${project}-${stamp}@example.com`;
  const code = `PRF${Date.now().toString().slice(-6)}${project.startsWith('ar') ? 'A' : 'E'}${device === 'phone' ? 'P' : 'D'}`;

  const owner = await realStaffMember('owner', { fullName: 'Owner Osman' });
  const created = await request.post('/api/v1/admin/agents', {
    headers: { authorization: `Bearer ${owner.jwt}` },
    data: { email, fullName: 'Hiba Agent', referralCode: code, commissionBasis: 'markup', commissionPercent: 10, language },
  });
  expect(created.status(), await created.text()).toBe(201);
  const welcome = await waitForMail(email, /You are now a Kwenda agent/);
  const token = /\/password_reset\/([\w-]+)/.exec(welcome.text)![1];
  const reset = await request.put('/api/v1/account/password_reset', {
    data: { token, password: PASSWORD, passwordConfirmation: PASSWORD },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  const login = await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const auth = (await login.json()) as AuthResponse;
  await page.addInitScript(
    (session) => localStorage.setItem('kwenda.session', session),
    JSON.stringify({ jwt: auth.jwt, expiresAt: auth.expiresAt, user: auth.user }),
  );

  await page.goto(`/profile?lang=${language}`);
  await expect(page.getByRole('heading', { name: t('auth:profile.agentTitle'), level: 2 })).toBeVisible();
  const link = page.getByRole('link', { name: t('auth:profile.agentPage') });
  await expect(link).toBeVisible();
  await expect(page.getByText(t('auth:profile.agentHint'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/profile-agent-${language}-${device}.png`, fullPage: true });
  // The stored session keeps the user alone: the agent's code is read from the server each time.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kwenda.session')!).user.agent)).toBeUndefined();

  await link.click();
  await expect(page).toHaveURL(/\/agent/);
  await expect(page.getByRole('heading', { name: t('agent:title'), level: 1 })).toBeVisible();
});
