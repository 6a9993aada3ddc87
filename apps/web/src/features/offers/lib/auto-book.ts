/**
 * SPEC section 4: "If exactly one suggestion exists and the search is not loading, a booking is
 * created automatically from it." Off until the booking issue lands: today startBooking only
 * reaches a placeholder page, and sending travellers there unasked would hurt them. The booking
 * issue turns this on.
 */
export const AUTO_BOOK_SINGLE_SUGGESTION = false;

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
