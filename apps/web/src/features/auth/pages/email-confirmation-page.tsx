import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocation } from '../../../lib/router';
import { latinDigits } from '../../../lib/phone-number';
import { useResendCode, useVerifyCode } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';
import classes from '../components/auth.module.css';
import { errorText } from '../lib/error-text';
import { safeReturnTo } from '../lib/return-to';
import { useAfterLogin } from '../lib/use-after-login';

/** What the page that sends the traveller here passes with the navigation. */
export interface ConfirmationState {
  email?: string;
  fullName?: string | null;
  returnTo?: string;
  /** From the log-in page: the code was e-mailed at sign-up, maybe some time ago (nothing was sent now). */
  sentEarlier?: boolean;
}

/**
 * The one-time-code screen: the e-mail and name come with the navigation; one code input (XXXXXX),
 * a confirm button with a spinner, the server's message under the input, a link back to login.
 * Opened directly (a reload, another device) it asks for the e-mail too. Opening it sends nothing:
 * only "send the code again" does, and the server then sends the same code while it is valid.
 */
export function EmailConfirmationPage() {
  const { t } = useTranslation('auth');
  const state = (useLocation().state ?? {}) as ConfirmationState;
  const verify = useVerifyCode();
  const resend = useResendCode();
  const afterLogin = useAfterLogin();
  const [email, setEmail] = useState(state.email ?? '');
  const [otp, setOtp] = useState('');
  const [resent, setResent] = useState(false);
  const knownEmail = !!state.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(
      { email: email.trim(), otp, fullName: state.fullName ?? null },
      { onSuccess: (auth) => void afterLogin(auth.user.fullName, safeReturnTo(state.returnTo)) },
    );
  };

  return (
    <AuthCard
      description={t('meta.confirm')}
      title={t('confirm.title')}
      subtitle={
        !knownEmail
          ? t('confirm.sentToYours')
          : state.sentEarlier
            ? t('confirm.sentEarlier', { email: state.email })
            : t('confirm.sentTo', { email: state.email })
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!knownEmail && (
            <TextInput
              type="email"
              label={t('fields.email')}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              autoComplete="email"
              dir="ltr"
              required
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
            error={verify.isError ? errorText(verify.error) : undefined}
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
          disabled={!email.trim()}
          onClick={() => resend.mutate(email.trim(), { onSuccess: () => setResent(true) })}
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
