import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { KwendaOptions } from '../playwright.config';

export { expect };

/** yyyy-MM-dd, days from today (UTC date is close enough to Sudan's for tests run at any hour but midnight). */
export const daysAhead = (days: number) => {
  const now = new Date(Date.now() + 2 * 3_600_000); // Africa/Khartoum is UTC+2 all year
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
};

/**
 * Every journey runs in the project's language; a console error, an uncaught page error or a breach of
 * the content security policy (even one the page's code caught, such as an `eval` probe) fails it
 * (a console error in a test is a failure).
 */
export const test = base.extend<KwendaOptions & { problems: string[] }>({
  language: ['ar', { option: true }],
  // A page the server painted ignores taps until React has hydrated it: after a page load or reload,
  // journeys wait for the app's mark (src/main.tsx, lib/hydrates-later.tsx), unless they hold the script
  // back themselves (waitUntil: 'commit').
  page: async ({ page, javaScriptEnabled }, use) => {
    const hydrated = async (options?: { waitUntil?: string }) => {
      if (javaScriptEnabled !== false && options?.waitUntil !== 'commit')
        await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await hydrated(options);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await hydrated(options);
      return response;
    };
    await use(page);
  },
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`content security policy: ${event.violatedDirective} in ${event.sourceFile}:${event.lineNumber}`),
        ),
      );
      await use(problems);
      expect(problems, 'no console errors or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Accessibility violations of any impact (minor and moderate too) on the current page: issue 5 wants none. */
export async function axeViolations(page: Page) {
  // A dialog or drawer still fading in or out is half transparent: let transitions end (loaders spin on).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}: ${v.nodes
        .map((n) => [n.target, ...n.any.flatMap((check) => check.relatedNodes?.map((r) => r.target) ?? [])].join(' ~ '))
        .slice(0, 5)
        .join(' | ')}`,
  );
}

/** Title, description and their Open Graph twins, all in the page's language. */
export async function expectPageMeta(page: Page, title: string, description: string) {
  await expect(page).toHaveTitle(title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description);
}
