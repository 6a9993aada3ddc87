import { describe, expect, it } from 'vitest';
import { isNearBottom, nextPageParam, pagingStatus } from './paging';

const page = (page: number, count: number, total: number) => ({
  page,
  pageSize: 10,
  total,
  offers: Array.from({ length: count }) as never[],
});

describe('nextPageParam', () => {
  it('asks for the next page while pages come back with offers', () => {
    expect(nextPageParam(page(1, 10, 34))).toBe(2);
    expect(nextPageParam(page(3, 10, 34))).toBe(4);
  });

  it('stops on an empty page (a page past the last)', () => {
    expect(nextPageParam(page(5, 0, 34))).toBeUndefined();
    expect(nextPageParam(page(1, 0, 0))).toBeUndefined();
  });

  it('skips the empty request when the total says this is the last page', () => {
    expect(nextPageParam(page(4, 4, 34))).toBeUndefined();
    expect(nextPageParam(page(2, 10, 20))).toBeUndefined();
  });
});

describe('isNearBottom', () => {
  it('triggers within 20 px of the bottom', () => {
    expect(isNearBottom({ scrollTop: 1180, viewportHeight: 800, scrollHeight: 2000 })).toBe(true);
    expect(isNearBottom({ scrollTop: 1179, viewportHeight: 800, scrollHeight: 2000 })).toBe(false);
    expect(isNearBottom({ scrollTop: 0, viewportHeight: 900, scrollHeight: 600 })).toBe(true);
  });
});

describe('pagingStatus', () => {
  const base = { hasNextPage: true, isFetchingNextPage: false, failed: false };
  it('waits for the reader, then fetches more, then completes', () => {
    expect(pagingStatus(base)).toBe('idle');
    expect(pagingStatus({ ...base, isFetchingNextPage: true })).toBe('fetching-more');
    expect(pagingStatus({ ...base, hasNextPage: false })).toBe('complete');
  });

  it('waits for a retry after a failed page instead of looping', () => {
    expect(pagingStatus({ ...base, failed: true })).toBe('failed');
  });
});
