import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outlineSvgText } from '../../scripts/outline-svg-text.mjs';

/**
 * The PNGs pages show in place of the public SVGs (scripts/make-image-pngs.mjs) are drawn from the SVGs with
 * their words as outlines: the site's face, whatever fonts the drawing machine has.
 */
const publicDir = path.resolve(import.meta.dirname, '../../public');

/** The x and y extent of the coordinates in a path's data (control points included: close enough to compare). */
function extent(svg: string) {
  const d = /<path[^>]* d="([^"]+)"/.exec(svg)![1]!;
  const numbers = d.match(/-?\d+(\.\d+)?/g)!.map(Number);
  const xs = numbers.filter((_, i) => i % 2 === 0);
  const ys = numbers.filter((_, i) => i % 2 === 1);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 60">${body}</svg>`;

describe('outlineSvgText', () => {
  it('replaces a <text> with a path in its own paint, and leaves the rest as it was', () => {
    const source = svg(
      '<rect x="1" y="1" width="10" height="10" fill="#123456"/><text x="10" y="40" font-size="20" fill="#0b5e55">Bank</text>',
    );
    const out = outlineSvgText(source);
    expect(out).not.toContain('<text');
    expect(out).toContain('<rect x="1" y="1" width="10" height="10" fill="#123456"/>');
    expect(out).toMatch(/<path fill="#0b5e55" d="M[^"]+Z"\/>/);
    const box = extent(out);
    // Starts at x (a small side bearing), sits on the baseline: capitals rise about 0.7 em above it.
    expect(box.minX).toBeGreaterThanOrEqual(10);
    expect(box.minX).toBeLessThan(13);
    expect(box.maxY).toBeLessThanOrEqual(40.5);
    expect(box.minY).toBeGreaterThan(40 - 20);
    expect(box.minY).toBeLessThan(40 - 12);
  });

  it('places the words by text-anchor and sizes them by font-size, also when an enclosing <g> sets them', () => {
    const middle = extent(outlineSvgText(svg('<text x="100" y="40" font-size="20" text-anchor="middle">VISA</text>')));
    expect(Math.abs((middle.minX + middle.maxX) / 2 - 100)).toBeLessThan(2);
    const end = extent(outlineSvgText(svg('<g text-anchor="end" font-size="20"><text x="100" y="40">VISA</text></g>')));
    expect(end.maxX).toBeLessThanOrEqual(100);
    expect(end.maxX).toBeGreaterThan(97);
    const small = extent(outlineSvgText(svg('<g font-size="10"><text x="0" y="40">VISA</text></g>')));
    const large = extent(outlineSvgText(svg('<g font-size="10"><text x="0" y="40" font-size="20">VISA</text></g>')));
    expect((large.maxX - large.minX) / (small.maxX - small.minX)).toBeCloseTo(2, 0);
    // Bold is the wider face; letter-spacing adds to each letter's advance.
    const bold = extent(outlineSvgText(svg('<text x="0" y="40" font-size="20" font-weight="700">VISA</text>')));
    const regular = extent(outlineSvgText(svg('<text x="0" y="40" font-size="20">VISA</text>')));
    const spaced = extent(outlineSvgText(svg('<text x="0" y="40" font-size="20" letter-spacing="5">VISA</text>')));
    expect(bold.maxX).toBeGreaterThan(regular.maxX);
    expect(spaced.maxX - regular.maxX).toBeCloseTo(15, 0);
  });

  it('refuses what it cannot draw rather than drawing it wrong', () => {
    expect(() => outlineSvgText(svg('<text x="0" y="10">a <tspan>b</tspan></text>'))).toThrow(/words only/);
    expect(() => outlineSvgText(svg('<text x="0" y="10">سودان</text>'))).toThrow(/does not have/);
    expect(() => outlineSvgText(svg('<text x="1em" y="10">a</text>'))).toThrow(/x="1em"/);
  });

  it('draws every public SVG without text, and each has its PNG beside it', () => {
    const files = fs.readdirSync(publicDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.svg'));
    const withText = files.filter((file) => fs.readFileSync(path.join(publicDir, file), 'utf8').includes('<text'));
    expect(withText).toContain('payment-methods.svg');
    expect(withText).toContain(path.join('airlines', 'SD.svg'));
    for (const file of withText) {
      expect(outlineSvgText(fs.readFileSync(path.join(publicDir, file), 'utf8')), file).not.toMatch(/<\/?text/);
      expect(fs.existsSync(path.join(publicDir, file.replace(/\.svg$/, '.png'))), file).toBe(true);
    }
  });
});
