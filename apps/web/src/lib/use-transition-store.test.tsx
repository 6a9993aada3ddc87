// @vitest-environment jsdom
import { act, lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { beginHydration, markRootHydrated } from './hydrates-later';
import { useTransitionStore } from './use-transition-store';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A store outside React: a value and who listens to it. */
function aStore(initial: string) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: string) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
type Store = ReturnType<typeof aStore>;
type Read = (store: Store) => string;

const useWithTransitions: Read = (store) => useTransitionStore(store.subscribe, store.get, () => 'server');
const useAtOnce: Read = (store) => useSyncExternalStore(store.subscribe, store.get, () => 'server');

function Shown({ value }: { value: string }) {
  return <p>{value}</p>;
}

const roots: Root[] = [];
afterEach(() => act(() => roots.splice(0).forEach((root) => root.unmount())));

/**
 * A page whose part below hydrates later (its code still downloading, as a lazy route's), both showing
 * the store; the server painted it with the server's snapshot. Returns the page hydrating in the browser.
 */
async function hydrateWithAPartStillLoading(useRead: Read, store: Store) {
  let loadPart!: () => void;
  const LazyShown = lazy(
    () => new Promise<{ default: typeof Shown }>((resolve) => (loadPart = () => resolve({ default: Shown }))),
  );
  const page = (Part: ComponentType<{ value: string }>, value: string) => (
    <main>
      <h1>{value}</h1>
      <Suspense fallback={<em>loading</em>}>
        <Part value={value} />
      </Suspense>
    </main>
  );
  function Page() {
    return page(LazyShown, useRead(store));
  }
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(page(Shown, 'server'));
  const painted = container.querySelector('p');
  const errors: unknown[] = [];
  beginHydration();
  roots.push(await act(async () => hydrateRoot(container, <Page />, { onRecoverableError: (error) => errors.push(error) })));
  return { container, painted, errors, loadPart };
}

describe('a store read with its changes rendered as a transition', () => {
  afterEach(() => markRootHydrated());

  it('hydrates as the server rendered it though the store has changed, then shows the store', async () => {
    const store = aStore('browser');
    function Page() {
      return <p>{useWithTransitions(store)}</p>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<p>server</p>);
    const errors: unknown[] = [];
    beginHydration();
    roots.push(await act(async () => hydrateRoot(container, <Page />, { onRecoverableError: (error) => errors.push(error) })));
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('browser');
  });

  it('a change reaching a part still hydrating waits for it, and keeps what the server painted', async () => {
    const store = aStore('server');
    const { container, painted, errors, loadPart } = await hydrateWithAPartStillLoading(useWithTransitions, store);
    await act(async () => store.set('offers arrived'));
    expect(errors).toEqual([]);
    // The painted part stays on screen as it was, no fallback in its place.
    expect(container.querySelector('p')).toBe(painted);
    expect(container.querySelector('em')).toBeNull();
    // The part's code arrives: it hydrates, then the change renders in it.
    await act(async () => loadPart());
    expect(errors).toEqual([]);
    expect(container.querySelector('p')).toBe(painted);
    expect(container.querySelector('h1')!.textContent).toBe('offers arrived');
    expect(painted!.textContent).toBe('offers arrived');
  });

  it('(useSyncExternalStore there: the painted part gives way to its fallback, then is rendered afresh)', async () => {
    const store = aStore('server');
    const { container, painted, loadPart } = await hydrateWithAPartStillLoading(useAtOnce, store);
    await act(async () => store.set('offers arrived'));
    // The part's painted content gave way to its fallback: a blank in the page until its code arrives.
    expect(container.querySelector('p')).toBeNull();
    expect(container.querySelector('em')!.textContent).toBe('loading');
    await act(async () => loadPart());
    expect(container.querySelector('p')).not.toBe(painted);
  });

  it('rendered in the browser after the page hydrated, starts from the store, in one render', async () => {
    markRootHydrated();
    const store = aStore('browser');
    let renders = 0;
    function Page() {
      renders++;
      return <p>{useWithTransitions(store)}</p>;
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    roots.push(root);
    await act(async () => root.render(<Page />));
    expect(container.textContent).toBe('browser');
    expect(renders).toBe(1);
    await act(async () => store.set('changed'));
    expect(container.textContent).toBe('changed');
    expect(renders).toBe(2);
  });
});
