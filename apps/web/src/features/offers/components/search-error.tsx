import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { ApiRequestError } from '../../../lib/api-client';

/**
 * A failed search. No answer: check the connection. A refused search (400, e.g. a date that has
 * passed in an old link) will fail again, so it asks to change the search instead of offering a
 * retry. Anything else: "network error, try later", with a retry.
 */
export function SearchError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('offers');
  const network = error instanceof ApiRequestError && error.code === 'NETWORK';
  const refused = error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 429;
  const message = network ? t('states.errorNetwork') : refused ? t('states.errorInvalid') : t('states.errorOther');
  return (
    <Alert color="red" variant="light" title={t('states.errorTitle')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {!refused && (
          <Button color="red.8" variant="outline" onClick={onRetry}>
            {t('states.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
