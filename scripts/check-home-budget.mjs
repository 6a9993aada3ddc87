// node scripts/check-home-budget.mjs: fails when the JavaScript the home page loads (the entry
// script and its modulepreload links in apps/web/dist/index.html) exceeds the budget, gzip -9.
// Run after `npm run build`. See docs/decisions/0005-home-page-js-budget.md.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 120;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]);

let total = 0;
for (const file of files) {
  const size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const summary = `home page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped, budget ${BUDGET_KB} KB`;
if (total > BUDGET_KB * 1024) {
  console.error(`${summary}: over budget`);
  process.exit(1);
}
console.log(summary);
