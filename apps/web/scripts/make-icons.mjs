// node apps/web/scripts/make-icons.mjs: draws the web app manifest's PNG icons and the favicon pages link
// (public/icons) from the favicon's SVG with Chromium; the PNGs are committed, so the build needs no
// browser. Run it again after changing public/favicon.svg.
//
// Pages link the 96 px PNG, not the SVG: the browser has the page's renderer fetch and decode the tab's
// icon, and an SVG is drawn in a page of its own on the main thread (30-90 ms on a slow phone, while the
// page is starting); a PNG is decoded off it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

const web = path.resolve(import.meta.dirname, '..');
const favicon = await fs.readFile(path.join(web, 'public', 'favicon.svg'), 'utf8');
// Maskable: the background to every edge (the launcher cuts its own shape); the plane already sits in
// the central circle of 40% radius that every mask keeps.
const maskable = favicon.replace(/ rx="[^"]*"/, '');
const icons = [
  { file: 'favicon-96.png', size: 96, svg: favicon },
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon-180.png', size: 180, svg: maskable },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: path.join(web, 'public', 'icons', file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
