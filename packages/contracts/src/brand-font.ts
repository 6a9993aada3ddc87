/**
 * The brand face (IBM Plex Sans Arabic) on a first visit: the page's font stack names it only under a class
 * on <html>, which a script in the head of every page sets when this browser has fetched the faces before
 * (they are then in its cache, or the service worker's). A first visit over a slow connection never waits
 * for the faces, nor paints its text twice: it reads the phone's own typeface, metric-matched to the brand
 * face, and fetches the faces once the page is idle, for the pages after it (decision 0041).
 */

/** The class on <html> under which the font stack starts with the brand face. */
export const BRAND_FONT_CLASS = 'kw-brand-font';

/** The localStorage key set once the brand faces were fetched in this browser. */
export const BRAND_FONT_FETCHED_KEY = 'kwenda.brandFontFetched';

/**
 * The head script (inline, so the class is there before the first style is computed; the server's content
 * security policy allows exactly this text by its hash). Private browsing that refuses storage gets none.
 */
export const BRAND_FONT_HEAD_SCRIPT = `try{localStorage.getItem("${BRAND_FONT_FETCHED_KEY}")&&document.documentElement.classList.add("${BRAND_FONT_CLASS}")}catch(e){}`;
