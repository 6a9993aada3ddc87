import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { tr } from './i18n';
import { waitForMail } from './support/mailbox';
import { bookThroughApi, familyName, savePassengersThroughApi } from './support/booking-form';
import { sharedStaffMember } from './support/staff';

/**
 * The desk's journeys, for real: a desk agent made with the documented command line (set-up link,
 * password, authenticator), a traveller who pays later and sends a receipt, the agent approving it
 * and the e-ticket reaching a real SMTP mailbox; a booking whose ticketing fails (the sandbox refuses
 * to ticket a passenger named TICKETFAIL) issued by hand; a canceled booking refunded. Both languages,
 * phone (390 px) and desktop, every screen checked with axe and photographed.
 */

const SHOTS = '/tmp/kw/shots';
/** Six random Latin letters: passenger names take letters only. */
const randomLetters = () => [...randomBytes(6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');

/** A transfer receipt as a phone's banking app shows it, drawn by the browser itself. */
async function receiptImage(page: Page, reference: string, amount: string): Promise<Buffer> {
  const scratch = await page.context().newPage();
  await scratch.setViewportSize({ width: 360, height: 420 });
  await scratch.setContent(
    `<meta name="viewport" content="width=device-width"><body style="margin:0;font-family:sans-serif;background:#e8f3f1"><div style="margin:24px;padding:20px;background:#fff;border-radius:12px;border:1px solid #b9d7d2">
      <div style="color:#0b5e55;font-weight:bold;font-size:20px">Bankak · Transfer receipt</div>
      <p style="font-size:14px;color:#444">Transfer completed successfully</p>
      <p style="font-size:28px;font-weight:bold;margin:8px 0">${amount}</p>
      <p style="font-size:14px">To: Kwenda Travel Agency<br>Account: 2231 0044 8810<br>Comment: ${reference}<br>Ref: TRX${randomBytes(3).toString('hex').toUpperCase()}</p>
    </div></body>`,
  );
  const png = await scratch.screenshot();
  await scratch.close();
  return png;
}

/** A booking held for a bank transfer, passengers saved, with the traveller's receipt uploaded. */
async function heldWithReceipt(page: Page, request: APIRequestContext, name: { first: string; last: string }, email: string) {
  const id = await bookThroughApi(request, 21, { adults: 1, children: 0, infants: 0 });
  await savePassengersThroughApi(
    request,
    id,
    {
      firstName: name.first,
      lastName: name.last,
      dateOfBirth: '1990-04-12',
      gender: 'F',
      documentNumber: `P0${randomBytes(3).toString('hex').toUpperCase()}`,
    },
    { email },
  );
  const held = await request.put(`/api/v1/bookings/${id}/pay`, { data: { payLater: true } });
  expect(held.status(), await held.text()).toBe(200);
  const booking = (await held.json()).booking as { bookingReference: string; amount: number; currency: string };
  const png = await receiptImage(page, booking.bookingReference, `${booking.amount.toLocaleString('en-US')} ${booking.currency}`);
  const uploaded = await request.post(`/api/v1/bookings/${id}/receipts`, {
    multipart: { file: { name: 'bankak-receipt.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const receipts = (await uploaded.json()).booking.receipts as { id: string }[];
  return { id, reference: booking.bookingReference, receiptId: receipts.at(-1)!.id };
}

async function checkScreen(page: Page, shot: string) {
  // Nothing overflows the page sideways on a phone: wide tables scroll inside their own box.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
}

test('the desk approves a transfer, issues a failed ticketing by hand and records a refund', async ({
  page,
  request,
  language,
}, testInfo) => {
  test.setTimeout(240_000);
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-desk:${key}`, vars);
  const project = testInfo.project.name;
  const device = project.includes('phone') ? 'phone' : 'desktop';
  await page.setViewportSize(device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });
  fs.mkdirSync(SHOTS, { recursive: true });

  // A desk agent made with the documented command line (`npm run staff -- create`, the set-up link, the authenticator).
  const agent = await sharedStaffMember('agent-desk', 'Hamid Desk');
  const staffHeaders = { authorization: `Bearer ${agent.jwt}` };
  await page.addInitScript((value) => localStorage.setItem('kwenda.staffSession', value), JSON.stringify(agent.session));

  // A traveller pays later and sends the transfer receipt.
  const travellerEmail = `amna-${project}-${randomBytes(3).toString('hex')}@example.com`;
  const paid = await heldWithReceipt(
    page,
    request,
    { first: `Amna ${randomLetters()}`, last: familyName(project, 'transfer') },
    travellerEmail,
  );

  // The desk agent sees it waiting, with the receipt beside the amount and reference expected.
  await page.goto(`/admin/transfers?lang=${language}`);
  await expect(page.getByRole('heading', { level: 1, name: t('transfers.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  const card = page.getByRole('article', { name: paid.reference });
  await expect(card.getByRole('img', { name: t('transfers.receiptOf', { reference: paid.reference }) })).toBeVisible();
  await expect(card.getByText(t('transfers.expected'))).toBeVisible();
  await checkScreen(page, `desk-transfers-${language}-${device}`);

  // Rejecting asks for a reason the traveller will read (shown, then left; what it checks:
  // desk-dialogs.test.tsx).
  await card.getByRole('button', { name: t('transfers.reject') }).click();
  const rejectDialog = page.getByRole('dialog', { name: t('reject.title') });
  await expect(rejectDialog.getByRole('radio', { name: t('reject.reasons.other'), exact: true })).toBeVisible();
  await checkScreen(page, `desk-transfers-reject-${language}-${device}`);
  await rejectDialog.getByRole('button', { name: t('cancel') }).click();
  await expect(rejectDialog).toBeHidden();

  // Approve: the booking is paid and ticketed, and the e-ticket reaches the traveller's mailbox.
  await card.getByRole('button', { name: t('transfers.approve') }).click();
  const approveDialog = page.getByRole('dialog', { name: t('approve.title') });
  await approveDialog.getByRole('button', { name: t('approve.confirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: paid.reference })).toBeVisible();
  await expect(page.getByRole('article', { name: paid.reference })).toHaveCount(0);
  const eTicket = await waitForMail(travellerEmail, new RegExp(`e-ticket ${paid.reference}`, 'i'));
  expect(eTicket.attachments.map((a) => a.contentType)).toContain('application/pdf');

  // A second booking whose ticketing the airline refuses: issued by hand from the ticketing desk.
  const failingEmail = `hiba-${project}-${randomBytes(3).toString('hex')}@example.com`;
  // The same flights may be booked by every project's journey: each passenger is someone else.
  const failing = await heldWithReceipt(page, request, { first: `Hiba ${randomLetters()}`, last: 'TICKETFAIL' }, failingEmail);
  const approved = await request.post(`/api/v1/admin/transfers/${failing.receiptId}/approve`, {
    headers: staffHeaders,
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);
  expect((await approved.json()).booking.status).toBe('payment-confirmed');

  await page.goto(`/admin/ticketing?lang=${language}`);
  const ticketCard = page.getByRole('article', { name: failing.reference });
  await expect(ticketCard.getByText(t('ticketing.failed'))).toBeVisible();
  await checkScreen(page, `desk-ticketing-${language}-${device}`);
  await ticketCard.getByRole('button', { name: t('ticketing.manual') }).click();
  const manual = page.getByRole('dialog', { name: t('manual.title', { reference: failing.reference }) });
  await manual.getByRole('textbox', { name: t('manual.pnr') }).fill('xk7q2m');
  await manual.getByRole('textbox', { name: /TICKETFAIL/i }).fill('077 1234567890');
  await checkScreen(page, `desk-ticketing-manual-${language}-${device}`);
  await manual.getByRole('button', { name: t('manual.confirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: failing.reference })).toBeVisible();
  await expect(page.getByRole('article', { name: failing.reference })).toHaveCount(0);
  // The e-ticket itself, not the earlier e-mail saying the ticket is being issued by hand.
  const manualTicket = await waitForMail(failingEmail, new RegExp(`e-ticket ${failing.reference}`, 'i'));
  expect(manualTicket.text).toContain('0771234567890');
  expect(manualTicket.text).toContain('XK7Q2M');

  // The first booking is cancelled (the traveller's visa was refused) and refunded from the refunds screen.
  const canceled = await request.post(`/api/v1/admin/bookings/${paid.id}/cancel`, {
    headers: staffHeaders,
    data: { reason: 'Visa refused' },
  });
  expect(canceled.status(), await canceled.text()).toBe(200);
  await page.goto(`/admin/refunds?lang=${language}`);
  await expect(page.getByRole('heading', { level: 1, name: t('refunds.title') })).toBeVisible();
  const due = page.getByRole('region', { name: t('refunds.due') });
  const dueCard = due.locator('.mantine-Card-root').filter({ hasText: paid.reference });
  await expect(dueCard).toContainText(paid.reference);
  await checkScreen(page, `desk-refunds-due-${language}-${device}`);
  await dueCard.getByRole('button', { name: t('refunds.record') }).click();
  const refund = page.getByRole('dialog', { name: t('refund.title', { reference: paid.reference }) });
  await refund.getByRole('textbox', { name: t('refund.reference') }).fill('BNK-REF-7781');
  await checkScreen(page, `desk-refunds-record-${language}-${device}`);
  await refund.getByRole('button', { name: t('refund.confirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('refund.done') })).toBeVisible();
  const recorded = page.getByRole('region', { name: t('refunds.recorded') });
  await expect(recorded.getByRole('row').filter({ hasText: paid.reference })).toContainText('BNK-REF-7781');
  await checkScreen(page, `desk-refunds-${language}-${device}`);
  await waitForMail(travellerEmail, new RegExp(`(refunded|أعدنا).*${paid.reference}`));
  const after = (await (await request.get(`/api/v1/bookings/${paid.id}`)).json()) as { status: string };
  expect(after.status).toBe('refunded');
});
