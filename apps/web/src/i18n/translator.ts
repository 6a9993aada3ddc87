import type { FlatNamespace, TFunction } from 'i18next';

/**
 * The site's translation engine: the part of i18next the site uses, in about 1 KB gzipped instead of
 * i18next and react-i18next's 17.5 KB in the home page's script (docs/decisions/0032-in-house-i18n-and-router.md).
 * It reads i18next's catalog format and answers as i18next does for that part:
 * - keys `ns:a.b.c` (the namespace defaults to the caller's), the first key of an array that exists,
 *   then the fallback language;
 * - plurals with `count`: `key_zero` for 0 if the catalog has it, then `key_<Intl.PluralRules category>`,
 *   then `key` (Arabic's zero/one/two/few/many/other);
 * - `{{name}}` and `{{a.b}}` from the options, unescaped (React escapes); a variable the options
 *   lack is left as written, one they hold as undefined becomes empty;
 * - `defaultValue` when no key exists, else the key itself (without its namespace);
 * - `returnObjects` gives the object or array with each string interpolated.
 * The keys stay typed by i18next's own types (`TFunction`, src/i18n/i18next.d.ts): a type-only import.
 */
export type Resources = Record<string, Record<string, Record<string, unknown>>>;
type Options = Record<string, unknown> & { count?: unknown; defaultValue?: unknown; returnObjects?: boolean };
type Listener = (language: string) => void;

export interface TranslatorOptions {
  lng: string;
  fallbackLng?: string;
  defaultNS?: string;
  resources?: Resources;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split('.')) {
    if (!isObject(node)) return undefined;
    node = node[part];
  }
  return node;
}

function interpolate(text: string, options: Options): string {
  return text.replace(/\{\{([^}]+)\}\}/g, (match, name: string) => {
    const value = lookup(options, name.trim());
    if (value !== undefined) return String(value);
    return name.trim() in options ? '' : match;
  });
}

function interpolateAll(value: unknown, options: Options): unknown {
  if (typeof value === 'string') return interpolate(value, options);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, options));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateAll(v, options)]));
  return value;
}

const pluralRules = new Map<string, Intl.PluralRules>();
const pluralCategory = (language: string, count: number) => {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
};

export class Translator {
  language = '';
  private fallbackLng = '';
  private defaultNS = 'common';
  private store: Resources = {};
  private listeners = new Set<Listener>();
  private fixed = new Map<string, TFunction>();

  constructor(options?: TranslatorOptions) {
    if (options) this.init(options);
  }

  init({ lng, fallbackLng, defaultNS, resources }: TranslatorOptions): this {
    this.language = lng;
    this.fallbackLng = fallbackLng ?? lng;
    if (defaultNS) this.defaultNS = defaultNS;
    for (const [language, namespaces] of Object.entries(resources ?? {}))
      for (const [ns, catalog] of Object.entries(namespaces)) this.addResourceBundle(language, ns, catalog);
    return this;
  }

  hasResourceBundle(language: string, ns: string): boolean {
    return this.store[language]?.[ns] !== undefined;
  }

  /** Adds (or extends, key by key at the top level) a namespace's catalog in a language. */
  addResourceBundle(language: string, ns: string, catalog: Record<string, unknown>): this {
    const namespaces = (this.store[language] ??= {});
    namespaces[ns] = { ...namespaces[ns], ...catalog };
    return this;
  }

  async changeLanguage(language: string): Promise<TFunction> {
    if (language !== this.language) {
      this.language = language;
      for (const listener of this.listeners) listener(language);
    }
    return this.t;
  }

  /** Only 'languageChanged' is emitted. */
  on(_event: 'languageChanged', listener: Listener): void {
    this.listeners.add(listener);
  }

  off(_event: 'languageChanged', listener: Listener): void {
    this.listeners.delete(listener);
  }

  dir(language = this.language): 'rtl' | 'ltr' {
    return language === 'ar' ? 'rtl' : 'ltr';
  }

  /** The translate function in a language (the current one if null) and a default namespace. */
  getFixedT<Ns extends FlatNamespace = 'common'>(language: string | null, ns?: Ns): TFunction<Ns> {
    const cacheKey = `${language ?? ''}|${ns ?? ''}`;
    let t = this.fixed.get(cacheKey);
    if (!t) {
      t = ((keys: string | string[], options?: Options) =>
        this.translate(keys, options ?? {}, language ?? this.language, ns ?? this.defaultNS)) as unknown as TFunction;
      this.fixed.set(cacheKey, t);
    }
    return t as never;
  }

  /** Translates in the current language, the default namespace unless the key names one. */
  t: TFunction = ((keys: string | string[], options?: Options) =>
    this.translate(keys, options ?? {}, this.language, this.defaultNS)) as unknown as TFunction;

  private translate(keys: string | string[], options: Options, language: string, defaultNS: string): unknown {
    let key = '';
    const languages = language === this.fallbackLng ? [language] : [language, this.fallbackLng];
    for (const wanted of Array.isArray(keys) ? keys : [keys]) {
      const colon = wanted.indexOf(':');
      const ns = colon > 0 ? wanted.slice(0, colon) : defaultNS;
      key = colon > 0 ? wanted.slice(colon + 1) : wanted;
      for (const code of languages) {
        const found = this.find(code, ns, key, options.count);
        if (found === undefined) continue;
        if (typeof found === 'string') return interpolate(found, options);
        if (options.returnObjects) return interpolateAll(found, options);
      }
    }
    return typeof options.defaultValue === 'string' ? interpolate(options.defaultValue, options) : key;
  }

  private find(language: string, ns: string, key: string, count: unknown): unknown {
    const catalog = this.store[language]?.[ns];
    if (!catalog) return undefined;
    const candidates = [key];
    if (typeof count === 'number') {
      candidates.unshift(`${key}_${pluralCategory(language, count)}`);
      if (count === 0) candidates.unshift(`${key}_zero`);
    }
    for (const candidate of candidates) {
      const value = lookup(catalog, candidate);
      if (value !== undefined && value !== null) return value;
    }
    return undefined;
  }
}

/** The app's translator (the browser's; prerendering sets its language before each page). */
export const i18n = new Translator();
