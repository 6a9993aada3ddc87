// node scripts/screenshots.mjs [baseURL]: every page a visitor reaches without a booking, in Arabic and English, phone and
// desktop, into screenshots/ (git-ignored) for a person to look at. Needs a running server.
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const day = (n) => new Date(Date.now() + 2 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };
const pages = {
  home: '/',
  offers: `/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${day(21)}`,
  'offers-round-trip': `/offers?tripType=round-trip&departureStation=KRT&destinationStation=IST&departureDate=${day(30)}&returnDate=${day(44)}&adults=2`,
  suggestions: (() => {
    let n = 10;
    while (new Date(`${day(n)}T12:00:00Z`).getUTCDay() !== 2) n++;
    return `/offers?tripType=one-way&departureStation=PZU&destinationStation=DOG&departureDate=${day(n)}&direct=1`;
  })(),
  'coming-soon': '/no-such-page',
  about: '/about',
  faqs: '/faqs?tab=baggage&q=liquids',
  privacy: '/privacy_policy',
  changelog: '/changelog',
  login: '/login',
  signup: '/signup',
  'email-confirmation': '/email_confirmation',
  'forgot-password': '/forgot_password',
  'password-reset': '/password_reset/0123456789abcdef0123456789abcdef',
  'logout-success': '/logout_success',
  'find-booking': '/find_booking',
};

fs.mkdirSync('screenshots', { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
for (const language of ['ar', 'en']) {
  for (const [device, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor: 1,
      isMobile: device === 'phone',
      hasTouch: device === 'phone',
    });
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.error(`[${language} ${device}] console.error: ${m.text()}`));
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(`${base}${path}${path.includes('?') ? '&' : '?'}lang=${language}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const file = `screenshots/${name}-${language}-${device}.png`;
      await page.screenshot({ path: file, fullPage: name !== 'offers' });
      console.log(file);
    }
    await context.close();
  }
}
await browser.close();
