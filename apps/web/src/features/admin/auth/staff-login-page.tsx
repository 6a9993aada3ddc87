import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Navigate, useNavigate, useSearchParams } from '../../../lib/router';
import { AdminPage } from '../components/admin-page';
import { apiErrorText } from '../components/api-error-alert';
import { useStaffSession } from '../lib/staff-session';
import { saveStaffSession, useStaffLogin } from './staff-auth-api';
import classes from './staff-auth.module.css';
import { EmailField, PasswordField } from '../../../components/auth-fields';

/** Where to go after signing in: a desk address from ?return_to, else Today. */
export function deskReturnTo(value: string | null): string {
  return value && /^\/admin(\/|$|\?)/.test(value) && !value.startsWith('//') ? value : '/admin';
}

/**
 * Staff sign-in: e-mail and password; then, with the authenticator on, its six-digit code (or a
 * recovery code). A staff member without the authenticator goes to the security page to turn it on.
 */
export function StaffLoginPage() {
  const { t } = useTranslation('admin-staff');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useStaffSession();
  const login = useStaffLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean; code?: boolean }>({});
  const returnTo = deskReturnTo(params.get('return_to'));

  if (session && !login.isPending) return <Navigate to={session.staff.secondFactor ? returnTo : '/admin/security'} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = { email: !email.trim(), password: !password, code: step === 'code' && !code.trim() };
    setMissing(empty);
    if (empty.email || empty.password || empty.code) return;
    login.mutate(
      { email, password, ...(step === 'code' ? { code } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.status === 'code-required') {
            setStep('code');
            return;
          }
          saveStaffSession(answer);
          void navigate(answer.staff.secondFactorEnabled ? returnTo : '/admin/security', { replace: true });
        },
      },
    );
  };

  return (
    <AdminPage title={t('login.title')}>
      <Card withBorder radius="md" padding="lg" className={classes.narrow}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {step === 'password' ? (
              <>
                <Text size="sm" c="gray.7">
                  {t('login.intro')}
                </Text>
                <EmailField
                  label={t('login.email')}
                  value={email}
                  onChange={(e) => {
                    setEmail(e.currentTarget.value);
                    setMissing((m) => ({ ...m, email: false }));
                  }}
                  error={missing.email ? t('login.required') : undefined}
                  autoComplete="username"
                />
                <PasswordField
                  label={t('login.password')}
                  value={password}
                  onChange={(e) => {
                    setPassword(e.currentTarget.value);
                    setMissing((m) => ({ ...m, password: false }));
                  }}
                  error={missing.password ? t('login.required') : undefined}
                  autoComplete="current-password"
                  showLabel={t('login.showPassword')}
                />
              </>
            ) : (
              <>
                <Text fw={700} component="h2" size="lg" m={0}>
                  {t('login.codeTitle')}
                </Text>
                <Text size="sm" c="gray.7">
                  {t('login.codeIntro', { brand: tc('brand') })}
                </Text>
                <TextInput
                  label={t('login.code')}
                  description={t('login.codeHint')}
                  value={code}
                  onChange={(e) => {
                    setCode(e.currentTarget.value);
                    setMissing((m) => ({ ...m, code: false }));
                  }}
                  error={missing.code ? t('login.required') : undefined}
                  autoComplete="one-time-code"
                  autoCapitalize="off"
                  spellCheck={false}
                  dir="ltr"
                  classNames={{ input: classes.codeInput, description: classes.description }}
                  maxLength={16}
                  data-autofocus
                  autoFocus
                  required
                />
              </>
            )}
            {login.isError ? (
              <Alert color="red" role="alert" title={t('login.failed')}>
                {apiErrorText(login.error)}
              </Alert>
            ) : null}
            <Group justify="space-between" wrap="wrap-reverse" gap="xs">
              {step === 'code' ? (
                <Button
                  variant="subtle"
                  onClick={() => {
                    setStep('password');
                    setCode('');
                    login.reset();
                  }}
                >
                  {t('login.back')}
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" loading={login.isPending} size="md">
                {step === 'code' ? t('login.verify') : t('login.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </AdminPage>
  );
}
