import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { useAppPath } from '../../../lib/referral';
import { useRequestPasswordReset } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';
import { SentenceWithAddress } from '../components/sentence-with-address';
import { errorText } from '../lib/error-text';
import { EmailField } from '../../../components/auth-fields';

/**
 * Forgot password: the e-mail, then a message that a link is on its way if an account
 * has the address, and a button home. The server answers the same either way (it does not tell who has
 * an account), so the message says what to do when nothing arrives: check the address, or sign up.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const appPath = useAppPath();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);

  if (request.isSuccess)
    return (
      <AuthCard description={t('meta.forgot')} title={t('forgot.sentTitle')}>
        <Text role="status">
          <SentenceWithAddress sentence={(address) => t('forgot.sent', { email: address })} address={email.trim()} />
        </Text>
        <Text size="sm">
          {t('forgot.noMail')}{' '}
          <Anchor underline="always" component={Link} to={appPath('/signup')}>
            {t('forgot.signup')}
          </Anchor>
        </Text>
        <Button component={Link} to={appPath('/')} fullWidth size="md">
          {t('forgot.home')}
        </Button>
      </AuthCard>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setMissing(true);
    request.mutate(email);
  };

  return (
    <AuthCard description={t('meta.forgot')} title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <EmailField
            label={t('fields.email')}
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setMissing(false);
              request.reset();
            }}
            error={missing ? t('fields.required') : undefined}
          />
          {request.isError && (
            <Alert color="red" role="alert">
              {errorText(request.error)}
            </Alert>
          )}
          <Button type="submit" loading={request.isPending} fullWidth size="md">
            {t('forgot.submit')}
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}
