/**
 * The scripts a painted page's route needs before it can hydrate (its lazy chunk and the chunks that one
 * imports), as the server's page names them in a meta element (scripts/prerender.mjs). Vite's loader would
 * add a module preload for each of them when the route's code is imported, all in one task: about 20 for the
 * offers and 40 for a booking, one of the longest tasks of the page's start on a slow phone. Added here a few
 * per task instead, the loader finds them in the page and adds none.
 */
export const ROUTE_MODULES_META = 'kwenda-route-modules';
/** Module preloads added per task. */
export const ROUTE_PRELOADS_PER_TASK = 4;
/** Only the build's own scripts (the meta is the server's, but the page is the browser's). */
const BUILT_SCRIPT = /^\/assets\/[\w.-]+\.js$/;

/** The route's scripts the page names, in order. */
export function routeModules(doc: Document): string[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${ROUTE_MODULES_META}"]`)?.content ?? '';
  return content.split(/\s+/).filter((href) => BUILT_SCRIPT.test(href));
}

/**
 * Adds a module preload for each script the page names, ROUTE_PRELOADS_PER_TASK per task starting in the next
 * one; resolves once all are in the page (at once when it names none).
 */
export function preloadRouteModules(doc: Document = document): Promise<void> {
  const scripts = routeModules(doc);
  return new Promise((resolve) => {
    let next = 0;
    const addSome = () => {
      for (const href of scripts.slice(next, next + ROUTE_PRELOADS_PER_TASK)) {
        const link = doc.createElement('link');
        link.rel = 'modulepreload';
        link.as = 'script';
        link.crossOrigin = '';
        link.href = href;
        doc.head.append(link);
      }
      next += ROUTE_PRELOADS_PER_TASK;
      if (next < scripts.length) setTimeout(addSome);
      else resolve();
    };
    if (scripts.length === 0) resolve();
    else setTimeout(addSome);
  });
}
