// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { useVisitRead, visitRead, type VisitRead, type VisitReadResult } from './visit-read';

/** Renders the read's hook and keeps its latest result. */
function show<T>(read: VisitRead<T>, known?: T) {
  const seen: { current?: VisitReadResult<T> } = {};
  function Reader() {
    seen.current = useVisitRead(read, known);
    return null;
  }
  const view = render(<Reader />);
  return { seen: seen as { current: VisitReadResult<T> }, view };
}

const settle = () => act(() => Promise.resolve());

describe('a read made once per visit', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads once for every part that shows it, and keeps the answer', async () => {
    const fetcher = vi.fn(() => Promise.resolve(['PZU']));
    const read = visitRead(fetcher);
    const first = show(read);
    expect(first.seen.current).toMatchObject({ isPending: true, isLoading: true, isError: false });
    await settle();
    show(read);
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(first.seen.current).toMatchObject({ data: ['PZU'], isPending: false, isLoading: false });
  });

  it('renders the parts that show it again when the answer comes, not when the read starts', async () => {
    let answer!: (airports: string[]) => void;
    const read = visitRead(() => new Promise<string[]>((resolve) => (answer = resolve)));
    let renders = 0;
    function Reader() {
      renders++;
      useVisitRead(read);
      return null;
    }
    render(<Reader />);
    await settle();
    expect(renders).toBe(1);
    await act(async () => answer(['PZU']));
    expect(renders).toBe(2);
  });

  it('hydrates a part that shows it without rendering it again while nothing has come', async () => {
    const read = visitRead(() => new Promise<string[]>(() => {}));
    let renders = 0;
    function Reader() {
      renders++;
      return <p>{useVisitRead(read).data?.join() ?? 'loading'}</p>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Reader />);
    renders = 0;
    await act(async () => void hydrateRoot(container, <Reader />));
    await settle();
    expect(renders).toBe(1);
  });

  it('asks a dropped connection again three times, 1, 2 then 4 s apart, then shows the failure', async () => {
    const fetcher = vi.fn(() => Promise.reject(new ApiRequestError(0, null)));
    const { seen } = show(visitRead(fetcher));
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(1);
    for (const [wait, calls] of [
      [999, 1],
      [1, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      await act(() => vi.advanceTimersByTimeAsync(wait));
      expect(fetcher).toHaveBeenCalledTimes(calls);
    }
    expect(seen.current).toMatchObject({ isError: true, isLoading: false, isPending: true });
    // The traveller's retry reads again, loading meanwhile.
    fetcher.mockResolvedValueOnce(['KRT'] as never);
    act(() => seen.current.refetch());
    expect(seen.current).toMatchObject({ isError: false, isLoading: true });
    await settle();
    expect(seen.current.data).toEqual(['KRT']);
  });

  it('never asks again what the server refused', async () => {
    const fetcher = vi.fn(() => Promise.reject(new ApiRequestError(404, null)));
    const { seen } = show(visitRead(fetcher));
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(seen.current.isError).toBe(true);
  });

  it('shows an answer its contract refused as a failure, asked again only as after any failure', async () => {
    let drop = () => {};
    const fetcher = vi.fn((dropIt: () => void) => {
      drop = dropIt;
      return Promise.resolve(fetcher.mock.calls.length);
    });
    const read = visitRead(fetcher);
    const { seen } = show(read);
    await settle();
    expect(seen.current.data).toBe(1);
    act(() => drop());
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    // Not asked again at once: a server sending the same answer would be asked in a loop.
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(seen.current).toMatchObject({ data: undefined, isError: true, isLoading: false });
    show(read);
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(seen.current.data).toBe(2);
  });

  it('reads nothing when the page came with the answer', async () => {
    const fetcher = vi.fn(() => Promise.resolve('fetched'));
    const { seen } = show(visitRead(fetcher), 'rendered with');
    await settle();
    expect(fetcher).not.toHaveBeenCalled();
    expect(seen.current).toMatchObject({ data: 'rendered with', isPending: false });
  });
});
