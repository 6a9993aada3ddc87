import { lazy, type ComponentType } from 'react';

/**
 * React.lazy that downloads again after a failed download: React.lazy keeps its first failure for
 * ever, so a page whose code could not be downloaded (the connection dropped) would stay dead until a
 * reload. After a failure the next render (the route error boundary's "try again") starts a new download.
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const make = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        current = make();
        throw error;
      }),
    );
  let current = make();
  function Retryable(props: P) {
    const Current = current;
    return <Current {...props} />;
  }
  return Retryable;
}

/**
 * A page whose code loads on demand, like React.lazy, that can also be loaded ahead. Once loaded it
 * renders at once instead of suspending: main.tsx loads the page of a prerendered address before
 * hydrating, so React hydrates the whole page in one pass. A page still suspended while the layout
 * above it re-renders would be thrown away and drawn again (docs/decisions/0011). A failed download
 * is tried again at the next render (retryableLazy).
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  let Loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
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
