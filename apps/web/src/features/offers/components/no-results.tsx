import { useTranslation } from '../../../i18n/use-translation';
import type { SearchState } from '../../../lib/search-params';
import { CalendarIcon } from './offer-icons';
import { StatePanel } from './state-panel';
import { SupportButton } from './support-button';

/** Nothing on the asked date and no nearby date either: offer a human. */
export function NoResults({ search }: { search: SearchState }) {
  const { t } = useTranslation('offers');
  return (
    <StatePanel
      icon={<CalendarIcon size={40} color="var(--mantine-color-gray-7)" />}
      title={t('states.noResultsTitle')}
      body={t('states.noResultsBody')}
    >
      <SupportButton search={search} />
    </StatePanel>
  );
}
