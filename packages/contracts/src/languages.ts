/** The site's languages, Arabic first (the default). */
export const SITE_LANGUAGES = ['ar', 'en'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

export const isSiteLanguage = (value: unknown): value is SiteLanguage => (SITE_LANGUAGES as readonly unknown[]).includes(value);

/**
 * The cookie in which the visitor's language ('ar' or 'en') is kept: the API reads it to send the
 * prerendered pages in that language (docs/decisions/0011-prerendered-first-pages.md).
 */
export const LANGUAGE_COOKIE = 'kwenda.language';

/** The Set-Cookie / document.cookie value that keeps a language for a year, written by the web app and the API alike. */
export const languageCookie = (language: SiteLanguage) =>
  `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
