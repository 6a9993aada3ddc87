/**
 * SPEC section 4: "If exactly one suggestion exists and the search is not loading, a booking is
 * created automatically from it." The booking page shows the alternative-date banner, so the
 * traveller sees the date changed and can go back to the offers.
 */
export const AUTO_BOOK_SINGLE_SUGGESTION = true;

export function shouldAutoBook({
  enabled = AUTO_BOOK_SINGLE_SUGGESTION,
  loading,
  suggestions,
}: {
  enabled?: boolean;
  loading: boolean;
  suggestions: readonly unknown[];
}): boolean {
  return enabled && !loading && suggestions.length === 1;
}
