import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, Navigate, useNavigate, useSearchParams } from '../../../lib/router';
import { ApiRequestError } from '../../../lib/api-client';
import { hasPendingBooking } from '../../../lib/pending-booking';
import { useAppPath } from '../../../lib/referral';
import { useHydrated } from '../../../lib/use-hydrated';
import { usePublicConfigAsRendered } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { useLogin, useSocialExchange } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import classes from '../components/auth.module.css';
import { PhoneSignIn } from '../components/phone-sign-in';
import { SignInMethodTabs, type SignInMethod } from '../components/sign-in-method';
import { SocialButtons } from '../components/social-buttons';
import { errorText } from '../lib/error-text';
import { safeReturnTo } from '../lib/return-to';
import { useAfterLogin } from '../lib/use-after-login';
import type { ConfirmationState } from './email-confirmation-page';
import { EmailField, PasswordField } from '../../../components/auth-fields';

/** Log-in: e-mail and password (show/hide), forgot-password and sign-up links, Google and Facebook. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const appPath = useAppPath();
  const navigate = useNavigate();
  const session = useSession();
  const [params] = useSearchParams();
  const login = useLogin();
  const exchange = useSocialExchange();
  const afterLogin = useAfterLogin();
  // Prerendered for a visitor with nothing stored: the booking waiting for this log-in shows once hydrated.
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // ?method=phone opens the mobile tab; a prerendered page knows no query, so only once hydrated.
  const [chosen, setMethod] = useState<SignInMethod | null>(null);
  // Sign-in by mobile number needs WhatsApp for its codes: offered only where the agency set it up.
  const phoneSignIn = usePublicConfigAsRendered().data?.whatsappMessages === true;
  const method: SignInMethod = chosen ?? (phoneSignIn && hydrated && params.get('method') === 'phone' ? 'phone' : 'email');
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});
  const ticket = params.get('social_ticket');
  const socialError = params.get('social_error');
  const returnTo = safeReturnTo(params.get('return_to'));
  const exchanged = useRef(false);
  // Set while this page is logging the visitor in, so the "already logged in" redirect waits for afterLogin.
  const [finishing, setFinishing] = useState(false);

  // Back from Google or Facebook: trade the one-time ticket for the session (once, even under StrictMode).
  useEffect(() => {
    if (!ticket || exchanged.current) return;
    exchanged.current = true;
    setFinishing(true);
    exchange.mutate(ticket, {
      onSuccess: (auth) => void afterLogin(auth.user.fullName, params.get('return_to')),
      onError: () => setFinishing(false),
    });
  }, [ticket, exchange, afterLogin, params]);

  if (session && !finishing && !ticket) return <Navigate to={returnTo ?? appPath('/profile')} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = { email: !email.trim(), password: !password };
    setMissing(empty);
    if (empty.email || empty.password) return;
    setFinishing(true);
    login.mutate(
      { email, password },
      {
        onSuccess: (auth) => void afterLogin(auth.user.fullName),
        onError: () => setFinishing(false),
      },
    );
  };

  // The server answers an account not confirmed yet like a wrong password (it never tells that a password
  // is right), so every refused log-in offers the way to the code; nothing is sent from here.
  const refused = login.error instanceof ApiRequestError && login.error.code === 'INVALID_CREDENTIALS';
  const confirmEmail = () =>
    void navigate(appPath('/email_confirmation'), {
      state: { email: email.trim(), fullName: null, sentEarlier: true } satisfies ConfirmationState,
    });

  if (ticket && !exchange.isError)
    return (
      <AuthCard description={t('meta.login')} title={t('login.title')}>
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('social.finishing')}</Text>
        </Group>
      </AuthCard>
    );

  const emailForm = (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <EmailField
          label={t('fields.email')}
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setMissing((m) => ({ ...m, email: false }));
          }}
          error={missing.email ? t('fields.required') : undefined}
        />
        <PasswordField
          label={t('fields.password')}
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setMissing((m) => ({ ...m, password: false }));
          }}
          error={missing.password ? t('fields.required') : undefined}
          autoComplete="current-password"
          showLabel={t('fields.showPassword')}
        />
        <Anchor underline="always" component={Link} to={appPath('/forgot_password')} size="sm">
          {t('login.forgot')}
        </Anchor>
        {login.isError && (
          <Alert color="red" role="alert" title={t('login.failed')}>
            <Stack gap="xs">
              <Text size="sm">{errorText(login.error)}</Text>
              {refused && (
                <>
                  <Text size="sm">{t('login.notConfirmed')}</Text>
                  <Button size="xs" variant="light" onClick={confirmEmail} w="fit-content">
                    {t('login.enterCode')}
                  </Button>
                </>
              )}
            </Stack>
          </Alert>
        )}
        <Button type="submit" loading={login.isPending || finishing} fullWidth size="md">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );

  return (
    <AuthCard
      description={t('meta.login')}
      title={t('login.title')}
      subtitle={hydrated && hasPendingBooking() ? t('login.forBooking') : t('login.subtitle')}
    >
      {(socialError || exchange.isError) && (
        <Alert color="red" role="alert" title={t('social.failed')}>
          {socialError
            ? t(`errors:codes.${socialError}` as never, { defaultValue: t('social.failedBody') })
            : errorText(exchange.error)}
        </Alert>
      )}
      {phoneSignIn ? (
        <SignInMethodTabs
          value={method}
          onChange={setMethod}
          phone={
            <PhoneSignIn
              mode="login"
              onBusy={setFinishing}
              onSignedIn={(fullName) => void afterLogin(fullName, params.get('return_to'))}
            />
          }
          email={emailForm}
        />
      ) : (
        emailForm
      )}
      <SocialButtons returnTo={returnTo} />
      <Text size="sm" className={classes.footerLinks}>
        {t('login.noAccount')}{' '}
        <Anchor underline="always" component={Link} to={appPath('/signup')} state={returnTo ? { returnTo } : undefined}>
          {t('login.signupLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
