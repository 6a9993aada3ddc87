// node scripts/check-mantine-styles.mjs: the web app imports Mantine's styles per component
// (apps/web/src/app/providers.tsx and each lazy route). After `npm run build`, this fails when a page
// would show a Mantine component without its styles: for the entry and for each lazily loaded chunk,
// every Mantine class (m_xxxxxxxx) its code uses must be defined by the stylesheets that load with it
// (the entry's, its own and those of the chunks it imports).
import fs from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const read = (file) => fs.readFileSync(path.join(dist, file), 'utf8');
const classesIn = (text, pattern) => new Set([...text.matchAll(pattern)].map((m) => m[1]));
const usedBy = (chunk) => classesIn(read(chunk.file), /["'`](m_[0-9a-f]{7,8})["'`]/g);
// Class selectors, and the keyframes some modules also name (Loader, Skeleton).
const definedBy = (cssFile) => classesIn(read(cssFile), /(?:\.|@keyframes\s+)(m_[0-9a-f]{7,8})\b/g);

/** The chunk and everything it imports statically: what arrives together when it loads. */
function closure(key, stopAt) {
  const keys = new Set();
  const visit = (k) => {
    if (keys.has(k) || k === stopAt) return;
    keys.add(k);
    for (const imported of manifest[k]?.imports ?? []) visit(imported);
  };
  visit(key);
  return [...keys];
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryKeys = closure(entryKey);
const entryStyles = new Set(entryKeys.flatMap((key) => manifest[key].css ?? []).flatMap((css) => [...definedBy(css)]));
const problems = [];
const check = (name, keys, styles) => {
  for (const key of keys) {
    const missing = [...usedBy(manifest[key])].filter((cls) => !styles.has(cls));
    if (missing.length) problems.push(`${name}: ${manifest[key].file} uses ${missing.join(', ')} without their styles`);
  }
};
check('entry', entryKeys, entryStyles);
let checked = 1;
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const keys = closure(key, entryKey);
  const styles = new Set([...entryStyles, ...keys.flatMap((k) => manifest[k].css ?? []).flatMap((css) => [...definedBy(css)])]);
  check(key, keys, styles);
  checked += 1;
}
if (problems.length) {
  console.error(
    `Mantine classes without styles (import '@mantine/core/styles/<Component>.layer.css' where the component is used):\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log(`Mantine styles: the entry and ${checked - 1} lazy chunks bring the styles of every Mantine class they use`);
