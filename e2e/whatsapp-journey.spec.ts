import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { LocalMessage } from '../apps/api/src/modules/whatsapp/local-cloud-api/local-cloud-api';
import { WHATSAPP } from '../playwright.config';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr } from './i18n';
import { bankakReceiptPng, transferFor } from './support/bankak-receipt';
import { familyName, fillPassenger } from './support/booking-form';
import { firstAvailableOffer, nextOffersAnswer } from './support/offers-answer';
import { openDeskAs, realStaffMember, type RealStaffMember } from './support/staff';
import { journeyShot } from './support/shots';

/**
 * WhatsApp first, every step on screen, against a server configured for the WhatsApp Cloud API and the
 * local server that speaks it (playwright.config.ts WHATSAPP): a traveller signs up with a mobile number
 * and the code that came on WhatsApp, books and pays later; the hold's message and its reminder arrive
 * as templates; the desk approves the transfer and the e-ticket PDF arrives as a document; the traveller
 * replies STOP («إيقاف»), is told once, and gets nothing more on WhatsApp.
 */

const ORIGIN = `http://127.0.0.1:${WHATSAPP.appPort}`;
const CLOUD = `http://127.0.0.1:${WHATSAPP.apiPort}`;
const DAY_OF: Record<string, number> = { 'ar-phone': 62, 'en-desktop': 63, 'ar-desktop': 64, 'en-phone': 65 };
const randomLetters = () => [...randomBytes(6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');

test.use({ baseURL: ORIGIN });

/** Every message the local Cloud API accepted for this number (E.164 without its plus, as WhatsApp writes it). */
async function messagesTo(phone: string): Promise<LocalMessage[]> {
  const answer = await fetch(`${CLOUD}/__local/messages`);
  const { messages } = (await answer.json()) as { messages: LocalMessage[] };
  const digits = phone.replace(/^\+/, '');
  return messages.filter((m) => m.to.replace(/^\+/, '') === digits);
}

async function waitForTemplate(phone: string, template: string, timeout = 30_000): Promise<LocalMessage> {
  let found: LocalMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesTo(phone)).find((m) => m.template === template);
        return Boolean(found);
      },
      { timeout, message: `${template} reaches ${phone}` },
    )
    .toBe(true);
  return found!;
}

const shot = (page: Page, name: string, project: string) => journeyShot(page, 'whatsapp', name, project, true);

/** A Sudanese mobile number of its own (Zain, 091…): the national digits typed, and the E.164 stored. */
function newNumber() {
  const national = `91${String(Math.floor(1e6 + Math.random() * 9e6))}`;
  return { typed: `0${national}`, e164: `+249${national}` };
}

let deskMember: Promise<RealStaffMember> | undefined;
const deskStaff = () =>
  (deskMember ??= realStaffMember('agent-desk', {
    fullName: 'Hamid Desk',
    server: { port: WHATSAPP.appPort, dataDir: process.env.E2E_WHATSAPP_DATA_DIR! },
  }));

test(
  'signed up with a mobile number by a WhatsApp code, the hold, its reminder and the e-ticket on WhatsApp, then STOP',
  { tag: '@both' },
  async ({ page, language, browser }, info) => {
    test.setTimeout(300_000);
    const project = info.project.name;
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
    const number = newNumber();
    const fullName = language === 'ar' ? 'آمنة عثمان' : 'Amna Osman';

    // 1. Sign up with the mobile number: the code comes on WhatsApp (an authentication template).
    await page.goto(`/signup?lang=${language}`);
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await page.getByTestId('login-method-phone').click();
    await page.getByTestId('full-name').fill(fullName);
    await page.getByTestId('phone-input').fill(number.typed);
    await page.getByTestId('send-code').click();
    const codeMessage = await waitForTemplate(number.e164, 'kwenda_sign_in_code');
    expect(codeMessage.language).toBe(language);
    const code = codeMessage.params[0]!;
    expect(code).toMatch(/^\d{6}$/);
    // The copy-code button carries the same code.
    expect(codeMessage.buttonParams).toContain(code);
    await expect(page.getByTestId('code-input')).toBeVisible();
    await shot(page, 'code', project);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('code-input').fill(code);
    await page.getByTestId('verify-code').click();
    await expect(page).not.toHaveURL(/\/signup/);
    const account = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('kwenda.session') ?? 'null') as { jwt?: string } | null;
      const answer = await fetch('/api/v1/account', { headers: session?.jwt ? { authorization: `Bearer ${session.jwt}` } : {} });
      return answer.ok ? ((await answer.json()) as { phone: string | null; email: string | null }) : null;
    });
    expect(account?.phone).toBe(number.e164);
    expect(account?.email).toBeNull();

    // 2. Book Port Sudan -> Cairo and pay later, with updates on WhatsApp (on by default for the account's number).
    await page.goto(
      `/?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(DAY_OF[project] ?? 66)}&lang=${language}`,
    );
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    const answer = nextOffersAnswer(page);
    await page.getByRole('button', { name: t('search:form.submit') }).click();
    await expect(page).toHaveURL(/\/offers\?/);
    const index = firstAvailableOffer((await answer).offers);
    await page
      .getByRole('button', { name: new RegExp(t('offers:card.bookLabel').replace(/\{\{[^}]+\}\}/g, '.*')) })
      .nth(index)
      .click();
    await page.waitForURL(/\/booking\/bk_/);
    await fillPassenger(page, language, 'adult', {
      first: `AMNA ${randomLetters()}`,
      last: familyName(project, 'whatsapp'),
      born: '1990-03-14',
      gender: 'F',
    });
    await page
      .getByRole('textbox', { name: t('booking:contact.email') })
      .fill(`wa-${project}-${randomLetters()}@example.com`.toLowerCase());
    const mobile = page.getByRole('textbox', { name: t('booking:contact.mobile') });
    if (!(await mobile.inputValue())) await mobile.fill(number.typed);
    const updates = page.getByTestId('whatsapp-updates');
    await expect(updates).toBeChecked();
    await shot(page, 'contact', project);
    await page.getByRole('button', { name: t('booking:submit') }).click();
    await expect(page.getByRole('heading', { name: t('booking:payment.title') })).toBeVisible();
    await page.getByRole('radio', { name: t('booking:payment.later') }).check();
    await page.getByRole('button', { name: new RegExp(t('booking:payment.continue')) }).click();
    await expect(page.getByRole('heading', { name: t('booking:final.heldTitle') })).toBeVisible();
    const reference = (await page.getByTestId('booking-reference').textContent())!.trim();
    const bookingId = /\/booking\/(bk_[^/?#]+)/.exec(page.url())![1]!;

    // 3. The hold's message (reference, amount, deadline in Khartoum time) and its reminder, in the booking's language.
    const held = await waitForTemplate(number.e164, 'kwenda_hold_confirmation');
    expect(held.language).toBe(language);
    expect(held.params.join(' ')).toContain(reference);
    // Its hold lasts 31 minutes on this server: the reminder comes about a minute later.
    const reminder = await waitForTemplate(number.e164, 'kwenda_hold_reminder', 100_000);
    expect(reminder.params.join(' ')).toContain(reference);
    await expect(page.getByTestId('booking-whatsapp-toggle')).toBeChecked();
    await shot(page, 'held', project);

    // 4. The receipt, approved on the desk: the e-ticket arrives as a PDF document.
    const transfer = await transferFor(page, bookingId, reference);
    const png = await bankakReceiptPng(page, transfer, language === 'ar' ? { layout: 'ar', dateFormat: 1 } : { layout: 'en' });
    await page.locator('input[type=file]').setInputFiles({ name: 'bankak.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('transaction-number').fill(transfer.transactionNumber);
    await page.getByTestId('receipt-submit').click();
    await expect(page.getByRole('status').filter({ hasText: t('booking:receipt.uploaded') })).toBeVisible();
    await expect(page.getByTestId('receipt-card').first()).toHaveAttribute('data-reading', /read|unreadable/, {
      timeout: 120_000,
    });

    const desk = await openDeskAs(browser, await deskStaff(), { language, project, path: '/admin/transfers', baseURL: ORIGIN });
    const card = desk.getByRole('article', { name: reference });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByTestId('transfer-approve').click();
    const dialog = desk.getByRole('dialog', { name: tr(language, 'admin-desk:approve.title') });
    const note = dialog.getByRole('textbox');
    if (await note.isVisible()) await note.fill('Seen in the bank statement');
    await dialog.getByRole('button', { name: tr(language, 'admin-desk:approve.confirm') }).click();
    await expect(desk.getByRole('status').filter({ hasText: reference })).toBeVisible();

    const approved = await waitForTemplate(number.e164, 'kwenda_receipt_approved');
    expect(approved.params.join(' ')).toContain(reference);
    const ticket = await waitForTemplate(number.e164, 'kwenda_e_ticket', 60_000);
    expect(ticket.document?.filename).toMatch(/\.pdf$/);
    const pdf = Buffer.from(await (await fetch(`${CLOUD}/__local/media/${ticket.document!.id}`)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The desk's booking page: every message with its delivery status.
    await desk.goto(`/admin/bookings/${bookingId}?lang=${language}`);
    const messages = desk.getByTestId('booking-messages');
    await expect(messages.locator('[data-testid="message-row"][data-channel="whatsapp"]').first()).toBeVisible();
    await expect(
      messages
        .locator(
          '[data-testid="message-row"][data-channel="whatsapp"][data-status="delivered"], [data-testid="message-row"][data-channel="whatsapp"][data-status="read"]',
        )
        .first(),
    ).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(desk)).toEqual([]);
    await shot(desk, 'desk-messages', project);

    // 5. STOP: told once, and nothing more is sent on WhatsApp (the desk cannot resend there either).
    const stopWord = language === 'ar' ? 'إيقاف' : 'STOP';
    for (let i = 0; i < 2; i++) {
      const sent = await fetch(`${CLOUD}/__local/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: number.e164, text: stopWord }),
      });
      expect(sent.ok).toBe(true);
    }
    await expect
      .poll(async () => (await messagesTo(number.e164)).filter((m) => m.type === 'text').length, { timeout: 20_000 })
      .toBe(1);
    const before = (await messagesTo(number.e164)).length;
    await page.reload();
    await expect(page.getByTestId('booking-whatsapp-opted-out')).toBeVisible({ timeout: 20_000 });
    await shot(page, 'stopped', project);
    await desk.reload();
    await expect(desk.getByTestId('resend-e-ticket')).toBeDisabled();
    // An explicit resend through the API is refused too.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await messagesTo(number.e164)).length).toBe(before);
    await desk.context().close();
  },
);
