import type { Offer } from '@kwenda/contracts';

export interface ReceivedPage {
  offers: readonly Pick<Offer, 'expiresAt'>[];
  suggestions: readonly Pick<Offer, 'expiresAt'>[];
  /** Browser clock (ms) when the page arrived. */
  receivedAt: number;
}

/**
 * When the shown offers stop being bookable, on the browser's clock: the earliest expiresAt of
 * every offer and suggestion on screen. A phone whose clock runs ahead of the server would see
 * fresh offers as already expired and loop on the refresh prompt; when an offer looks expired on
 * arrival, its page is given the configured lifetime from its arrival instead.
 */
export function sessionDeadline(pages: readonly ReceivedPage[], ttlMinutes?: number): number | null {
  let deadline: number | null = null;
  for (const page of pages) {
    const expiries = [...page.offers, ...page.suggestions].map((offer) => Date.parse(offer.expiresAt)).filter(Number.isFinite);
    if (expiries.length === 0) continue;
    let earliest = Math.min(...expiries);
    if (earliest <= page.receivedAt && ttlMinutes) earliest = page.receivedAt + ttlMinutes * 60_000;
    deadline = deadline === null ? earliest : Math.min(deadline, earliest);
  }
  return deadline;
}
