import type { ComponentType } from 'react';
import { loadQueryClient } from '../lib/load-query-client';
import { retryableLazy } from '../lib/retryable-lazy';

/**
 * A page whose code loads on demand, like React.lazy, that can also be loaded ahead. Once loaded it
 * renders at once instead of suspending: main.tsx loads the page of a prerendered address before
 * hydrating, so React hydrates the whole page in one pass. A page still suspended while the layout
 * above it re-renders would be thrown away and drawn again (docs/decisions/0011). A failed download
 * is tried again at the next render (retryableLazy). The app's query client loads with it (lib/load-query-client.ts).
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  let Loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= Promise.all([load(), loadQueryClient()]).then(
      ([component]) => {
        Loaded = component;
      },
      (error: unknown) => {
        loading = null; // a later visit may try again
        throw error;
      },
    ));
  const Suspending = retryableLazy(async (): Promise<{ default: ComponentType }> => {
    await preload();
    return { default: Loaded! };
  });
  function Page() {
    return Loaded ? <Loaded /> : <Suspending />;
  }
  return Object.assign(Page, { preload });
}
