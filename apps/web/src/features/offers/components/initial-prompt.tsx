import { useTranslation } from '../../../i18n/use-translation';
import { SearchIcon } from './offer-icons';
import { StatePanel } from './state-panel';

/** No search yet: point the traveller to the search form above. */
export function InitialPrompt() {
  const { t } = useTranslation('offers');
  return (
    <StatePanel
      icon={<SearchIcon size={40} color="var(--mantine-color-teal-8)" />}
      title={t('states.initialTitle')}
      body={t('states.initialBody')}
    />
  );
}
