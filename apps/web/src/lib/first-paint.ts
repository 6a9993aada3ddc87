/**
 * When the browser has shown a page's first text or picture. A page the server painted starts its route's
 * scripts after that (main.tsx): fetched and evaluated before it, on a phone whose cores are busy, they
 * push the first paint back and the visitor looks at a blank screen for code that only makes a painted
 * page respond. A slow connection loses nothing by it: there the page paints long before its entry script
 * has arrived, and the route's scripts start at once.
 */

/** A page that never reports its paint (an old browser, an empty page) goes on after this long. */
export const FIRST_PAINT_WAIT_MS = 1_500;

const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint';

/**
 * Resolves once the page's first contentful paint has been presented: at once when it already has, when
 * the page is hidden (a background tab paints nothing until shown), or when the browser does not report
 * paints; after FIRST_PAINT_WAIT_MS at the latest.
 */
export function afterFirstContentfulPaint(doc: Document = document): Promise<void> {
  const supported = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!supported || doc.visibilityState === 'hidden' || performance.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0)
    return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0) done();
    });
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
    const onHidden = () => doc.visibilityState === 'hidden' && done();
    doc.addEventListener('visibilitychange', onHidden);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      doc.removeEventListener('visibilitychange', onHidden);
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
  });
}
