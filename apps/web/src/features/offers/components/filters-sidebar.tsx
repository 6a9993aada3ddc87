import { Button } from '@mantine/core';
import { memo, type ReactNode, useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import classes from './filters.module.css';

/**
 * The filters beside the offers on a wide screen; hidden by CSS on narrower ones, where the same
 * panel opens in a sheet (FiltersSheet). CSS rather than a media query in render: the page is
 * rendered on the server, and its markup must not depend on the screen.
 */
export const FiltersSidebar = memo(function FiltersSidebar({
  activeCount,
  onReset,
  children,
}: {
  activeCount: number;
  onReset: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('offers');
  const titleId = useId();
  return (
    <aside className={classes.sidebar} aria-labelledby={titleId}>
      <div className={classes.sidebarHeader}>
        <h2 id={titleId} className={classes.sidebarTitle}>
          {t('filters.title')}
        </h2>
        {activeCount > 0 && (
          <Button variant="subtle" size="compact-sm" onClick={onReset} aria-label={t('filters.resetLabel')}>
            {t('filters.reset')}
          </Button>
        )}
      </div>
      {children}
    </aside>
  );
});
