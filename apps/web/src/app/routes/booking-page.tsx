import { useLocation, useParams, useSearchParams } from 'react-router';
import { BookingView } from '../../features/booking';
import type { SearchState } from '../../lib/search-params';

/** /booking/:id, also under the referral segment: the booking's own address, reloadable at any step. */
export function BookingPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { search?: SearchState } | null;
  const payment = params.get('payment');
  return (
    <BookingView
      key={id}
      id={id}
      search={state?.search ?? null}
      paymentReturn={payment === 'return' || payment === 'cancel' ? payment : null}
    />
  );
}
