import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr } from './i18n';
import { sharedStaffMember, signInOnDesk } from './support/staff';
import { isPhone, journeyShot } from './support/shots';

/**
 * The desk's seats screens (issue 28), as the agency's owner uses them: signs in, checks the airline's
 * sheet of a Tarco Port Sudan - Cairo flight with 5 seats a day (a dry run, after a sheet with a
 * mistake is refused line by line), imports it, sees the dated flights with 5 seats left, gives one
 * date a sixth seat, and opens that date's passenger list. Screenshots of each screen go to
 * /work/notes/shots when that folder exists (the session's notes), else to /tmp/kw/shots.
 */

/** Each project imports a flight number of its own: the projects run side by side against one server. */
const FLIGHT_OF: Record<string, string> = { 'ar-phone': '212', 'en-desktop': '214', 'ar-desktop': '216', 'en-phone': '218' };
const sizeOf = (project: string) => (isPhone(project) ? { width: 390, height: 844 } : { width: 1280, height: 800 });
const HEADER =
  'airline,flight_number,origin,destination,departure_time,arrival_time,days,from_date,to_date,cabin,seats,adult_fare,child_fare,infant_fare,currency,hold_bags,hold_kg,cabin_kg,refundable,refund_penalty,changeable,change_penalty,release_days';

const shot = (page: Page, name: string, project: string) => journeyShot(page, 'seats', name, project, name !== 'edit');

test.describe("the agency's seats on the desk", () => {
  test('@both the owner imports a Tarco sheet, sees 5 seats left, changes a date and opens its passenger list', async ({
    page,
    language,
    problems,
  }, info) => {
    test.setTimeout(120_000);
    const project = info.project.name;
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-seats:${key}`, vars);
    const number = FLIGHT_OF[project] ?? '219';
    // Where a problem is, as the screen says it: the column's own label unless it only repeats the name.
    const where = (line: number, column: string) => {
      const label = t(`columns.${column}`);
      return label.toLowerCase() === column.replace(/_/g, ' ')
        ? t('problems.lineColumnBare', { line, column })
        : t('problems.lineColumn', { line, column, label });
    };
    const code = `3T${number}`;
    const from = daysAhead(20);
    const to = daysAhead(26);
    // Every day of a week: seven dated flights, 5 seats each, $420 an adult.
    const line = `3T,${number},PZU,CAI,13:30,15:40,1234567,${from},${to},economy,5,420,315,42,USD,1,23,7,true,60,true,25,3`;
    await page.setViewportSize(sizeOf(project));

    const owner = await sharedStaffMember('owner', 'Amna Owner');
    await page.goto(`/admin/seats/import?lang=${language}`);
    await signInOnDesk(page, owner, language);
    await expect(page).toHaveURL(/\/admin\/seats\/import/);
    await expect(page.getByRole('heading', { level: 1, name: t('import.title') })).toBeVisible();
    // The section is in the desk's menu (on a phone, behind the menu button).
    if (!isPhone(project)) await expect(page.getByRole('link', { name: tr(language, 'admin:nav.seats') })).toBeVisible();

    // A sheet with mistakes is refused whole, each bad line and column named in the desk's language.
    await page.getByText(t('import.fromPaste'), { exact: true }).click();
    const bad = `${HEADER}\n${line.replace(',420,', ',0,')}\n3T,${number},PZU,XXX,25:00,15:40,1234567,${from},${to},economy,5,420,315,42,USD,1,23,7,true,60,true,25,3\n`;
    await page.getByRole('textbox', { name: t('import.paste') }).fill(bad);
    await page.getByRole('button', { name: t('import.check') }).click();
    const refused = page.getByTestId('sheet-problems');
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(t('problems.title', { count: 3 }));
    const items = refused.getByTestId('sheet-problem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText(`${where(2, 'adult_fare')}: ${t('problems.codes.invalid_amount')}`);
    await expect(items.nth(1)).toContainText(where(3, 'destination'));
    await expect(items.nth(2)).toContainText(where(3, 'departure_time'));
    await shot(page, 'import-errors', project);
    // The refusal was the answer asked for (its 400 is in the console), and the only one.
    expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
    problems.length = 0;

    // The sheet as a file: checked first (nothing saved), then imported.
    await page.getByText(t('import.fromFile'), { exact: true }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'tarco-pzu-cai.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${HEADER}\r\n${line}\r\n`),
    });
    await page.getByRole('button', { name: t('import.check') }).click();
    const summary = page.getByTestId('dry-run-summary');
    await expect(summary).toHaveText(t('import.wouldChange', { created: 7, changed: 0 }));
    const rows = isPhone(project)
      ? page.getByTestId('dry-run-cards').getByRole('listitem')
      : page.getByTestId('dry-run-table').locator('tbody tr');
    await expect(rows).toHaveCount(7);
    await expect(rows.first()).toContainText(code);
    await expect(rows.first()).toContainText('PZU → CAI');
    await shot(page, 'import-dry-run', project);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t('import.confirm', { count: 7 }) }).click();
    await expect(page.getByTestId('import-done')).toContainText(t('import.done', { created: 7, changed: 0 }));

    // The dated flights: 5 seats left on each of the seven days.
    await page
      .getByTestId('import-done')
      .getByRole('link', { name: t('import.toFlights') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
    await page.getByLabel(t('list.origin')).fill('PZU');
    await page.getByLabel(t('list.destination')).fill('CAI');
    await page.getByLabel(t('list.airline')).fill('3T');
    const list = isPhone(project) ? page.getByTestId('seat-flight-card') : page.getByTestId('seat-flight-row');
    const ours = list.filter({ has: page.getByTestId('flight-code').getByText(code, { exact: true }) });
    await expect(ours).toHaveCount(7);
    for (const left of await ours.getByTestId('seats-left').allTextContents()) expect(left).toBe('5');
    await expect(ours.first().getByTestId('sale-state')).toHaveText(t('state.onSale'));
    await shot(page, 'flights', project);

    // One date gets a sixth seat.
    const first = ours.first();
    await first.getByRole('button', { name: new RegExp(`^${t('list.edit')} ${code}`) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const seats = dialog.getByRole('textbox', { name: t('edit.seats') });
    await expect(seats).toHaveValue('5');
    await shot(page, 'edit', project);
    expect(await axeViolations(page)).toEqual([]);
    await seats.fill('6');
    await dialog.getByRole('button', { name: t('edit.save') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: code })).toBeVisible();
    await expect(first.getByTestId('seats-left')).toHaveText('6');
    await expect(ours.nth(1).getByTestId('seats-left')).toHaveText('5');

    // The whole flight paused (every date), then on sale again.
    await first
      .getByRole('button', {
        name: new RegExp(`^${t('list.moreLabel', { flight: code }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      })
      .click();
    await page.getByRole('menuitem', { name: t('list.pauseFlight', { flight: code }) }).click();
    await expect(page.getByRole('status').filter({ hasText: t('list.paused', { flight: code, count: 7 }) })).toBeVisible();
    await expect(ours.getByTestId('sale-state')).toHaveText(Array(7).fill(t('state.flightPaused')));
    await first
      .getByRole('button', {
        name: new RegExp(`^${t('list.moreLabel', { flight: code }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      })
      .click();
    await page.getByRole('menuitem', { name: t('list.resumeFlight', { flight: code }) }).click();
    await expect(ours.getByTestId('sale-state')).toHaveText(Array(7).fill(t('state.onSale')));

    // Its passenger list: no one has booked yet.
    await first.getByRole('link', { name: new RegExp(`^${t('list.manifestLabel', { flight: code })}`) }).click();
    await expect(page).toHaveURL(/\/admin\/seats\/ald_[^/]+\/manifest/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(t('manifest.title'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
    await expect(page.getByTestId('manifest-count')).toHaveText('0');
    await expect(page.getByText(t('manifest.empty'))).toBeVisible();
    // The CSV the airline's office takes: its header line even before anyone books.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t('list.downloadCsv') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^manifest-${code}-PZU-CAI-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split(/\r?\n/)[0]).toMatch(/^booking_reference,booking_status,pnr,ticket_number,last_name,first_name/);
    await shot(page, 'manifest-empty', project);
  });

  test('@both the passenger list: names as in the passport, documents, contact, bags, PNR and tickets; on paper too', async ({
    page,
    language,
  }, info) => {
    const project = info.project.name;
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-seats:${key}`, vars);
    await page.setViewportSize(sizeOf(project));
    const owner = await sharedStaffMember('owner', 'Amna Owner');
    await page.addInitScript((value) => localStorage.setItem('kwenda.staffSession', value), JSON.stringify(owner.session));
    // A fixed answer: a flight three travellers booked (the journey above has none yet).
    const id = 'ald_fixedmanifest0001';
    await page.route(`**/api/v1/admin/allotments/flights/${id}/manifest`, (route) => route.fulfill({ json: FIXED_MANIFEST(id) }));
    await page.goto(`/admin/seats/${id}/manifest?lang=${language}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('3T212');
    const names = page.getByTestId(isPhone(project) ? 'manifest-cards' : 'manifest-table').getByTestId('passport-name');
    await expect(names).toHaveText(['ELTAYEB/MOHAMED AHMED', 'ELTAYEB/SARA', 'OSMAN/FATIMA', LONG_NAME]);
    // Names, documents and numbers keep their left-to-right order in Arabic.
    await expect(names.first()).toHaveAttribute('dir', 'ltr');
    // A long name wraps: nothing makes the page wider than the screen, and the last column is in view.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    const width = sizeOf(project).width;
    for (const box of [
      await names.last().boundingBox(),
      await page.getByRole('button', { name: t('manifest.print') }).boundingBox(),
    ]) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    if (!isPhone(project)) {
      const wrap = await page.getByTestId('manifest-table').evaluate((table) => {
        const box = table.parentElement!.getBoundingClientRect();
        return { scrolls: table.parentElement!.scrollWidth - table.parentElement!.clientWidth, left: box.left, right: box.right };
      });
      // The table fits its box on a desktop: no column cut off (booking, PNR and ticket last).
      expect(wrap.scrolls).toBeLessThanOrEqual(0);
      expect(wrap.left).toBeGreaterThanOrEqual(0);
      expect(wrap.right).toBeLessThanOrEqual(width);
    }
    // The PNR's label and code apart: the code alone in its left-to-right isolate.
    const pnr = page
      .getByTestId(isPhone(project) ? 'manifest-cards' : 'manifest-table')
      .getByTestId('manifest-pnr')
      .first();
    await expect(pnr.locator('bdi[dir="ltr"]')).toHaveText('X7K2LM');
    await expect(pnr.locator('span').first()).toHaveText(t('manifest.pnr'));
    if (language === 'ar') {
      // Right to left: the label on the right, the code on its left.
      const label = (await pnr.locator('span').first().boundingBox())!;
      const code = (await pnr.locator('bdi[dir="ltr"]').boundingBox())!;
      expect(code.x + code.width).toBeLessThanOrEqual(label.x);
    }
    await shot(page, 'manifest', project);
    expect(await axeViolations(page)).toEqual([]);
    // On paper: the sheet alone, the table whatever the width.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('manifest-table')).toBeVisible();
    await expect(page.getByRole('button', { name: t('manifest.print') })).toBeHidden();
    await shot(page, 'manifest-print', project);
    await page.emulateMedia({ media: 'screen' });

    // The list with every state a date can be in (a fixed answer): none left in red, each badge.
    const base = FIXED_MANIFEST(id).datedFlight;
    const states = [
      { ...base, id: 'ald_fixedstate0000001' },
      {
        ...base,
        id: 'ald_fixedstate0000002',
        departureDate: '2026-12-20',
        seats: { allocated: 5, held: 1, sold: 4, left: 0 },
        bookable: false,
      },
      {
        ...base,
        id: 'ald_fixedstate0000003',
        departureDate: '2026-12-21',
        departureTime: '23:10',
        arrivalTime: '01:20',
        arrivalDayOffset: 1,
        onSale: false,
        bookable: false,
      },
      { ...base, id: 'ald_fixedstate0000004', departureDate: '2026-12-22', flightOnSale: false, bookable: false },
      {
        ...base,
        id: 'ald_fixedstate0000005',
        departureDate: '2026-12-23',
        cancelled: true,
        cancelledAt: '2026-11-28T10:00:00.000Z',
        bookable: false,
      },
      {
        ...base,
        id: 'ald_fixedstate0000006',
        airline: { iataCode: 'J4', nameEn: 'Badr Airlines', nameAr: 'بدر للطيران', logo: '/airlines/J4.png' },
        flightNumber: '341',
        destination: 'JED',
        departureDate: '2026-12-02',
        salesClosed: true,
        bookable: false,
      },
    ];
    await page.route(/\/api\/v1\/admin\/allotments\/flights(\?.*)?$/, (route) =>
      route.fulfill({ json: { from: '2026-11-28', to: '2026-12-28', truncated: false, datedFlights: states } }),
    );
    await page.goto(`/admin/seats?lang=${language}`);
    const list = isPhone(project) ? page.getByTestId('seat-flight-card') : page.getByTestId('seat-flight-row');
    await expect(list).toHaveCount(6);
    await expect(list.getByTestId('sale-state')).toHaveText(
      ['onSale', 'soldOut', 'datePaused', 'flightPaused', 'cancelled', 'salesClosed'].map((state) => t(`state.${state}`)),
    );
    await shot(page, 'flights-states', project);
    expect(await axeViolations(page)).toEqual([]);
  });
});

/** A name longer than a phone is wide (43 characters with the slash), as the passport prints it. */
const LONG_NAME = 'ABDELRAHMAN-ELMUBARAK/MOHAMED-ALAMEEN OSMAN';

const FIXED_MANIFEST = (id: string) => {
  const passenger = {
    bookingId: 'bk_fixed1',
    bookingReference: 'KWT7Q2',
    bookingStatus: 'ticketed',
    pnr: 'X7K2LM',
    ticketNumber: '9272400012345',
    passengerType: 'adult',
    dateOfBirth: '1984-03-12',
    gender: 'M',
    nationality: 'SD',
    documentExpiryDate: '2030-05-01',
    email: 'mohamed.eltayeb@example.com',
    mobile: '+249912345678',
    bags: { includedPieces: 1, holdKg: 23, cabinKg: 7, extraPieces: 1 },
  };
  return {
    datedFlight: {
      id,
      flightId: 'alf_fixedmanifest0001',
      airline: { iataCode: '3T', nameEn: 'Tarco Aviation', nameAr: 'تاركو للطيران', logo: '/airlines/3T.png' },
      flightNumber: '212',
      origin: 'PZU',
      destination: 'CAI',
      departureDate: '2026-12-18',
      departureTime: '13:30',
      arrivalTime: '15:40',
      arrivalDayOffset: 0,
      arrivalDate: '2026-12-18',
      cabin: 'economy',
      currency: 'USD',
      fares: { adult: 420, child: 315, infant: 42 },
      ownFares: { adult: null, child: null, infant: null },
      seats: { allocated: 5, held: 0, sold: 2, left: 3 },
      infants: { taken: 1, limit: 10 },
      onSale: true,
      flightOnSale: true,
      bookable: true,
      cancelled: false,
      cancelledAt: null,
      releaseDays: 3,
      releaseAt: '2026-12-15T13:30:00',
      releaseAtUtc: '2026-12-15T11:30:00.000Z',
      salesClosed: false,
      updatedBy: 'Amna Owner',
      updatedAt: '2026-11-28T10:00:00.000Z',
    },
    passengers: [
      { ...passenger, passengerId: 'ps_1', firstName: 'MOHAMED AHMED', lastName: 'ELTAYEB', documentNumber: 'P04512398' },
      {
        ...passenger,
        passengerId: 'ps_2',
        passengerType: 'infant',
        firstName: 'SARA',
        lastName: 'ELTAYEB',
        dateOfBirth: '2026-02-02',
        gender: 'F',
        documentNumber: 'P09911872',
        ticketNumber: '9272400012346',
        bags: { includedPieces: 0, holdKg: 0, cabinKg: 0, extraPieces: 0 },
      },
      {
        ...passenger,
        bookingId: 'bk_fixed2',
        bookingReference: 'KWM4X9',
        bookingStatus: 'paid',
        pnr: null,
        ticketNumber: null,
        passengerId: 'ps_3',
        firstName: 'FATIMA',
        lastName: 'OSMAN',
        gender: 'F',
        dateOfBirth: '1991-07-30',
        documentNumber: 'P07731120',
        email: 'fatima.osman@example.com',
        mobile: '+201001234567',
        bags: { includedPieces: 1, holdKg: 23, cabinKg: 7, extraPieces: 0 },
      },
      {
        ...passenger,
        bookingId: 'bk_fixed3',
        bookingReference: 'KWL0NG',
        passengerId: 'ps_4',
        firstName: 'MOHAMED-ALAMEEN OSMAN',
        lastName: 'ABDELRAHMAN-ELMUBARAK',
        documentNumber: 'P02288110',
        email: 'mohamed-alameen.abdelrahman-elmubarak@example.com',
      },
    ],
    generatedAt: '2026-11-28T20:50:00.000Z',
  };
};
