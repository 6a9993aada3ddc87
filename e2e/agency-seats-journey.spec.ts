import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr, trPattern } from './i18n';
import { bankakReceiptPng, transferFor } from './support/bankak-receipt';
import { familyName, fillPassenger } from './support/booking-form';
import { waitForMail } from './support/mailbox';
import { sharedStaffMember, signInOnDesk, type RealStaffMember } from './support/staff';
import { isPhone, journeyShot } from './support/shots';

/**
 * The agency's own seats from end to end (issue 28), every step on screen as people take it: the
 * owner imports the airline's sheet of a Tarco Port Sudan - Cairo flight with 5 seats on the seats
 * import screen; a traveller searching PZU-CAI on the home page finds it among the sandbox's offers,
 * books it and pays later with a transfer receipt; the desk approves the receipt; the booking waits on
 * the ticketing desk as the agency's to issue; staff enter the PNR and ticket number; the e-ticket
 * reaches a real SMTP mailbox; the flight's passenger list names the traveller and 4 seats are left.
 * Screenshots go to /work/notes/shots when that folder exists (the session's notes), else /tmp/kw/shots.
 */

const HEADER =
  'airline,flight_number,origin,destination,departure_time,arrival_time,days,from_date,to_date,cabin,seats,adult_fare,child_fare,infant_fare,currency,hold_bags,hold_kg,cabin_kg,refundable,refund_penalty,changeable,change_penalty,release_days';
/**
 * Each project flies a day of its own, which no other journey searches, so the projects (run side
 * by side against one server) never share seats and other journeys' offers stay as they were. The days
 * are four apart: the offers page's fare calendar asks for the days around the one searched, and the
 * agency's seats answer a search the same way for the rest of its minute, so a neighbour's calendar
 * asking for this day just before its flight is imported would hide the flight for that minute.
 */
const DAY_OF: Record<string, number> = { 'ar-phone': 44, 'en-desktop': 48, 'ar-desktop': 72, 'en-phone': 76 };
const sizeOf = (project: string) => (isPhone(project) ? { width: 390, height: 844 } : { width: 1280, height: 800 });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Six random Latin letters: passenger names take letters only. */
const randomLetters = () => [...randomBytes(6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');

const shot = (page: Page, name: string, project: string, fullPage = true) =>
  journeyShot(page, 'journey', name, project, fullPage);

/** The desk as `member` sees it: their session where the desk keeps it (they signed in on this device before). */
async function actAs(page: Page, member: RealStaffMember) {
  await page.evaluate((value) => localStorage.setItem('kwenda.staffSession', value), JSON.stringify(member.session));
}

/** Picks `date` in the search form's calendar, moving month by month from this one. */
async function pickDeparture(page: Page, language: string, date: string) {
  await page.getByRole('button', { name: new RegExp(tr(language, 'search:dates.departure')) }).click();
  const target = new Date(`${date}T12:00:00Z`);
  const today = new Date(`${daysAhead(0)}T12:00:00Z`);
  const monthsAhead = (target.getUTCFullYear() - today.getUTCFullYear()) * 12 + target.getUTCMonth() - today.getUTCMonth();
  for (let i = 0; i < monthsAhead; i++) await page.getByRole('button', { name: tr(language, 'search:dates.nextMonth') }).click();
  await page
    .locator('table button:not([data-outside]):not([data-hidden])')
    .filter({ hasText: new RegExp(`^${target.getUTCDate()}$`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`departureDate=${date}`));
}

test(
  "the agency's own Tarco seats: imported, found among the offers, paid by transfer, ticketed by staff, on the passenger list",
  { tag: '@both' },
  async ({ page, language }, info) => {
    test.setTimeout(240_000);
    const project = info.project.name;
    const seatsT = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-seats:${key}`, vars);
    const deskT = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-desk:${key}`, vars);
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
    await page.setViewportSize(sizeOf(project));

    const date = daysAhead(DAY_OF[project] ?? 48);
    // A flight number of this run (a database kept between runs already holds the earlier runs' flights).
    const number = String(7000 + (Date.now() % 3000));
    const code = `3T${number}`;
    const shownCode = `3T ${number}`;
    const first = `Amna ${randomLetters()}`;
    const last = familyName(project, 'agency seats');
    const email = `seats-${project}-${randomBytes(3).toString('hex')}@example.com`;
    const pnr = `T3${randomLetters().slice(0, 4)}`;
    const ticketNumber = `244${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;

    // 1. The owner imports the airline's sheet on the seats import screen: one date, 5 seats, $180 an adult.
    const owner = await sharedStaffMember('owner', 'Amna Owner');
    const desk = await sharedStaffMember('agent-desk', 'Hamid Desk');
    await page.goto(`/admin/seats/import?lang=${language}`);
    await signInOnDesk(page, owner, language);
    await expect(page.getByRole('heading', { level: 1, name: seatsT('import.title') })).toBeVisible();
    const line = `3T,${number},PZU,CAI,10:15,12:25,1234567,${date},${date},economy,5,180,135,18,USD,1,23,7,true,40,true,20,3`;
    await page.locator('input[type="file"]').setInputFiles({
      name: 'tarco-pzu-cai.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${HEADER}\r\n${line}\r\n`),
    });
    await page.getByRole('button', { name: seatsT('import.check') }).click();
    await expect(page.getByTestId('dry-run-summary')).toHaveText(seatsT('import.wouldChange', { created: 1, changed: 0 }));
    await page.getByRole('button', { name: seatsT('import.confirm', { count: 1 }) }).click();
    await expect(page.getByTestId('import-done')).toContainText(seatsT('import.done', { created: 1, changed: 0 }));

    // 2. A traveller searches Port Sudan -> Cairo on that day from the home page.
    await page.goto(`/?lang=${language}`);
    await page.getByRole('button', { name: new RegExp(t('search:airport.from')) }).click();
    await page.getByRole('combobox', { name: t('search:airport.from') }).fill('PZU');
    await page.keyboard.press('Enter');
    // The list and its matcher load at the first touch: Enter picks once they are here.
    await expect(page).toHaveURL(/departureStation=PZU/);
    await page.getByRole('button', { name: new RegExp(`^${t('search:airport.to')}`) }).click();
    await page.getByRole('combobox', { name: t('search:airport.to') }).fill('CAI');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/destinationStation=CAI/);
    await pickDeparture(page, language, date);
    await page.getByRole('button', { name: t('search:form.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`/offers\\?.*departureStation=PZU&destinationStation=CAI&departureDate=${date}`));

    // The Tarco flight among the sandbox's offers, in one list, with its bag and conditions.
    const cards = page.locator('article');
    const tarco = cards.filter({ hasText: shownCode });
    await expect(tarco).toHaveCount(1);
    await expect(tarco).toContainText(/PZU/);
    await expect(tarco).toContainText(/CAI/);
    await expect(tarco.locator('img').first()).toHaveAttribute('src', /\/airlines\/3T\.png/);
    await expect
      .poll(() => cards.filter({ hasNotText: shownCode }).count(), { message: 'other offers beside Tarco' })
      .toBeGreaterThan(2);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'offers', project);

    // 3. Booked as a guest, one adult; pay later.
    await tarco.getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') }).click();
    const prompt = page.getByRole('dialog', { name: t('offers:loginPrompt.title') });
    await prompt.getByRole('button', { name: t('offers:loginPrompt.guest') }).click();
    await page.waitForURL(/\/booking\/bk_/);
    const bookingUrl = new URL(page.url());
    await expect(page.getByRole('heading', { name: t('booking:passengers.title') })).toBeVisible();
    // Tarco gives seats at check-in: no seat map is offered (the supplier has none to show).
    await expect(page.getByRole('button', { name: t('booking:trip.seatMap') })).toHaveCount(0);
    await fillPassenger(page, language, 'adult', { first, last, born: '1988-09-21', gender: 'F' });
    await page.getByRole('textbox', { name: t('booking:contact.email') }).fill(email);
    await page.getByRole('textbox', { name: t('booking:contact.mobile') }).fill('0912345678');
    await page.getByRole('button', { name: t('booking:submit') }).click();
    await expect(page.getByRole('heading', { name: t('booking:payment.title') })).toBeVisible();
    await page.getByRole('radio', { name: t('booking:payment.later') }).check();
    await page.getByRole('button', { name: new RegExp(t('booking:payment.continue')) }).click();
    await expect(page.getByRole('heading', { name: t('booking:final.heldTitle') })).toBeVisible();
    const reference = (await page.getByTestId('booking-reference').textContent())!.trim();
    expect(reference).toMatch(/^KW[A-Z2-9]{6}$/);

    // The transfer receipt (the Bankak app's, with what the booking asks for), uploaded from the final screen with its number.
    const bookingId = /\/booking\/(bk_[^/?#]+)/.exec(bookingUrl.pathname)![1]!;
    const paid = await transferFor(page, bookingId, reference);
    const png = await bankakReceiptPng(page, paid, { layout: language === 'ar' ? 'ar' : 'en', dateFormat: 1 });
    await page.locator('input[type=file]').setInputFiles({ name: 'bankak.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('transaction-number').fill(paid.transactionNumber);
    await page.getByRole('button', { name: t('booking:receipt.upload') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('booking:receipt.uploaded') })).toBeVisible();

    // 4. The desk approves the receipt.
    await actAs(page, desk);
    await page.goto(`/admin/transfers?lang=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: deskT('transfers.title') })).toBeVisible();
    const transfer = page.getByRole('article', { name: reference });
    await transfer.getByRole('button', { name: deskT('transfers.approve') }).click();
    await page
      .getByRole('dialog', { name: deskT('approve.title') })
      .getByRole('button', { name: deskT('approve.confirm') })
      .click();
    await expect(page.getByRole('status').filter({ hasText: reference })).toBeVisible();
    await expect(page.getByRole('article', { name: reference })).toHaveCount(0);

    // The traveller's final screen: paid, and the agency issues the ticket with the airline (nothing failed).
    await page.goto(`${bookingUrl.pathname}${bookingUrl.search}`);
    const issuing = page.getByTestId('manual-ticketing');
    await expect(issuing.getByRole('heading', { name: t('booking:final.agencyTitle') })).toBeVisible();
    await expect(page.getByText(t('booking:final.manualTitle'))).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'final-agency', project);
    // And by e-mail: the agency issues the ticket in the airline's own system.
    const told = await waitForMail(email, new RegExp(`Payment received for ${reference}`));
    expect(told.text).toContain('in the airline’s own system');
    expect(told.text).not.toContain('did not issue the ticket automatically');

    // 5. The booking waits on the ticketing desk as the agency's to issue: no retry, only the manual path.
    await page.goto(`/admin/ticketing?lang=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: deskT('ticketing.title') })).toBeVisible();
    const waiting = page.getByRole('article', { name: reference });
    await expect(waiting.getByText(deskT('ticketing.byAgency'))).toBeVisible();
    await expect(waiting).toContainText('PZU → CAI');
    await expect(waiting.getByRole('button', { name: deskT('ticketing.retry') })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'desk-ticketing', project);

    // Staff issue it in Tarco's system and enter the PNR and the ticket number.
    await waiting.getByRole('button', { name: deskT('ticketing.manual') }).click();
    const manual = page.getByRole('dialog', { name: deskT('manual.title', { reference }) });
    await manual.getByRole('textbox', { name: deskT('manual.pnr') }).fill(pnr);
    await manual.getByRole('textbox', { name: new RegExp(escape(last), 'i') }).fill(ticketNumber);
    await manual.getByRole('button', { name: deskT('manual.confirm') }).click();
    await expect(page.getByRole('status').filter({ hasText: reference })).toBeVisible();
    await expect(page.getByRole('article', { name: reference })).toHaveCount(0);

    // 6. The e-ticket reaches the traveller's mailbox, over SMTP, with the PNR and the ticket number.
    const eTicket = await waitForMail(email, new RegExp(`e-ticket ${reference}`, 'i'));
    expect(eTicket.text).toContain(ticketNumber);
    expect(eTicket.text).toContain(pnr);
    expect(eTicket.attachments.map((a) => a.contentType)).toContain('application/pdf');

    // 7. The flight on the seats screen: 1 sold, 4 left; its passenger list names the traveller as in the passport.
    await page.goto(`/admin/seats?lang=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: seatsT('title') })).toBeVisible();
    // The period first ends, then starts, on the flight's day (never a last day before the first).
    await page.getByLabel(seatsT('list.to'), { exact: true }).fill(date);
    await page.getByLabel(seatsT('list.from'), { exact: true }).fill(date);
    await page.getByLabel(seatsT('list.airline')).fill('3T');
    const list = isPhone(project) ? page.getByTestId('seat-flight-card') : page.getByTestId('seat-flight-row');
    const ours = list.filter({ has: page.getByTestId('flight-code').getByText(code, { exact: true }) });
    await expect(ours).toHaveCount(1);
    await expect(ours.getByTestId('seats-left')).toHaveText('4');
    await shot(page, 'seats-left', project);

    await ours.getByRole('link', { name: new RegExp(`^${escape(seatsT('list.manifestLabel', { flight: code }))}`) }).click();
    await expect(page).toHaveURL(/\/admin\/seats\/ald_[^/]+\/manifest/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
    await expect(page.getByTestId('manifest-count')).toHaveText('1');
    const sheet = page.getByTestId(isPhone(project) ? 'manifest-cards' : 'manifest-table');
    // Surname first, as the passport's machine-readable line puts it, in capitals as the passport prints it
    // (the traveller typed "Osman …/Amna …").
    await expect(sheet.getByTestId('passport-name')).toHaveText([`${last}/${first}`.toUpperCase()]);
    // The long name wraps: the page is never wider than the screen (the menu's Sign out stays in view).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await expect(sheet).toContainText(pnr);
    await expect(sheet).toContainText(ticketNumber);
    await expect(sheet).toContainText(reference);
    await shot(page, 'manifest', project);

    // The traveller's page now shows the ticket.
    await page.goto(`${bookingUrl.pathname}${bookingUrl.search}`);
    await expect(page.getByRole('heading', { name: new RegExp(t('booking:final.confirmedTitle')) })).toBeVisible();
    await expect(page.getByTestId('pnr')).toHaveText(pnr);
  },
);
