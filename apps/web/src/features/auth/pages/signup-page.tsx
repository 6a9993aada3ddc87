import { ACCOUNT_LIMITS } from '@kwenda/contracts/rules';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { ApiRequestError } from '../../../lib/api-client';
import { useAppPath } from '../../../lib/referral';
import { usePublicConfigAsRendered } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSignup, type SignupInput } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import classes from '../components/auth.module.css';
import { PhoneSignIn } from '../components/phone-sign-in';
import { SignInMethodTabs, type SignInMethod } from '../components/sign-in-method';
import { SocialButtons } from '../components/social-buttons';
import { errorText, fieldCodes } from '../lib/error-text';
import { safeReturnTo } from '../lib/return-to';
import { useAfterLogin } from '../lib/use-after-login';
import { clearFieldError, signupErrors, type SignupField } from '../lib/signup-errors';
import type { ConfirmationState } from './email-confirmation-page';
import { EmailField, PasswordField } from '../../../components/auth-fields';

const empty: SignupInput = { fullName: '', email: '', password: '', passwordConfirmation: '' };

/**
 * Sign-up: full name, e-mail, password and its
 * confirmation. Errors come from the server; editing a field clears its own error, and editing
 * the confirmation also clears the mismatch. After registering, the code screen.
 */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const appPath = useAppPath();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const signup = useSignup();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<SignupField, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const returnTo = safeReturnTo((location.state as { returnTo?: string } | null)?.returnTo);
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  // ?method=phone opens the mobile tab; a prerendered page knows no query, so only once hydrated.
  const [chosen, setMethod] = useState<SignInMethod | null>(null);
  // Sign-in by mobile number needs WhatsApp for its codes: offered only where the agency set it up.
  const phoneSignIn = usePublicConfigAsRendered().data?.whatsappMessages === true;
  const method: SignInMethod = chosen ?? (phoneSignIn && hydrated && params.get('method') === 'phone' ? 'phone' : 'email');
  const afterLogin = useAfterLogin();
  // Set while a mobile sign-up is finishing, so the "already signed in" redirect waits for afterLogin.
  const [finishing, setFinishing] = useState(false);

  if (session && !signup.isPending && !finishing) return <Navigate to={appPath('/profile')} replace />;

  const edit = (field: SignupField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => clearFieldError(e, field));
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    signup.mutate(form, {
      onSuccess: ({ user, registration }) =>
        void navigate(appPath('/email_confirmation'), {
          state: {
            email: user.email ?? form.email.trim(),
            fullName: user.fullName,
            returnTo: returnTo ?? undefined,
            registration,
          } satisfies ConfirmationState,
        }),
      onError: (error) => {
        const fields = signupErrors(error instanceof ApiRequestError ? error.code : null, fieldCodes(error, 'payload.'));
        setErrors(fields);
        // Field codes show under their inputs; anything else (network, throttling) above the button.
        if (Object.keys(fields).length === 0) setFailure(error);
      },
    });
  };

  const message = (field: SignupField) => {
    const code = errors[field];
    if (!code) return undefined;
    return t(`signup.errors.${code}` as never, {
      max: ACCOUNT_LIMITS.fullNameMaxLength,
      defaultValue: t(`errors:codes.${code}` as never, { defaultValue: t('fields.invalid') }),
    });
  };

  const emailForm = (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('fields.fullName')}
          value={form.fullName}
          onChange={(e) => edit('fullName', e.currentTarget.value)}
          error={message('fullName')}
          autoComplete="name"
          required
        />
        <EmailField
          label={t('fields.email')}
          value={form.email}
          onChange={(e) => edit('email', e.currentTarget.value)}
          error={message('email')}
        />
        <PasswordField
          label={t('fields.password')}
          hint={t('signup.passwordHint')}
          value={form.password}
          onChange={(e) => edit('password', e.currentTarget.value)}
          error={message('password')}
          autoComplete="new-password"
          showLabel={t('fields.showPassword')}
        />
        <PasswordField
          label={t('fields.passwordConfirmation')}
          value={form.passwordConfirmation}
          onChange={(e) => edit('passwordConfirmation', e.currentTarget.value)}
          // A mismatch marks this input and says why in the line below it.
          error={errors.passwordConfirmation === 'PASSWORD_CONFIRMATION_MISMATCH' ? true : message('passwordConfirmation')}
          aria-describedby={errors.mismatch ? 'signup-mismatch' : undefined}
          autoComplete="new-password"
          showLabel={t('fields.showPassword')}
        />
        {errors.mismatch && (
          <Text size="sm" c="red.8" role="alert" id="signup-mismatch" mt={-8}>
            {message('mismatch')}
          </Text>
        )}
        {failure !== null && (
          <Alert color="red" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        <Button type="submit" loading={signup.isPending} fullWidth size="md">
          {t('signup.submit')}
        </Button>
      </Stack>
    </form>
  );

  return (
    <AuthCard description={t('meta.signup')} title={t('signup.title')} subtitle={t('signup.subtitle')}>
      {phoneSignIn ? (
        <SignInMethodTabs
          value={method}
          onChange={setMethod}
          phone={
            <PhoneSignIn mode="signup" onBusy={setFinishing} onSignedIn={(fullName) => void afterLogin(fullName, returnTo)} />
          }
          email={emailForm}
        />
      ) : (
        emailForm
      )}
      <SocialButtons returnTo={returnTo} />
      <Text size="sm" className={classes.footerLinks}>
        {t('signup.haveAccount')}{' '}
        <Anchor underline="always" component={Link} to={appPath('/login')}>
          {t('signup.loginLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
