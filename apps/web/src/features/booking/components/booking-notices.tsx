import type { Booking } from '@kwenda/contracts';
import { useMemo, memo } from 'react';
import { RouteNotices } from '../../../components/route-notices';
import { useTranslation } from '../../../i18n/use-translation';
import { useRouteNotices } from '../../../lib/route-notices';

/** The agency's notices for the booked flights (their routes, airports, airlines and days), before paying. */
export const BookingNotices = memo(function BookingNotices({ booking }: { booking: Booking }) {
  const { t } = useTranslation('booking');
  const legs = useMemo(
    () =>
      booking.slices.map((slice) => ({
        origin: slice.origin,
        destination: slice.destination,
        date: slice.departureDate.slice(0, 10),
      })),
    [booking.slices],
  );
  const airlines = booking.slices.flatMap((slice) => slice.airlines.map((airline) => airline.iataCode));
  const notices = useRouteNotices(legs, airlines);
  return <RouteNotices notices={notices} title={t('notices.title')} />;
});
