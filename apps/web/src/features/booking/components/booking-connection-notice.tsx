import { ConnectionNotice, connectionStateOf } from '../../../components/connection-notice';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * A booking step's notice while its request waits on a weak connection or has failed, worded for
 * `what` the step sends (the passengers, the payment), with a retry.
 */
export function BookingConnectionNotice({
  request,
  what,
  onRetry,
}: {
  request: Parameters<typeof connectionStateOf>[0];
  what: 'Passengers' | 'Payment';
  onRetry: () => void;
}) {
  const { t } = useTranslation('booking');
  return (
    <ConnectionNotice
      state={connectionStateOf(request)}
      text={{
        title: t('connection.title'),
        waiting: t(`connection.waiting${what}`),
        failed: t(`connection.failed${what}`),
        retry: t('connection.retry'),
        busyTitle: t('connection.busyTitle'),
        busy: t('connection.busy'),
      }}
      onRetry={onRetry}
    />
  );
}
