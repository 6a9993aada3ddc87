import { Alert, Button, Stack, Text } from '@mantine/core';
import { isNetworkError } from '../lib/api-client';

/** What a write that lost its connection is doing: waiting to be sent again, or given up until asked. */
export type ConnectionState = 'waiting' | 'failed' | null;

/**
 * A write's connection state from its mutation: `waiting` while it is held offline or between tries
 * after no answer came, `failed` once the tries ran out with no answer.
 */
export function connectionStateOf(mutation: {
  isPending: boolean;
  isPaused: boolean;
  isError: boolean;
  error: unknown;
  failureReason: unknown;
}): ConnectionState {
  if (mutation.isPending) return mutation.isPaused || isNetworkError(mutation.failureReason) ? 'waiting' : null;
  return mutation.isError && isNetworkError(mutation.error) ? 'failed' : null;
}

interface ConnectionNoticeProps {
  state: ConnectionState;
  /** The translated texts: the title, what happens while waiting, what to do once it failed, the button. */
  text: { title: string; waiting: string; failed: string; retry: string };
  onRetry: () => void;
}

/**
 * The connection dropped while something was being sent: says so, says that what was typed is kept,
 * and offers to send it again (while waiting it is sent again by itself once the connection is back).
 */
export function ConnectionNotice({ state, text, onRetry }: ConnectionNoticeProps) {
  if (!state) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={text.title}
      role={state === 'failed' ? 'alert' : 'status'}
      // Mantine's orange title is too pale on the light background to read (WCAG AA).
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
      data-testid="connection-notice"
      data-state={state}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{state === 'waiting' ? text.waiting : text.failed}</Text>
        {state === 'failed' && (
          <Button size="sm" variant="outline" color="dark" onClick={onRetry}>
            {text.retry}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
