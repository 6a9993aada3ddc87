import type { Page } from '@playwright/test';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr, trPattern } from './i18n';
import { mailTo, waitForMail } from './support/mailbox';
import { siteNav } from './support/site-nav';

/** Every project gets its own address, and every run too (the database lives for the whole run). */
const uniqueEmail = (label: string, project: string) =>
  `${label}-${project}-${Date.now().toString(36)}@example.com`.toLowerCase();

/** Clicks one of the header's account links or buttons (on a phone in the menu); on a phone waits for the menu to finish closing (axe would read it half faded). */
async function followAccountLink(page: Page, language: string, project: string, role: 'link' | 'button', name: string) {
  const links = await siteNav(page, language, project);
  await links.getByRole(role, { name }).click();
  if (project.includes('phone')) await expect(page.getByRole('dialog')).toBeHidden();
}

async function codeFrom(email: string) {
  const mail = await waitForMail(email, /Kwenda code/);
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

test('sign up with an e-mailed code, edit the profile, log out, reset the password once, log in', async ({
  page,
  language,
  problems,
}, testInfo) => {
  // Sign-up, profile, log-out, two "forgot password" answers, reset twice and log-in: 2 minutes on a busy machine.
  test.setTimeout(180_000);
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  const project = testInfo.project.name;
  const email = uniqueEmail('signup', project);
  const name = 'Amna Osman';
  const field = (key: string) => page.getByRole('textbox', { name: t(`auth:fields.${key}`), exact: true });

  await page.goto(`/signup?lang=${language}`);
  await expect(page.getByRole('heading', { name: t('auth:signup.title') })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // A name past the limit is refused with the limit named, under the name.
  await field('fullName').fill('ا'.repeat(300));
  await field('email').fill(email);
  await field('password').fill('Nile-Sunrise-2026');
  await field('passwordConfirmation').fill('Nile-Sunrise-2025');
  await page.getByRole('button', { name: t('auth:signup.submit') }).click();
  await expect(page.getByText(t('auth:signup.errors.too_long', { max: 120 }))).toBeVisible();
  await field('fullName').fill(name);
  await page.getByRole('button', { name: t('auth:signup.submit') }).click();
  // The server's mismatch code, shown by the confirmation; typing in the confirmation clears it.
  const mismatch = page.getByRole('alert').filter({ hasText: t('auth:signup.errors.PASSWORD_CONFIRMATION_MISMATCH') });
  await expect(mismatch).toBeVisible();
  await field('passwordConfirmation').fill('Nile-Sunrise-2026');
  await expect(mismatch).toBeHidden();
  await page.getByRole('button', { name: t('auth:signup.submit') }).click();

  // email_confirmation: the code from a real SMTP server; a wrong one first.
  await expect(page.getByRole('heading', { name: t('auth:confirm.title') })).toBeVisible();
  await expect(page.getByText(t('auth:confirm.sentTo', { email }))).toBeVisible();
  const code = await codeFrom(email);
  const codeInput = page.getByRole('textbox', { name: t('auth:confirm.code') });
  await expect(codeInput).toHaveAttribute('placeholder', 'XXXXXX');
  await codeInput.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: t('auth:confirm.submit'), exact: true }).click();
  await expect(page.getByText(t('errors:codes.INVALID_CODE'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await codeInput.fill(code);
  await page.getByRole('button', { name: t('auth:confirm.submit'), exact: true }).click();

  // Logged in: home with a welcome message, the profile link carries the name.
  await expect(page.getByText(t('auth:welcome', { name }))).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('kwenda.session') ?? 'null'));
  expect(stored).toMatchObject({ user: { email, fullName: name } });
  await followAccountLink(page, language, project, 'link', name);

  // Profile: details, then the numbers (+249 by default, digits only; a bad one refused).
  await expect(page.getByRole('heading', { name: t('auth:profile.greeting', { name }) })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(t('auth:profile.active'))).toBeVisible();
  await expect(page.getByText(t('auth:profile.noBookings'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: t('auth:profile.edit') }).click();
  const mobile = page.getByRole('textbox', { name: t('auth:fields.mobile') });
  const whatsapp = page.getByRole('textbox', { name: t('auth:fields.whatsapp') });
  await mobile.fill('09-12 abc 345678');
  await expect(mobile).toHaveValue('912345678');
  await whatsapp.fill('123');
  await page.getByRole('button', { name: t('auth:profile.save') }).click();
  await expect(page.getByText(t('auth:profile.invalidPhone'))).toBeVisible();
  await whatsapp.fill('٠٩١٢٣٤٥٦٧٩'); // Arabic-Indic digits, as typed on many Sudanese phones
  await page.getByRole('button', { name: t('auth:profile.save') }).click();
  await expect(page.getByText(t('auth:profile.saved'))).toBeVisible();
  await expect(page.getByText('+249912345678')).toBeVisible();
  await expect(page.getByText('+249912345679')).toBeVisible();
  await page.reload();
  await expect(page.getByText('+249912345679')).toBeVisible();

  // Log out: the token stops working on the server too.
  const jwt = (await page.evaluate(() => JSON.parse(localStorage.getItem('kwenda.session')!).jwt)) as string;
  await followAccountLink(page, language, project, 'button', t('nav.logout'));
  await expect(page.getByRole('heading', { name: t('auth:logout.title') })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('kwenda.session'))).toBeNull();
  const after = await page.request.get('/api/v1/account', { headers: { authorization: `Bearer ${jwt}` } });
  expect(after.status()).toBe(401);
  expect(await axeViolations(page)).toEqual([]);

  // Forgotten password: a link by e-mail that works once.
  await page.getByRole('link', { name: t('auth:logout.login') }).click();
  await page.getByRole('link', { name: t('auth:login.forgot') }).click();
  await expect(page.getByRole('heading', { name: t('auth:forgot.title') })).toBeVisible();
  const forgotEmail = page.getByRole('textbox', { name: t('auth:fields.email'), exact: true });
  // An address without an account gets the same answer (and no e-mail): it does not tell who has an account.
  const nobody = `nobody-${email}`;
  await forgotEmail.fill(nobody);
  await page.getByRole('button', { name: t('auth:forgot.submit') }).click();
  await expect(page.getByText(t('auth:forgot.sent', { email: nobody }))).toBeVisible();
  await expect(page.getByText(t('auth:forgot.noMail'))).toBeVisible();
  await page.goto(`/forgot_password?lang=${language}`);
  await forgotEmail.fill(email);
  await page.getByRole('button', { name: t('auth:forgot.submit') }).click();
  await expect(page.getByText(t('auth:forgot.sent', { email }))).toBeVisible();
  const resetMail = await waitForMail(email, /Reset your Kwenda password/);
  expect(await mailTo(nobody)).toEqual([]);
  const link = new URL(/https?:\/\/\S+\/password_reset\/[\w-]+/.exec(resetMail.text)![0]);
  await page.goto(`${link.pathname}?lang=${language}`);
  await expect(page.getByRole('heading', { name: t('auth:reset.title') })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await field('newPassword').fill('Blue-Nile-Morning-7');
  await field('passwordConfirmation').fill('Blue-Nile-Morning-7');
  await page.getByRole('button', { name: t('auth:reset.submit') }).click();
  await expect(page.getByText(t('auth:reset.done'))).toBeVisible();

  await page.goto(`${link.pathname}?lang=${language}`);
  await expect(page.getByRole('heading', { name: t('auth:reset.title') })).toBeVisible();
  await field('newPassword').fill('Another-Password-99');
  await field('passwordConfirmation').fill('Another-Password-99');
  await page.getByRole('button', { name: t('auth:reset.submit') }).click();
  await expect(page.getByText(t('errors:codes.ALREADY_USED_TOKEN'))).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto(`/login?lang=${language}`);
  await expect(page.getByRole('heading', { name: t('auth:login.title') })).toBeVisible();
  await field('email').fill(email);
  await field('password').fill('Nile-Sunrise-2026');
  await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
  await expect(page.getByText(t('errors:codes.INVALID_CREDENTIALS'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await field('password').fill('Blue-Nile-Morning-7');
  await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
  await expect(page.getByText(t('auth:welcome', { name }))).toBeVisible();
  // The browser logs each refused call (wrong code, bad number, unknown e-mail, used link, old password) itself; nothing else may be there.
  expect(problems.filter((p) => !/status of (400|401|404|409)/.test(p))).toEqual([]);
  problems.length = 0;
});

test(
  'log in before confirming: refused like a wrong password, the way to the code sends nothing, and the code with the password works',
  { tag: '@en-desktop' },
  async ({ page, language, problems }, testInfo) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
    const email = uniqueEmail('unconfirmed', testInfo.project.name);
    const password = 'White-Nile-Dawn-31';
    // An address of its own: the two codes sent here do not use up the run's allowance (codes per address).
    const address = `10.13.${testInfo.parallelIndex % 250}.${1 + Math.floor(Math.random() * 250)}`;
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address });
    expect(
      (
        await page.request.post('/api/v1/auth/register', {
          data: { payload: { fullName: 'Hiba Yousif', email, password, passwordConfirmation: password } },
        })
      ).ok(),
    ).toBe(true);
    const code = await codeFrom(email);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/otp/resend')) asked.push(request.url());
    });

    await page.goto(`/login?lang=${language}`);
    await page.getByRole('textbox', { name: t('auth:fields.email'), exact: true }).fill(email);
    await page.getByRole('textbox', { name: t('auth:fields.password'), exact: true }).fill(password);
    await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
    // The same answer as a wrong password (it must not tell that the password is right), with the way to the code.
    await expect(page.getByText(t('errors:codes.INVALID_CREDENTIALS'))).toBeVisible();
    await expect(page.getByText(t('auth:login.notConfirmed'))).toBeVisible();
    await page.getByRole('button', { name: t('auth:login.enterCode') }).click();
    await expect(page.getByRole('heading', { name: t('auth:confirm.title') })).toBeVisible();
    await expect(page.getByText(t('auth:confirm.sentEarlier', { email }))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(asked, 'no new code was asked for').toEqual([]);
    expect(await mailTo(email)).toHaveLength(1);

    // The password chosen at sign-up names the sign-up whose code this is. Asking for the code again
    // sends the same code: the one in the inbox keeps working.
    await page.getByRole('textbox', { name: t('auth:confirm.password'), exact: true }).fill(password);
    await page.getByRole('button', { name: t('auth:confirm.resend') }).click();
    await expect(page.getByText(t('auth:confirm.resent'))).toBeVisible();
    await expect.poll(async () => (await mailTo(email)).length).toBe(2);
    expect((await mailTo(email)).map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1])).toEqual([code, code]);
    await page.getByRole('textbox', { name: t('auth:confirm.code') }).fill(code);
    await page.getByRole('button', { name: t('auth:confirm.submit'), exact: true }).click();
    await expect(page.getByText(t('auth:welcome', { name: 'Hiba Yousif' }))).toBeVisible();
    // The refused log-in is the browser's own console line.
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
    problems.length = 0;
  },
);

test('a logged-out visitor who presses book logs in and lands on the booking, which is then theirs', async ({
  page,
  language,
}, testInfo) => {
  test.setTimeout(120_000);
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  const project = testInfo.project.name;
  const email = uniqueEmail('prompt', project);
  const password = 'Red-Sea-Breeze-44';

  // An account made through the API, confirmed with the e-mailed code.
  expect(
    (
      await page.request.post('/api/v1/auth/register', {
        data: { payload: { fullName: 'Omer Ali', email, password, passwordConfirmation: password } },
      })
    ).ok(),
  ).toBe(true);
  expect((await page.request.post('/api/v1/auth/otp', { data: { email, otp: await codeFrom(email) } })).ok()).toBe(true);

  await page.goto(
    `/offers?tripType=one-way&departureStation=KRT&destinationStation=JED&departureDate=${daysAhead(30)}&lang=${language}`,
  );
  const books = page.getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') });
  await books.first().click();
  const prompt = page.getByRole('dialog', { name: t('offers:loginPrompt.title') });
  await expect(prompt).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await prompt.getByRole('button', { name: t('offers:loginPrompt.login') }).click();

  await expect(page.getByText(t('auth:login.forBooking'))).toBeVisible();
  await page.getByRole('textbox', { name: t('auth:fields.email'), exact: true }).fill(email);
  await page.getByRole('textbox', { name: t('auth:fields.password'), exact: true }).fill(password);
  await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
  await page.waitForURL(/\/booking\/bk_/);
  const bookingId = /\/booking\/(bk_[\w-]+)/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { name: t('booking:passengers.title') })).toBeVisible();
  // The account's e-mail fills in the booking's contact.
  await expect(page.getByRole('textbox', { name: t('booking:contact.email') })).toHaveValue(email);

  // The booking is the account's: on the profile, and refused to anyone else.
  await followAccountLink(page, language, project, 'link', 'Omer Ali');
  const listed = page.getByRole('region', { name: t('auth:profile.bookings') }).getByRole('link');
  await expect(listed).toHaveCount(1);
  await expect(listed).toHaveAttribute('href', new RegExp(`/booking/${bookingId}$`));
  const stranger = await page.request.put(`/api/v1/bookings/${bookingId}/pay`, { data: { payLater: true } });
  expect(stranger.status()).toBe(403);
});
