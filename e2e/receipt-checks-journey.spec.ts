import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr } from './i18n';
import { bankakReceiptPng, transferFor, type TransferOnReceipt } from './support/bankak-receipt';
import { bookAsGuest, familyName, fillPassenger } from './support/booking-form';
import { firstAvailableOffer, nextOffersAnswer } from './support/offers-answer';
import { openDeskAs, sharedStaffMember } from './support/staff';
import { isPhone, journeyShot } from './support/shots';

/**
 * Bankak receipts that check themselves, every step on screen: a traveller pays later and uploads a
 * receipt whose amount is short; the booking page says so seconds later, with what to do; the traveller
 * uploads the right one and sees it match. On the desk the matching receipt comes first, green, and is
 * approved; a second traveller's upload of a re-saved copy of that receipt, with its transaction number,
 * shows there as possible fraud naming the first booking.
 * Screenshots go to /work/notes/shots when that folder exists (the session's notes), else /tmp/kw/shots.
 */

/** A day of its own per project, so no other journey's offers or seats are touched. */
const DAY_OF: Record<string, number> = { 'ar-phone': 52, 'en-desktop': 53, 'ar-desktop': 54, 'en-phone': 55 };
const randomLetters = () => [...randomBytes(6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');

interface HeldBooking {
  id: string;
  reference: string;
  transfer: TransferOnReceipt;
}

const shot = (page: Page, name: string, project: string) => journeyShot(page, 'receipts', name, project, true);

/** A guest books Port Sudan -> Cairo on the project's day and holds it for a bank transfer. */
async function holdForTransfer(page: Page, language: string, project: string, who: string): Promise<HeldBooking> {
  const t = (key: string) => tr(language, key);
  await page.goto(
    `/?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(DAY_OF[project] ?? 56)}&lang=${language}`,
  );
  // A page of another context is not the fixture's: wait for hydration here, or the click submits the bare form.
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  const answer = nextOffersAnswer(page);
  await page.getByRole('button', { name: t('search:form.submit') }).click();
  await expect(page).toHaveURL(/\/offers\?/);
  await bookAsGuest(page, language, firstAvailableOffer((await answer).offers));
  await fillPassenger(page, language, 'adult', {
    first: `${who} ${randomLetters()}`,
    last: familyName(project, `receipts ${who}`),
    born: '1987-02-11',
    gender: 'F',
  });
  await page
    .getByRole('textbox', { name: t('booking:contact.email') })
    .fill(`receipts-${project}-${randomLetters()}@example.com`.toLowerCase());
  await page.getByRole('textbox', { name: t('booking:contact.mobile') }).fill('0912345678');
  await page.getByRole('button', { name: t('booking:submit') }).click();
  await expect(page.getByRole('heading', { name: t('booking:payment.title') })).toBeVisible();
  await page.getByRole('radio', { name: t('booking:payment.later') }).check();
  await page.getByRole('button', { name: new RegExp(t('booking:payment.continue')) }).click();
  await expect(page.getByRole('heading', { name: t('booking:final.heldTitle') })).toBeVisible();
  const reference = (await page.getByTestId('booking-reference').textContent())!.trim();
  const id = /\/booking\/(bk_[^/?#]+)/.exec(page.url())![1]!;
  // What the page tells the traveller to send, and where: the booking's own transfer details.
  return { id, reference, transfer: await transferFor(page, id, reference) };
}

/** Elements that reach past the screen's sides (a page wider than the phone scrolls sideways). */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > width + 1);
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${(element.textContent ?? '').slice(0, 40)}`);
  });
}

/** The server's reading of the booking's newest receipt: 'reading' until the job has read it. */
async function newestReading(page: Page, bookingId: string): Promise<string> {
  const answer = await page.request.get(`/api/v1/bookings/${bookingId}`);
  const booking = (await answer.json()) as { receipts: { uploadedAt: string; reading: { state: string } }[] };
  const newest = [...booking.receipts].sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))[0];
  return newest?.reading.state ?? 'none';
}

/** The receipt sent from the booking page with its transaction number; resolves once the server has read it. */
async function uploadReceipt(page: Page, language: string, booking: HeldBooking, png: Buffer, name: string, number: string) {
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: name.endsWith('.jpg') ? 'image/jpeg' : 'image/png', buffer: png });
  await page.getByTestId('transaction-number').fill(number);
  await page.getByTestId('receipt-submit').click();
  await expect(page.getByRole('status').filter({ hasText: tr(language, 'booking:receipt.uploaded') })).toBeVisible();
  // Read in the background within seconds (longer on a machine busy with the other journeys).
  await expect
    .poll(() => newestReading(page, booking.id), { timeout: 120_000, message: 'the server reads the receipt' })
    .not.toBe('reading');
}

/** The desk's transfers screen as a desk agent who signed in on this device. */
async function openTransfers(browser: Browser, language: string, project: string): Promise<Page> {
  const desk = await sharedStaffMember('agent-desk', 'Hamid Desk');
  const page = await openDeskAs(browser, desk, { language, project, path: '/admin/transfers' });
  await expect(page.getByRole('heading', { level: 1, name: tr(language, 'admin-desk:transfers.title') })).toBeVisible();
  return page;
}

test(
  'a transfer receipt read and checked: a short amount told at once, the right one green at the top of the desk and approved, a reused one flagged naming the first booking',
  { tag: '@both' },
  async ({ page, language, browser }, info) => {
    test.setTimeout(300_000);
    const project = info.project.name;
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
    const deskT = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-desk:${key}`, vars);
    // The Arabic app with the 12-hour clock (ص/م), or the English app.
    const receiptLook = language === 'ar' ? ({ layout: 'ar', dateFormat: 1 } as const) : ({ layout: 'en' } as const);

    // 1. A traveller holds a booking for a transfer.
    const first = await holdForTransfer(page, language, project, 'Amna');

    // 2. A receipt 1,000 pounds short: the booking page says what was read and what is missing.
    const shortTransfer = { ...first.transfer, amount: first.transfer.amount - 1000 };
    const short = await bankakReceiptPng(page, shortTransfer, receiptLook);
    await uploadReceipt(page, language, first, short, 'bankak-short.png', shortTransfer.transactionNumber);
    const newest = page.getByTestId('receipt-card').first();
    await expect(newest).toHaveAttribute('data-reading', 'read', { timeout: 20_000 });
    await expect(newest.getByTestId('receipt-check-amount')).toHaveAttribute('data-verdict', 'fail');
    // What to do: send the 1,000 pounds still missing.
    const missing = t('booking:receipt.feedback.advice.amountLess', { amount: '@' }).split('@');
    await expect(newest.getByTestId('receipt-check-amount')).toContainText(missing[0]!.trim());
    await expect(newest.getByTestId('receipt-check-amount')).toContainText(/1[,٬]?000|١[,٬]?٠٠٠/);
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflowing(page), 'nothing wider than the screen').toEqual([]);
    await shot(page, 'traveller-short', project);

    // 3. The right receipt: every value matches.
    const rightTransfer = await transferFor(page, first.id, first.reference);
    const rightNumber = rightTransfer.transactionNumber;
    const right = await bankakReceiptPng(page, rightTransfer, receiptLook);
    await uploadReceipt(page, language, first, right, 'bankak.png', rightNumber);
    const matching = page.getByTestId('receipt-card').first();
    await expect(matching).toHaveAttribute('data-reading', 'read', { timeout: 20_000 });
    await expect(matching.getByTestId('receipt-summary')).toHaveAttribute('data-summary', 'allMatch');
    for (const check of ['amount', 'account', 'date', 'typedNumber'])
      await expect(matching.getByTestId(`receipt-check-${check}`)).toHaveAttribute('data-verdict', 'pass');
    // Sent with no other booking: no word of reuse.
    await expect(matching.getByTestId('receipt-check-reused')).toHaveCount(0);
    await shot(page, 'traveller-matching', project);

    // 4. A second traveller uploads a re-saved copy of that receipt, with its number.
    const secondContext = await browser.newContext(isPhone(project) ? { viewport: { width: 390, height: 844 } } : {});
    const secondPage = await secondContext.newPage();
    const second = await holdForTransfer(secondPage, language, project, 'Hiba');
    const copy = await sharp(right).jpeg({ quality: 70 }).toBuffer();
    await uploadReceipt(secondPage, language, second, copy, 'receipt.jpg', rightNumber);
    const reused = secondPage.getByTestId('receipt-card').first();
    await expect(reused).toHaveAttribute('data-reading', 'read', { timeout: 20_000 });
    await expect(reused.getByTestId('receipt-check-reused')).toHaveAttribute('data-verdict', 'fail');
    // The traveller is never told which booking it was.
    await expect(reused).not.toContainText(first.reference);
    await secondContext.close();

    // 5. The desk: the matching receipt green, before every receipt that is not; approved without a note.
    const desk = await openTransfers(browser, language, project);
    const cards = desk.getByTestId('transfer-card');
    const green = desk.getByRole('article', { name: first.reference }).filter({ has: desk.getByTestId('receipt-all-passed') });
    await expect(green).toHaveCount(1, { timeout: 30_000 });
    const order = await cards.evaluateAll((nodes) =>
      nodes.map((node) => Boolean(node.querySelector('[data-testid="receipt-all-passed"]'))),
    );
    expect(order.indexOf(false) === -1 || order.lastIndexOf(true) < order.indexOf(false), 'green receipts first').toBe(true);

    // The reused copy: possible fraud, naming the first booking.
    const fraud = desk.getByRole('article', { name: second.reference });
    await expect(fraud.getByTestId('receipt-fraud')).toContainText(first.reference);
    // Caught twice over: the same transaction number, and the same receipt read (a JPEG copy of its picture).
    await expect(fraud.getByTestId('receipt-check-numberReused')).toHaveAttribute('data-verdict', 'fail');
    await expect(fraud.getByTestId('receipt-check-imageReused')).toHaveAttribute('data-verdict', 'fail');
    expect(await axeViolations(desk)).toEqual([]);
    await shot(desk, 'desk', project);

    await green.getByTestId('transfer-approve').click();
    await desk
      .getByRole('dialog', { name: deskT('approve.title') })
      .getByRole('button', { name: deskT('approve.confirm') })
      .click();
    await expect(desk.getByRole('status').filter({ hasText: first.reference })).toBeVisible();
    await expect(desk.getByRole('article', { name: first.reference })).toHaveCount(0);

    // Approving the flagged one asks for a note first.
    await fraud.getByTestId('transfer-approve').click();
    const dialog = desk.getByRole('dialog', { name: deskT('approve.title') });
    await expect(dialog.getByRole('textbox')).toBeVisible();
    await shot(desk, 'desk-note', project);
    await dialog.getByRole('button', { name: deskT('approve.confirm') }).click();
    await expect(dialog.getByText(deskT('approve.noteRequired'))).toBeVisible();
    await dialog.getByRole('button', { name: deskT('cancel') }).click();
    await desk.context().close();
  },
);
