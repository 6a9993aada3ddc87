// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchState } from '../../../lib/search-params';
import { aSearch as search } from '../testing/offer-results';
import { useOffersSearchStatus } from './use-offers-search-status';

describe("the search form's view of the running search", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says it is searching from the first render, before the request starts a task later', async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const seen: { searching: boolean; fetched: number }[] = [];
    function Probe({ of }: { of: SearchState | null }) {
      const { searching } = useOffersSearchStatus(of, 'lowest', {});
      seen.push({ searching, fetched: fetch.mock.calls.length });
      return null;
    }
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Probe of={search} />
      </QueryClientProvider>,
    );
    expect(seen[0]).toEqual({ searching: true, fetched: 0 });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(seen.every((s) => s.searching)).toBe(true);
  });

  it('is not searching without a search', () => {
    let searching: boolean | undefined;
    function Probe() {
      searching = useOffersSearchStatus(null, 'lowest', {}).searching;
      return null;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(searching).toBe(false);
  });
});
