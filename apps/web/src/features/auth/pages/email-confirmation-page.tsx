import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ApiRequestError } from '../../../lib/api-client';
import { useLocation } from '../../../lib/router';
import { latinDigits } from '../../../lib/phone-number';
import { useResendCode, useVerifyCode } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';
import { SentenceWithAddress } from '../components/sentence-with-address';
import classes from '../components/auth.module.css';
import { errorText } from '../lib/error-text';
import { safeReturnTo } from '../lib/return-to';
import { useAfterLogin } from '../lib/use-after-login';
import { EmailField, PasswordField } from '../../../components/auth-fields';

/** What the page that sends the traveller here passes with the navigation. */
export interface ConfirmationState {
  email?: string;
  fullName?: string | null;
  returnTo?: string;
  /** From the log-in page: the code was e-mailed at sign-up, maybe some time ago (nothing was sent now). */
  sentEarlier?: boolean;
  /** The sign-up this browser made (its answer's registration): the code confirmed must be its own. */
  registration?: string;
}

/**
 * The one-time-code screen: the e-mail, name and sign-up come with the navigation; one code input
 * (XXXXXX), a confirm button with a spinner, the server's message under the input, a link back to login.
 * Without the sign-up (from the log-in page, another device) it asks for the e-mail and the password
 * chosen at sign-up: the code must be the one sent for that password, so a code someone else's sign-up
 * with this address sent cannot activate their password. Opening it sends nothing: only "send the code
 * again" does, and the server then sends the same code while it is valid.
 */
export function EmailConfirmationPage() {
  const { t } = useTranslation('auth');
  const state = (useLocation().state ?? {}) as ConfirmationState;
  const verify = useVerifyCode();
  const resend = useResendCode();
  const afterLogin = useAfterLogin();
  const [email, setEmail] = useState(state.email ?? '');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [resent, setResent] = useState(false);
  const knownEmail = !!state.email;
  const registration = state.registration;
  const which = registration ? { registration } : { password };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(
      { email: email.trim(), otp, fullName: state.fullName ?? null, ...which },
      { onSuccess: (auth) => void afterLogin(auth.user.fullName, safeReturnTo(state.returnTo)) },
    );
  };
  // With the password typed here, a refused code may as well be a mistyped password: say both.
  const wrongCode = verify.error instanceof ApiRequestError && verify.error.code === 'INVALID_CODE';
  const verifyError = !verify.isError
    ? undefined
    : wrongCode && !registration
      ? t('confirm.wrongCodeOrPassword')
      : errorText(verify.error);

  return (
    <AuthCard
      description={t('meta.confirm')}
      title={t('confirm.title')}
      subtitle={
        !knownEmail ? (
          t('confirm.sentToYours')
        ) : state.sentEarlier || !registration ? (
          <SentenceWithAddress sentence={(email) => t('confirm.sentEarlier', { email })} address={email} />
        ) : (
          <SentenceWithAddress sentence={(email) => t('confirm.sentTo', { email })} address={email} />
        )
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!knownEmail && (
            <EmailField label={t('fields.email')} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          )}
          {!registration && (
            <PasswordField
              label={t('confirm.password')}
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                verify.reset();
              }}
              autoComplete="current-password"
              showLabel={t('fields.showPassword')}
            />
          )}
          <TextInput
            className={classes.codeInput}
            label={t('confirm.code')}
            placeholder="XXXXXX"
            value={otp}
            onChange={(e) => {
              setOtp(latinDigits(e.currentTarget.value).replace(/\D/g, '').slice(0, 6));
              verify.reset();
            }}
            error={verifyError}
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            required
            data-autofocus
          />
          <Button type="submit" loading={verify.isPending} fullWidth size="md">
            {t('confirm.submit')}
          </Button>
        </Stack>
      </form>
      <Stack gap={4} align="center">
        <Text size="sm" c="gray.7">
          {t('confirm.noCode')}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          loading={resend.isPending}
          disabled={!email.trim() || (!registration && !password)}
          onClick={() => resend.mutate({ email: email.trim(), ...which }, { onSuccess: () => setResent(true) })}
        >
          {t('confirm.resend')}
        </Button>
        {resent && !resend.isError && (
          <Text size="sm" c="teal.8" role="status">
            {t('confirm.resent')}
          </Text>
        )}
        {resend.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorText(resend.error)}
          </Text>
        )}
      </Stack>
      <BackToLogin />
    </AuthCard>
  );
}
