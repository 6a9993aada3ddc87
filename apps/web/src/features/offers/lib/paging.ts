import type { OfferSearchResult } from '@kwenda/contracts';

/**
 * The page after `last`, or undefined when paging is complete. Paging stops
 * once a page returns no offers (a page past the last). When `total` says the last page is
 * already here, the empty request is skipped.
 */
export function nextPageParam(last: Pick<OfferSearchResult, 'offers' | 'page' | 'pageSize' | 'total'>): number | undefined {
  if (last.offers.length === 0) return undefined;
  if (last.total > 0 && last.page * last.pageSize >= last.total) return undefined;
  return last.page + 1;
}

/** Infinite scroll triggers within 20 px of the page bottom. */
export const SCROLL_THRESHOLD_PX = 20;

export function isNearBottom(
  { scrollTop, viewportHeight, scrollHeight }: { scrollTop: number; viewportHeight: number; scrollHeight: number },
  threshold: number = SCROLL_THRESHOLD_PX,
): boolean {
  return scrollTop + viewportHeight >= scrollHeight - threshold;
}

/**
 * Paging after the first page. `idle`: the last page came back with offers and
 * more may follow; scrolling within 20 px of the bottom is should-fetch-more (useInfiniteScroll),
 * which starts `fetching-more`; `complete` once paging stops. `failed` waits for a retry instead of
 * looping on a broken page.
 */
export type PagingStatus = 'idle' | 'fetching-more' | 'failed' | 'complete';

export function pagingStatus({
  hasNextPage,
  isFetchingNextPage,
  failed,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  failed: boolean;
}): PagingStatus {
  if (isFetchingNextPage) return 'fetching-more';
  if (!hasNextPage) return 'complete';
  return failed ? 'failed' : 'idle';
}
