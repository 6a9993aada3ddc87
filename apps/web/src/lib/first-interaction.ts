/**
 * Resolves at the visitor's first touch of the page: a tap, a key, a focus moved, a scroll. What the home
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
          for (const type of ['pointerdown', 'keydown', 'focusin', 'scroll'])
            window.addEventListener(type, () => resolve(), { capture: true, passive: true, once: true });
        }));
