import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src/i18n/locales');
const cache = new Map<string, Record<string, unknown>>();

function catalog(language: string, namespace: string) {
  const key = `${language}/${namespace}`;
  if (!cache.has(key)) cache.set(key, JSON.parse(fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')));
  return cache.get(key)!;
}

/** The app's own text for a key ("offers:sort.fastest"), so journeys read the screen as a person does. */
export function tr(language: string, fullKey: string, vars: Record<string, string | number> = {}): string {
  const [namespace, key] = fullKey.includes(':') ? fullKey.split(':') : ['common', fullKey];
  const lookUp = (path: string) =>
    path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalog(language, namespace!));
  // Plurals as the app's translator picks them: key_zero for 0 when there is one, then the language's category.
  const candidates = [key!];
  if (typeof vars.count === 'number') {
    candidates.unshift(`${key}_${new Intl.PluralRules(language).select(vars.count)}`);
    if (vars.count === 0) candidates.unshift(`${key}_zero`);
  }
  const value = candidates.map(lookUp).find((found) => typeof found === 'string');
  if (typeof value !== 'string') throw new Error(`No ${language} text for ${fullKey}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
}

/** A pattern for a text with placeholders left open: "Book this flight for {{price}}" -> /Book this flight for .+/ */
export function trPattern(language: string, fullKey: string): RegExp {
  const text = tr(language, fullKey);
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '.+');
  return new RegExp(escaped);
}
