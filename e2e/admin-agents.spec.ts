import type { Browser, Page } from '@playwright/test';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr } from './i18n';
import { bookAsGuest, familyName, fillPassenger, payOnSandboxGateway } from './support/booking-form';
import { firstAvailableOffer, nextOffersAnswer } from './support/offers-answer';
import { waitForMail } from './support/mailbox';
import { sharedStaffMember } from './support/staff';

/**
 * Agents, the slogan "be your own travel agency": the owner makes a new account an agent on the desk,
 * the agent chooses a password from the welcome e-mail, a traveller arrives through the agent's link,
 * books and pays by card (the sandbox gateway), the booking is ticketed, and it shows in the agent's
 * own page (/agent) and statement, and in the owner's statement of the agent. Each project (language
 * and device) has its own owner, agent and code, side by side on one server.
 */

const SHOTS = '/tmp/kw/shots';
const deviceOf = (project: string) => (project.endsWith('phone') ? 'phone' : 'desktop');
const sizeOf = (project: string) => (deviceOf(project) === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });
const PASSWORD = 'Agent-of-the-Nile-2026';

async function shot(page: Page, project: string, language: string, screen: string) {
  await page.screenshot({ path: `${SHOTS}/agents-${screen}-${language}-${deviceOf(project)}.png`, fullPage: true });
}

/** A guest arrives through `/{code}`, searches, books the first bookable offer and fills the form. */
async function bookThroughLink(page: Page, language: string, code: string, family: string, email: string) {
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  await page.goto(
    `/${code}?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(33)}&lang=${language}`,
  );
  const answer = nextOffersAnswer(page);
  await page.getByRole('button', { name: t('search:form.submit') }).click();
  // The referral stays in the address from page to page.
  await expect(page).toHaveURL(new RegExp(`/${code}/offers\\?`));
  await bookAsGuest(page, language, firstAvailableOffer((await answer).offers));
  await expect(page.getByRole('heading', { name: t('booking:passengers.title') })).toBeVisible();
  await fillPassenger(page, language, 'adult', { first: 'Amna', last: family, born: '1991-04-12', gender: 'F' });
  await page.getByRole('textbox', { name: t('booking:contact.email') }).fill(email);
  await page.getByRole('textbox', { name: t('booking:contact.mobile') }).fill('0912345678');
  await page.getByRole('button', { name: t('booking:submit') }).click();
  await expect(page.getByRole('heading', { name: t('booking:payment.title') })).toBeVisible();
}

/** Pays on the sandbox gateway's page with its documented test card, and waits for the ticket. */
async function payByCard(page: Page, language: string) {
  const t = (key: string) => tr(language, key);
  await payOnSandboxGateway(page, language);
  await expect(page.getByRole('heading', { name: new RegExp(t('booking:final.confirmedTitle')) })).toBeVisible({
    timeout: 30_000,
  });
}

async function newPage(browser: Browser, project: string) {
  const context = await browser.newContext({ viewport: sizeOf(project) });
  return context.newPage();
}

test('the owner makes an agent; a booking through the agent link, paid and ticketed, is in the agent statement', async ({
  page,
  browser,
  language,
  problems,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  const stamp = Date.now().toString(36);
  const code = `${project
    .replace(/[^a-z]/g, '')
    .slice(0, 4)
    .toUpperCase()}${Date.now().toString().slice(-6)}`;
  const agentEmail = `agent-${project}-${stamp}@example.com`;
  const family = familyName(project, 'agent');

  // The owner, made with the documented command, opens the agents screen signed in.
  const owner = await sharedStaffMember('owner', 'Amna Owner');
  await page.setViewportSize(sizeOf(project));
  await page.addInitScript((value) => localStorage.setItem('kwenda.staffSession', value), JSON.stringify(owner.session));
  await page.goto(`/admin/agents?lang=${language}`);
  await expect(page.getByRole('heading', { name: t('admin-agents:title'), level: 1 })).toBeVisible();

  // A new account made an agent: the code checked on the screen first, then the server's own checks.
  await page.getByRole('button', { name: t('admin-agents:create.open') }).click();
  const dialog = page.getByRole('dialog', { name: t('admin-agents:create.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: t('admin-agents:form.email') }).fill(agentEmail);
  await dialog.getByRole('textbox', { name: t('admin-agents:form.code') }).fill('ABOUT');
  await dialog.getByRole('button', { name: t('admin-agents:create.submit') }).click();
  await expect(dialog.getByText(t('admin-agents:errors.referralCode'))).toBeVisible();
  await dialog.getByRole('textbox', { name: t('admin-agents:form.code') }).fill(code.toLowerCase());
  await dialog.getByRole('radio', { name: t('admin-agents:basis.fare') }).check();
  await dialog.getByRole('textbox', { name: t('admin-agents:form.percent') }).fill('2.5');
  // No account has this e-mail yet: the server asks for the new agent's name.
  await dialog.getByRole('button', { name: t('admin-agents:create.submit') }).click();
  await expect(dialog.getByText(t('admin-agents:errors.fullName'))).toBeVisible();
  await dialog.getByRole('textbox', { name: t('admin-agents:form.fullName') }).fill('Hiba Agent');
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, project, language, 'admin-create');
  await dialog.getByRole('button', { name: t('admin-agents:create.submit') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: t('admin-agents:notice.createdNewAccount', { name: 'Hiba Agent', code }) }),
  ).toBeVisible();
  const card = page.getByTestId('agent-card').filter({ hasText: code });
  await expect(card).toContainText(t('admin-agents:termsFare', { percent: 2.5 }));
  const link = `${new URL(page.url()).origin}/${code}`;
  await expect(card).toContainText(link);

  // The agent's welcome e-mail: the link, and a link to choose a password.
  const welcome = await waitForMail(agentEmail, /You are now a Kwenda agent/);
  expect(welcome.text).toContain(link);
  const passwordLink = new URL(/https?:\/\/\S+\/password_reset\/[\w-]+/.exec(welcome.text)![0]);

  // A traveller arrives through the agent's link, books and pays by card; the booking is ticketed.
  const traveller = await newPage(browser, project);
  await bookThroughLink(traveller, language, code, family, `traveller-${project}-${stamp}@example.com`);
  await payByCard(traveller, language);
  await traveller.context().close();

  // The agent chooses a password from the e-mail, logs in and opens /agent.
  const agent = await newPage(browser, project);
  await agent.goto(`${passwordLink.pathname}?lang=${language}`);
  const field = (key: string) => agent.getByRole('textbox', { name: t(`auth:fields.${key}`), exact: true });
  await field('newPassword').fill(PASSWORD);
  await field('passwordConfirmation').fill(PASSWORD);
  await agent.getByRole('button', { name: t('auth:reset.submit') }).click();
  await expect(agent.getByText(t('auth:reset.done'))).toBeVisible();
  await agent.goto(`/agent?lang=${language}`);
  await expect(agent.getByRole('heading', { name: t('auth:login.title') })).toBeVisible();
  await field('email').fill(agentEmail);
  await field('password').fill(PASSWORD);
  await agent.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
  await expect(agent).toHaveURL(/\/agent/);
  await expect(agent.getByRole('heading', { name: t('agent:title'), level: 1 })).toBeVisible();
  await expect(agent.getByTestId('agent-link')).toHaveText(link);
  await expect(agent.getByRole('img', { name: t('agent:link.qrLabel', { link }) }).locator('svg')).toBeVisible();
  const name = new RegExp(`Amna ${family}`, 'i');
  await expect(agent.getByTestId('agent-bookings')).toContainText(name);
  await expect(agent.getByTestId('agent-bookings')).toContainText(t('agent:status.confirmed'));
  const lines = agent.getByTestId('statement-lines');
  await expect(lines).toContainText(name);
  await expect(lines).toContainText(t('agent:statement.kind.earned'));
  // Nothing of the traveller's beyond the name: no e-mail, no booking reference.
  await expect(agent.locator('main')).not.toContainText(`traveller-${project}-${stamp}@example.com`);
  expect(await axeViolations(agent)).toEqual([]);
  await shot(agent, project, language, 'agent-page');
  await agent.context().close();

  // The owner's screen: this month's figures, and the same line in the agent's statement.
  await page.reload();
  await expect(card).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, project, language, 'admin-list');
  await card.getByRole('button', { name: t('admin-agents:card.statement') }).click();
  const statement = page.getByRole('dialog', { name: t('admin-agents:statement.title', { name: 'Hiba Agent' }) });
  await expect(statement.getByRole('table')).toContainText(name);
  await expect(statement.getByRole('table')).toContainText(t('admin-agents:statement.kind.earned'));
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, project, language, 'admin-statement');
  // The browser logs the refused create (no name for a new account) itself; nothing else may be there.
  expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  problems.length = 0;
});
