import { Suspense, useEffect, useId, useLayoutEffect, type ReactNode } from 'react';

/**
 * <html data-ready> (main.tsx) says the page the server painted has hydrated: a tap before then does
 * nothing, and the browser tests wait for it. Parts of a page hydrate after the page around it, each in a
 * Suspense boundary of its own (a task of their own rather than one long one): the mark waits for them too,
 * so a file picked or a field typed in a part is never lost to a part not yet listening.
 */
const waiting = new Set<string>();
let rootHydrated = false;
let hydrating = false;

function markWhenHydrated() {
  if (!rootHydrated || waiting.size > 0) return;
  hydrating = false;
  document.documentElement.dataset.ready = '';
}

/** React starts hydrating the page the server painted (main.tsx), rather than rendering it afresh. */
export function beginHydration() {
  hydrating = true;
}

/**
 * Whether the page the server painted is still hydrating: from beginHydration until the page and its
 * later parts have (the mark below). A component that renders meanwhile may be hydrating (lib/use-transition-store.ts).
 */
export const pageHydrating = (): boolean => hydrating;

/** The page around the parts has hydrated (its root committed). */
export function markRootHydrated() {
  rootHydrated = true;
  markWhenHydrated();
}

function Hydrated({ id, children }: { id: string; children: ReactNode }) {
  useEffect(() => {
    waiting.delete(id);
    markWhenHydrated();
  }, [id]);
  return children;
}

/**
 * A Suspense boundary whose content hydrates after the page around it. Its own commit (a layout effect)
 * registers it before the page's mark could be set; its content's first effect, once hydrated (or
 * rendered), lets the mark go.
 */
export function HydratesLater({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const id = useId();
  useLayoutEffect(() => {
    if (document.documentElement.dataset.ready === undefined) waiting.add(id);
    return () => {
      waiting.delete(id);
      markWhenHydrated();
    };
  }, [id]);
  return (
    <Suspense fallback={fallback}>
      <Hydrated id={id}>{children}</Hydrated>
    </Suspense>
  );
}
