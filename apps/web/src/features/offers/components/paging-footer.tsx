import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import type { PagingStatus } from '../lib/paging';

/**
 * Below the list: the infinite-scroll status, and a button for keyboard and screen-reader users
 * who never scroll to the very bottom.
 */
export function PagingFooter({ status, onLoadMore }: { status: PagingStatus; onLoadMore: () => void }) {
  const { t } = useTranslation('offers');
  return (
    <Stack align="center" gap="xs" py="md" aria-live="polite">
      {status === 'fetching-more' && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('paging.loadingMore')}</Text>
        </Group>
      )}
      {status === 'failed' && (
        <>
          <Text size="sm" c="red.8">
            {t('paging.failed')}
          </Text>
          <Button variant="outline" onClick={onLoadMore}>
            {t('states.retry')}
          </Button>
        </>
      )}
      {status === 'idle' && (
        <Button variant="default" onClick={onLoadMore}>
          {t('paging.loadMore')}
        </Button>
      )}
      {status === 'complete' && (
        <Text size="sm" c="gray.7">
          {t('paging.end')}
        </Text>
      )}
    </Stack>
  );
}
