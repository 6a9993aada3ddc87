// Styles of the Mantine components this lazy chunk adds (see app/providers.tsx).
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import i18n from '../../i18n';
import { readPageData } from '../../lib/page-data';
import { useLocation, useParams, useSearchParams } from '../../lib/router';
import { BookingView, prepareBookingPrices } from '../../features/booking';
import type { SearchState } from '../../lib/search-params';

/** What the page its owner was sent needs before it hydrates (app/router.tsx): its price formats built. Nothing on the server. */
export function prepareBookingPage(): Promise<void> {
  const booking = typeof document === 'undefined' ? undefined : readPageData(document).booking;
  return booking ? prepareBookingPrices(booking, i18n.language) : Promise.resolve();
}

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
