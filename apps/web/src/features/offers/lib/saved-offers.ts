import type { OffersPage } from '../api/use-offers-search';

/**
 * The first page of the last few searches' results, kept in localStorage so the offers page can show
 * them offline with their age, not bookable (docs/decisions/0031-service-worker-and-offline-trips.md).
 * Offers are public (the same for anyone searching the same flights): nothing about the traveller.
 */
const STORAGE_KEY = 'kwenda.savedOffers';
/** About 20 KB each: a few searches, not a history. */
const KEEP = 5;

export interface SavedOffers {
  /** The search's query key (use-offers-search.ts offersQueryKey), as JSON. */
  key: string;
  page: OffersPage;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readAll(): SavedOffers[] {
  try {
    const saved: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(saved) ? (saved as SavedOffers[]) : [];
  } catch {
    return [];
  }
}

export function readSavedOffers(key: string): SavedOffers | null {
  return readAll().find((saved) => saved.key === key) ?? null;
}

export function saveOffers(key: string, page: OffersPage) {
  const others = readAll().filter((saved) => saved.key !== key);
  const all = [{ key, page }, ...others].slice(0, KEEP);
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Storage full or refused: keep fewer rather than none.
    try {
      storage()?.setItem(STORAGE_KEY, JSON.stringify(all.slice(0, 1)));
    } catch {
      // Nothing is kept; offline the page says so.
    }
  }
}
