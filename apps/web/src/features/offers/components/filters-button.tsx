import { Button } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { FiltersIcon } from './offer-icons';
import classes from './filters.module.css';

/** "Filters (2)": opens the filters sheet on a phone or tablet (hidden by CSS where the sidebar shows). */
export function FiltersButton({ activeCount, onOpen }: { activeCount: number; onOpen: () => void }) {
  const { t } = useTranslation('offers');
  return (
    <Button
      variant={activeCount > 0 ? 'light' : 'default'}
      className={classes.filtersButton}
      leftSection={<FiltersIcon size={18} />}
      onClick={onOpen}
      aria-haspopup="dialog"
    >
      {activeCount > 0 ? t('filters.openWithCount', { count: activeCount }) : t('filters.open')}
    </Button>
  );
}
