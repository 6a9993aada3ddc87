import fs from 'node:fs';
import type { Page } from '@playwright/test';

/** Where journeys keep their screenshots: the session's notes when that folder exists, else /tmp/kw/shots. */
export const SHOTS = fs.existsSync('/work/notes/shots') ? '/work/notes/shots' : '/tmp/kw/shots';

export const isPhone = (project: string) => project.endsWith('phone');

/**
 * A screenshot named `<prefix>-<name>-<language>-<device>.png` once every finite animation has ended
 * (dialogs and menus settled). A whole page is taken from the top: taken while scrolled, it draws a
 * sticky header half-way down.
 */
export async function journeyShot(page: Page, prefix: string, name: string, project: string, fullPage = true) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const device = isPhone(project) ? 'phone' : 'desktop';
  const language = project.startsWith('ar') ? 'ar' : 'en';
  await page.screenshot({ path: `${SHOTS}/${prefix}-${name}-${language}-${device}.png`, fullPage });
}
