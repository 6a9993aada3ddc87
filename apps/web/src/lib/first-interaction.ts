/**
 * Resolves at the visitor's first touch of the page: a tap, a key, a focus moved, a wheel turned, the page
 * scrolled. Not a part of the page scrolled by the page itself (the offers' fare calendar brings its day
 * into view), which on the offers page had it resolve while the page was still arriving. What the home
 * page needs only once it is used (the contracts' parser, the airport matcher, the errors catalog) waits for
 * it, so a visitor who only looks downloads the entry and the footer: at most 120 KB of script
 * (docs/decisions/0005-home-page-js-budget.md, `npm run budget`). Resolved at once outside a browser.
 */
let touched: Promise<void> | undefined;

export const afterFirstInteraction = (): Promise<void> =>
  (touched ??=
    typeof window === 'undefined'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          // The first of them resolves; the others, left listening, resolve nothing more.
          for (const type of ['pointerdown', 'keydown', 'focusin', 'wheel'])
            window.addEventListener(type, () => resolve(), { capture: true, passive: true, once: true });
          // The page's own scroll reaches the document as it bubbles; a scrolled element's does not bubble.
          document.addEventListener('scroll', () => resolve(), { passive: true, once: true });
        }));
