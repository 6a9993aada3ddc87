import { memo } from 'react';
import { Button, Drawer } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import classes from './filters.module.css';

interface FiltersSheetProps {
  opened: boolean;
  onClose: () => void;
  activeCount: number;
  onReset: () => void;
  /** Flights the filters leave (the "show" button says how many), null while unknown. */
  resultCount: number | null;
  children: ReactNode;
}

/**
 * The filters in a sheet from the bottom of the screen: each change applies at once (the counts and
 * the list behind follow), "show N flights" closes it. Focus moves into the sheet, stays there while
 * it is open and returns to the "Filters" button when it closes (Mantine's Drawer).
 */
export const FiltersSheet = memo(function FiltersSheet({
  opened,
  onClose,
  activeCount,
  onReset,
  resultCount,
  children,
}: FiltersSheetProps) {
  const { t } = useTranslation('offers');
  // Mounted at the moment it is opened (tapped before the browser was idle: offers-results.tsx), the
  // sheet first renders closed, so the Drawer records the "Filters" button as where focus goes back to.
  const mounted = useMounted();
  return (
    <Drawer.Root
      opened={opened && mounted}
      onClose={onClose}
      position="bottom"
      size="88%"
      zIndex={250}
      // On the content only: a className on Drawer.Content also lands on its positioning wrapper.
      classNames={{ content: classes.sheet, body: classes.sheetBody }}
    >
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A <div>: Mantine's <header> inside the portal would be a second banner landmark. */}
        <Drawer.Header component="div">
          <Drawer.Title component="h2" className={classes.sidebarTitle}>
            {t('filters.title')}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={t('filters.close')} />
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
        <div className={classes.sheetFooter}>
          <Button variant="default" onClick={onReset} disabled={activeCount === 0} aria-label={t('filters.resetLabel')}>
            {t('filters.reset')}
          </Button>
          <Button onClick={onClose}>
            {resultCount === null ? t('filters.close') : t('filters.show', { count: resultCount })}
          </Button>
        </div>
      </Drawer.Content>
    </Drawer.Root>
  );
});
