import type { Page } from '@playwright/test';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr, trPattern } from './i18n';
import { bookAsGuest } from './support/booking-form';
import { firstAvailableOffer, nextOffersAnswer } from './support/offers-answer';
import { sharedStaffMember, type RealStaffMember } from './support/staff';

/**
 * Notices for travellers (issue 28): the desk writes one for the Port Sudan - Cairo route; a traveller
 * searching that route on a day the notice covers reads it, in their language, on the offers page
 * and again on the booking page before paying. Each project writes a notice of its own, and
 * withdraws it at the end so other journeys' pages stay as they were.
 */

const SHOTS = '/work/notes/shots';
const deviceOf = (project: string) => (project.endsWith('phone') ? 'phone' : 'desktop');
const sizeOf = (project: string) => (deviceOf(project) === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });

async function signIn(page: Page, session: RealStaffMember['session']) {
  await page.addInitScript((value) => localStorage.setItem('kwenda.staffSession', value), JSON.stringify(session));
}

test(
  'staff write a notice for PZU-CAI; a traveller searching PZU-CAI reads it on the offers and booking pages',
  { tag: '@both' },
  async ({ page, language }, info) => {
    // The desk, the offers and a booking, with four accessibility checks: 60 s on a slow 2-core machine.
    test.setTimeout(120_000);
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-notices:${key}`, vars);
    const device = deviceOf(info.project.name);
    await page.setViewportSize(sizeOf(info.project.name));
    const desk = await sharedStaffMember('agent-desk', 'Sara Desk');
    await signIn(page, desk.session);
    // A number of this run and project, so each project finds its own notice beside the other's.
    const tag = `${device === 'phone' ? 1 : 2}${Date.now() % 100_000}`;
    const textEn = `Egypt asks Sudanese travellers for a security approval before boarding (circular ${tag}).`;
    const textAr = `تطلب مصر من المسافرين السودانيين موافقة أمنية قبل الصعود إلى الطائرة (التعميم ${tag}).`;
    const travelDay = daysAhead(31);
    let noticeId: string | null = null;

    try {
      await page.goto(`/admin/notices?lang=${language}`);
      await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
      // The desk's menu leads here (a drawer behind the menu button on a phone).
      if (device === 'desktop')
        await expect(page.getByRole('link', { name: tr(language, 'admin:nav.notices') })).toHaveAttribute('aria-current', 'page');
      await page.getByRole('button', { name: t('form.open') }).click();
      const dialog = page.getByRole('dialog', { name: t('form.title') });
      await dialog.getByRole('textbox', { name: t('form.origin') }).fill('pzu');
      await dialog.getByRole('textbox', { name: t('form.destination') }).fill('CAI');
      await dialog.getByLabel(t('form.startsOn')).fill(daysAhead(28));
      await dialog.getByLabel(t('form.endsOn')).fill(daysAhead(35));
      await dialog.getByRole('textbox', { name: t('form.textAr') }).fill(textAr);
      await dialog.getByRole('textbox', { name: t('form.textEn') }).fill(textEn);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/notices-desk-form-${language}-${device}.png` });
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/admin/notices') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: t('form.submit') }).click();
      noticeId = ((await (await saved).json()) as { notice: { id: string } }).notice.id;
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'PZU ⇄ CAI' })).toBeVisible();

      // Not travelling yet: it is among the notices to come, with who wrote it.
      await page.getByText(t('views.coming'), { exact: true }).click();
      const card = page.getByRole('listitem').filter({ hasText: textEn });
      await expect(card).toContainText('PZU ⇄ CAI');
      await expect(card).toContainText(textAr);
      await expect(card).toContainText('Sara Desk');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/notices-desk-${language}-${device}.png`, fullPage: true });

      // A traveller searching the route on a day the notice covers: the offers page (rendered by the server).
      const answer = nextOffersAnswer(page);
      await page.goto(
        `/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${travelDay}&lang=${language}`,
      );
      const onOffers = page.getByRole('region', { name: tr(language, 'offers:notices.title') });
      await expect(onOffers).toContainText(language === 'ar' ? textAr : textEn);
      await expect(onOffers).not.toContainText(language === 'ar' ? textEn : textAr);
      const offers = (await answer).offers;
      await expect(page.getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') }).first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/notices-offers-${language}-${device}.png` });

      // The booking page says it again before paying.
      await bookAsGuest(page, language, firstAvailableOffer(offers));
      const onBooking = page.getByRole('region', { name: tr(language, 'booking:notices.title') });
      await expect(onBooking).toContainText(language === 'ar' ? textAr : textEn);
      await expect(page.getByRole('heading', { name: tr(language, 'booking:passengers.title') })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/notices-booking-${language}-${device}.png` });

      // The desk withdraws it: listed among the withdrawn, and travellers no longer read it.
      await page.goto(`/admin/notices?lang=${language}`);
      await page.getByText(t('views.coming'), { exact: true }).click();
      await page
        .getByRole('listitem')
        .filter({ hasText: textEn })
        .getByRole('button', { name: t('card.withdraw') })
        .click();
      const confirm = page.getByRole('dialog', { name: t('withdraw.title') });
      await expect(confirm).toContainText('PZU ⇄ CAI');
      await confirm.getByRole('button', { name: t('withdraw.confirm') }).click();
      await expect(confirm).toBeHidden();
      noticeId = null;
      await page.getByText(t('views.withdrawn'), { exact: true }).click();
      await expect(page.getByRole('listitem').filter({ hasText: textEn })).toContainText(t('card.withdrawn'));
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/notices-desk-withdrawn-${language}-${device}.png`, fullPage: true });
      const after = await page.request.get(`/api/v1/notices?origin=CAI&destination=PZU&date=${travelDay}`);
      expect(JSON.stringify(await after.json())).not.toContain(textEn);
    } finally {
      // Withdrawn even when the journey failed half-way, so other journeys' pages show no notice of this one.
      if (noticeId)
        await page.request.post(`/api/v1/admin/notices/${noticeId}/withdraw`, {
          headers: { authorization: `Bearer ${desk.jwt}` },
        });
    }
  },
);
