/**
 * Writes apps/web/public/airlines/<IATA>.svg: a plain badge per carrier in its brand colours with
 * its IATA code. Deliberately not the carriers' artwork (trademarks); just recognisable at a glance.
 * Run after adding an airline: npx tsx apps/api/src/suppliers/sandbox/generate-logos.ts, then
 * node apps/web/scripts/make-image-pngs.mjs (the PNGs pages show, drawn from these).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { airlineProfiles, type AirlineProfile } from './airlines.js';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Relative luminance check: light badges get a hairline border so they show on white cards. */
function isLight(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.8;
}

export function logoSvg(profile: AirlineProfile): string {
  const [background, text, accent] = profile.colors;
  const border = isLight(background) ? ' stroke="#c9ced6" stroke-width="1.5"' : '';
  const name = escapeXml(profile.nameEn);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${name}">`,
    `<title>${name}</title>`,
    `<rect x="1" y="1" width="62" height="62" rx="14" fill="${background}"${border}/>`,
    `<path d="M1 47 L63 37 L63 49 Q63 63 49 63 L15 63 Q1 63 1 49 Z" fill="${accent}" opacity="0.9"/>`,
    `<text x="32" y="35" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700" fill="${text}" letter-spacing="1">${profile.iataCode}</text>`,
    `</svg>`,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/airlines');
  mkdirSync(target, { recursive: true });
  for (const profile of airlineProfiles) writeFileSync(path.join(target, `${profile.iataCode}.svg`), logoSvg(profile));
  console.log(`Wrote ${airlineProfiles.length} logos to ${target}`);
}
