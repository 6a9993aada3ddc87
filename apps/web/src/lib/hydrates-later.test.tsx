// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { lazy, useEffect, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { HydratesLater, markRootHydrated } from './hydrates-later';

function Root({ children }: { children: ReactNode }) {
  useEffect(markRootHydrated, []);
  return children;
}

describe("the page's ready mark", () => {
  it('waits for each part that hydrates on its own, and comes once the last has', async () => {
    let release!: () => void;
    const later = new Promise<void>((resolve) => (release = resolve));
    const SlowPart = lazy(async () => {
      await later;
      return { default: () => <input aria-label="receipt" /> };
    });
    render(
      <Root>
        <HydratesLater>
          <p>trip</p>
        </HydratesLater>
        <HydratesLater>
          <SlowPart />
        </HydratesLater>
      </Root>,
    );
    await act(async () => {});
    // The page and its first part are there; the second is not yet listening.
    expect(document.querySelector('p')).not.toBeNull();
    expect(document.documentElement.dataset.ready).toBeUndefined();
    // React shows a suspended boundary's content again after a short throttle.
    await act(async () => {
      release();
      await later;
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    expect(document.querySelector('input')).not.toBeNull();
    expect(document.documentElement.dataset.ready).toBe('');
  });
});
