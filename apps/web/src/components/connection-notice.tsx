import { Alert, Button, Stack, Text } from '@mantine/core';
import { isNetworkError } from '../lib/api-client';
import { isStillRunning } from '../lib/write-retry';

/**
 * What a write that lost its connection is doing: waiting to be sent again, asked again because the
 * server is still doing its first try, or given up until asked.
 */
export type ConnectionState = 'waiting' | 'busy' | 'failed' | null;

/**
 * A write's connection state from its mutation: `waiting` while it is held offline or between tries
 * after no answer came, `busy` between tries while the server says its first try still runs (a
 * process that stopped mid-request holds it for up to 20 s), `failed` once the tries ran out with no answer.
 */
export function connectionStateOf(mutation: {
  isPending: boolean;
  isPaused: boolean;
  isError: boolean;
  error: unknown;
  failureReason: unknown;
}): ConnectionState {
  if (mutation.isPending) {
    if (mutation.isPaused || isNetworkError(mutation.failureReason)) return 'waiting';
    return isStillRunning(mutation.failureReason) ? 'busy' : null;
  }
  return mutation.isError && isNetworkError(mutation.error) ? 'failed' : null;
}

interface ConnectionNoticeProps {
  state: ConnectionState;
  /**
   * The translated texts: the title, what happens while waiting, what to do once it failed, the
   * button; and the title and text while the server still works on the first try.
   */
  text: { title: string; waiting: string; failed: string; retry: string; busyTitle: string; busy: string };
  onRetry: () => void;
}

/**
 * The connection dropped while something was being sent: says so, says that what was typed is kept,
 * and offers to send it again (while waiting it is sent again by itself once the connection is back).
 * While the server is still completing an earlier try, says that instead (in blue: nothing is wrong).
 */
export function ConnectionNotice({ state, text, onRetry }: ConnectionNoticeProps) {
  if (!state) return null;
  const busy = state === 'busy';
  return (
    <Alert
      color={busy ? 'blue' : 'orange'}
      variant="light"
      title={busy ? text.busyTitle : text.title}
      role={state === 'failed' ? 'alert' : 'status'}
      // Mantine's light titles are too pale on their background to read (WCAG AA).
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
      data-testid="connection-notice"
      data-state={state}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{busy ? text.busy : state === 'waiting' ? text.waiting : text.failed}</Text>
        {state === 'failed' && (
          <Button size="sm" variant="outline" color="dark" onClick={onRetry}>
            {text.retry}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
