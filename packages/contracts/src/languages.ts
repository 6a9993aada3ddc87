/**
 * The cookie in which the web app keeps the visitor's language ('ar' or 'en'): the API reads it to
 * send the prerendered pages in that language (docs/decisions/0011-prerendered-first-pages.md).
 */
export const LANGUAGE_COOKIE = 'kwenda.language';

/** The site's languages, Arabic first (the default). */
export const SITE_LANGUAGES: readonly string[] = ['ar', 'en'];
