// node apps/web/scripts/make-image-pngs.mjs: draws the PNGs pages show in place of the public SVG images, with
// Chromium, their words as outlines (scripts/outline-svg-text.mjs); the PNGs are committed, so the build needs
// no browser. Run it after changing one of the SVGs (the airlines' after
// apps/api/src/suppliers/sandbox/generate-logos.ts).
//
// Why PNG: a browser draws each SVG <img> in a page of its own, built on the main thread (10-30 ms each on
// this machine unthrottled, four times that on a slow phone): one per carrier on the offers page, and the
// footer's payment methods on every page. A PNG is decoded off the main thread. Each is drawn at three
// device pixels per CSS pixel, the sharpest phones'. The SVGs stay, for what linked them before (bookings
// made earlier name the airline's SVG).
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { outlineSvgText } from './outline-svg-text.mjs';

/** Device pixels per CSS pixel the PNGs are drawn at. */
const SCALE = 3;
const publicDir = path.resolve(import.meta.dirname, '..', 'public');
const airlines = (await fs.readdir(path.join(publicDir, 'airlines'))).filter((file) => file.endsWith('.svg'));
/** Each SVG and the CSS size pages show it at. */
const images = [
  ...airlines.sort().map((file) => ({ file: path.join('airlines', file), width: 32, height: 32 })),
  { file: 'payment-methods.svg', width: 288, height: 40 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const { file, width, height } of images) {
    const [w, h] = [width * SCALE, height * SCALE];
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    const svg = outlineSvgText(await fs.readFile(path.join(publicDir, file), 'utf8')).replace(
      /<svg ([^>]*?)width="\d+" height="\d+"/,
      `<svg $1width="${w}" height="${h}"`,
    );
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    const shot = await page.screenshot({ omitBackground: true });
    await page.close();
    // A palette of at most 256 colours with alpha: flat badges lose nothing, the file a third of the size.
    const png = await sharp(shot).png({ palette: true, compressionLevel: 9, effort: 10 }).toBuffer();
    await fs.writeFile(path.join(publicDir, file.replace(/\.svg$/, '.png')), png);
  }
  console.log(`Drew ${images.length} PNGs in ${publicDir}`);
} finally {
  await browser.close();
}
