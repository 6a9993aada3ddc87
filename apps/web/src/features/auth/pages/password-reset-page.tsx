import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useParams } from '../../../lib/router';
import { ApiRequestError } from '../../../lib/api-client';
import { useAppPath } from '../../../lib/referral';
import { usePasswordReset } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { errorText } from '../lib/error-text';
import { PasswordField } from '../../../components/auth-fields';

/** The link cannot be used again: the visitor asks for a new one rather than retrying. */
const DEAD_LINK = new Set(['EXPIRED_TOKEN', 'ALREADY_USED_TOKEN', 'ACCOUNT_NOT_FOUND']);

/**
 * The password reset page (ready, submitting, submitted): a new password and its
 * confirmation; on success a message and a button to log in. The e-mailed link works once.
 */
export function PasswordResetPage() {
  const { t } = useTranslation('auth');
  const appPath = useAppPath();
  const { token = '' } = useParams();
  const reset = usePasswordReset();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  if (reset.isSuccess)
    return (
      <AuthCard description={t('meta.reset')} title={t('reset.doneTitle')}>
        <Text role="status">{t('reset.done')}</Text>
        <Button component={Link} to={appPath('/login')} fullWidth size="md">
          {t('reset.toLogin')}
        </Button>
      </AuthCard>
    );

  const code = reset.error instanceof ApiRequestError ? reset.error.code : null;
  const fieldError = (field: 'password' | 'confirmation') => {
    if (field === 'password' && (code === 'REQUIRED_PASSWORD' || code === 'WEAK_PASSWORD')) return errorText(reset.error);
    if (field === 'confirmation' && (code === 'REQUIRED_PASSWORD_CONFIRMATION' || code === 'PASSWORD_CONFIRMATION_MISMATCH'))
      return errorText(reset.error);
    return undefined;
  };
  const otherError = reset.isError && !fieldError('password') && !fieldError('confirmation');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate({ token, password, passwordConfirmation: confirmation });
  };

  return (
    <AuthCard description={t('meta.reset')} title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordField
            label={t('fields.newPassword')}
            hint={t('signup.passwordHint')}
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              reset.reset();
            }}
            error={fieldError('password')}
            autoComplete="new-password"
            showLabel={t('fields.showPassword')}
          />
          <PasswordField
            label={t('fields.passwordConfirmation')}
            value={confirmation}
            onChange={(e) => {
              setConfirmation(e.currentTarget.value);
              reset.reset();
            }}
            error={fieldError('confirmation')}
            autoComplete="new-password"
            showLabel={t('fields.showPassword')}
          />
          {otherError && (
            <Alert color="red" role="alert" title={t('reset.failed')}>
              <Stack gap="xs">
                <Text size="sm">{errorText(reset.error, 'auth:reset.failed')}</Text>
                {code && DEAD_LINK.has(code) && (
                  <Anchor underline="always" component={Link} to={appPath('/forgot_password')} size="sm">
                    {t('reset.newLink')}
                  </Anchor>
                )}
              </Stack>
            </Alert>
          )}
          <Button type="submit" loading={reset.isPending} fullWidth size="md">
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
