import { useEffect, useRef } from 'react';
import { BRAND_FONT_CLASS, BRAND_FONT_FETCHED_KEY } from '@kwenda/contracts/brand-font';
import { whenIdle } from './use-idle';

/**
 * The brand face on a first visit (decision 0041): the page paints at once in the phone's own typeface,
 * metric-matched to IBM Plex Sans Arabic (app/font-fallbacks.css); once it has loaded and settled, the
 * browser fetches the brand faces, and the pages after this one use them: the next page the site opens
 * (a client-side navigation), and every page loaded afresh, by the class the head script sets
 * (packages/contracts/src/brand-font.ts). The page on screen keeps its typeface: no second paint of its
 * text, and nothing a slow phone's largest paint waits for.
 */

/** After load, the page's own requests (the offers' stream, a booking) go first. */
const FETCH_DELAY_MS = 3_000;
/** The regular and bold faces, each for Arabic and Latin text (their unicode ranges pick the files). */
const FACES = ['400 1em "IBM Plex Sans Arabic"', '700 1em "IBM Plex Sans Arabic"'];
const SAMPLE = 'كوندا Kwenda 0123';

let fetched = false;

const root = () => document.documentElement;

function remember() {
  fetched = true;
  try {
    localStorage.setItem(BRAND_FONT_FETCHED_KEY, '1');
  } catch {
    // Storage refused (private browsing): this visit's next pages still get the face.
  }
}

/** Fetches the brand faces once the page has loaded and the browser is idle, unless this page already uses them. */
export function fetchBrandFontWhenSettled() {
  if (root().classList.contains(BRAND_FONT_CLASS) || !('fonts' in document)) return;
  const fetchFaces = () =>
    void Promise.all(FACES.map((face) => document.fonts.load(face, SAMPLE))).then(
      (loaded) => loaded.every((faces) => faces.length > 0) && remember(),
      () => undefined,
    );
  const afterLoad = () => window.setTimeout(() => whenIdle(fetchFaces, 5_000), FETCH_DELAY_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/** The brand face from the next page on: the class is set when the path changes, once the faces are fetched. */
export function useBrandFontOnNextPage(pathname: string) {
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current && fetched) root().classList.add(BRAND_FONT_CLASS);
  }, [pathname]);
}
