import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { AdminPage } from './admin-page';
import { ApiErrorAlert } from './api-error-alert';

/** The part of a loaded query the screen reads (TanStack Query's result fits it). */
export interface QueueQuery<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A desk screen that lists what waits for staff: the heading and its actions, an intro, a line when
 * the staff member's role may only look, the last action's notice, then the list once it has loaded
 * (a spinner before, the server's refusal if it failed, a sentence when nothing waits). Dialogs and
 * other content follow as children.
 */
export function QueuePage<T>({
  title,
  refreshLabel,
  actions,
  intro,
  readOnly,
  notice,
  noticeColor = 'teal',
  onNoticeClose,
  above,
  query,
  isEmpty,
  empty,
  list,
  children,
}: {
  title: string;
  /** The label of a button that loads the list again; without it, no such button. */
  refreshLabel?: string;
  actions?: ReactNode;
  intro: string;
  /** Shown when the staff member may only look (their role cannot act on this screen). */
  readOnly: string | null;
  notice: string | null;
  noticeColor?: string;
  onNoticeClose: () => void;
  /** Shown above the list whatever its state (a search). */
  above?: ReactNode;
  query: QueueQuery<T>;
  isEmpty?: (data: T) => boolean;
  empty?: string;
  list: (data: T) => ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const refresh = refreshLabel ? (
    <Button variant="default" onClick={() => query.refetch()} loading={query.isFetching}>
      {refreshLabel}
    </Button>
  ) : null;
  return (
    <AdminPage
      title={title}
      actions={
        refresh && actions ? (
          <>
            {refresh}
            {actions}
          </>
        ) : (
          (refresh ?? actions)
        )
      }
    >
      <Text c="gray.7">{intro}</Text>
      {readOnly ? <Alert color="gray">{readOnly}</Alert> : null}
      {notice ? (
        <Alert color={noticeColor} role="status" withCloseButton closeButtonLabel={t('close')} onClose={onNoticeClose}>
          {notice}
        </Alert>
      ) : null}
      {above}
      {query.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label={t('loading')} />
        </Center>
      ) : query.isError || query.data === undefined ? (
        <ApiErrorAlert error={query.error} />
      ) : isEmpty?.(query.data) ? (
        <Text>{empty}</Text>
      ) : (
        list(query.data)
      )}
      {children}
    </AdminPage>
  );
}
