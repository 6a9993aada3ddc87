import { lazy, type ComponentType } from 'react';
import { loadQueryClient } from './load-query-client';

/** How to start again each download that failed, until retryFailedDownloads runs them. */
const failed = new Set<() => void>();

/**
 * React.lazy that can download again after a failed download: React.lazy keeps its first failure for
 * ever, so a page whose code could not be downloaded (the connection dropped) would stay dead until a
 * reload, and a reload offline loses the whole site. A failed one downloads anew only once
 * retryFailedDownloads is called (the route error boundary's button, the browser back online), not at
 * React's own second render after an error, which would try again and again while offline.
 * The app's query client loads with it (lib/load-query-client.ts): lazy parts read the API through it.
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const make = () =>
    lazy(() =>
      Promise.all([load(), loadQueryClient()])
        .then(([module]) => module)
        .catch((error: unknown) => {
          failed.add(() => (current = make()));
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

/** Lets every lazy component whose download failed download again at its next render. */
export function retryFailedDownloads() {
  for (const again of failed) again();
  failed.clear();
}
