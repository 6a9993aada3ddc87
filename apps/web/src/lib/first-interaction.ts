/**
 * Resolves at the visitor's first touch of the page: a tap, a key, a focus moved, a scroll. What the home
 * page needs only once it is used (the contracts' parser, the airport matcher, the errors catalog) waits for
 * it, so a visitor who only looks downloads the entry and the footer: at most 120 KB of script
 * (docs/decisions/0005-home-page-js-budget.md, `npm run budget`). Resolved at once outside a browser.
 */
const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;

let touched: Promise<void> | null = null;

export function afterFirstInteraction(): Promise<void> {
  touched ??=
    typeof window === 'undefined'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            for (const type of EVENTS) window.removeEventListener(type, done, true);
            resolve();
          };
          for (const type of EVENTS) window.addEventListener(type, done, { capture: true, passive: true });
        });
  return touched;
}
