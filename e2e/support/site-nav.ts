import type { Locator, Page } from '@playwright/test';
import { tr } from '../i18n';

/** The site's navigation: the header on a desktop, or on a phone the menu its button opens (opened here). */
export async function siteNav(page: Page, language: string, project: string): Promise<Locator> {
  if (project.includes('phone')) {
    await page.getByRole('button', { name: tr(language, 'nav.openMenu') }).click();
    return page.getByRole('dialog');
  }
  return page.getByRole('banner');
}
