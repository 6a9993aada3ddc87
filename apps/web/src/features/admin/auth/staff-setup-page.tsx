import { formatAgencyDateTime } from '@kwenda/contracts/display';
import { Alert, Anchor, Button, Card, Center, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate, useParams } from '../../../lib/router';
import { AdminPage } from '../components/admin-page';
import { apiErrorText } from '../components/api-error-alert';
import { BidiText, ltr } from '../lib/bidi';
import { saveStaffSession, useAcceptInvitation, useInvitation } from './staff-auth-api';
import classes from './staff-auth.module.css';
import { PasswordField } from '../../../components/auth-fields';

/**
 * The set-up link (/admin/setup/:token), the first owner's from the command line or an invitation
 * e-mailed by the owner: name and password, then on to the authenticator's set-up.
 */
export function StaffSetupPage() {
  const { t, i18n } = useTranslation('admin-staff');
  const { t: tAdmin } = useTranslation('admin');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [checked, setChecked] = useState(false);
  const prefill = invitation.data?.fullName;
  useEffect(() => {
    if (prefill) setFullName((current) => current || prefill);
  }, [prefill]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!fullName.trim() || !password || password !== confirmation) return;
    accept.mutate(
      { fullName, password, passwordConfirmation: confirmation },
      {
        onSuccess: (signedIn) => {
          saveStaffSession(signedIn);
          void navigate('/admin/security', { replace: true });
        },
      },
    );
  };

  const body = () => {
    if (invitation.isPending)
      return (
        <Center py="lg">
          <Loader role="status" aria-label={t('setup.loading')} />
        </Center>
      );
    if (invitation.isError)
      return (
        <Alert color="red" role="alert" title={t('setup.invalidTitle')}>
          <Stack gap="xs">
            <Text size="sm">{t('setup.invalidBody')}</Text>
            <Anchor component={Link} to="/admin/login" size="sm" underline="always">
              {t('setup.toLogin')}
            </Anchor>
          </Stack>
        </Alert>
      );
    const info = invitation.data;
    return (
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            <BidiText>{t('setup.intro', { email: ltr(info.email), role: tAdmin(`roles.${info.role}`) })}</BidiText>
          </Text>
          <Text size="sm" c="gray.7">
            {t('setup.expires', { time: formatAgencyDateTime(new Date(info.expiresAt), i18n.language, { month: 'short' }) })}
          </Text>
          <TextInput label={t('login.email')} value={info.email} readOnly dir="ltr" autoComplete="username" />
          <TextInput
            label={t('setup.fullName')}
            value={fullName}
            onChange={(e) => setFullName(e.currentTarget.value)}
            error={checked && !fullName.trim() ? t('login.required') : undefined}
            autoComplete="name"
            maxLength={120}
            required
          />
          <PasswordField
            label={t('setup.password')}
            hint={t('setup.passwordHint')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={checked && !password ? t('login.required') : undefined}
            autoComplete="new-password"
            showLabel={t('login.showPassword')}
          />
          <PasswordField
            label={t('setup.confirmation')}
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={checked && password !== confirmation ? t('setup.mismatch') : undefined}
            autoComplete="new-password"
            showLabel={t('login.showPassword')}
          />
          {accept.isError ? (
            <Alert color="red" role="alert" title={t('login.failed')}>
              {apiErrorText(accept.error)}
            </Alert>
          ) : null}
          <Button type="submit" loading={accept.isPending} size="md">
            {t('setup.submit')}
          </Button>
        </Stack>
      </form>
    );
  };

  return (
    <AdminPage title={t('setup.title')}>
      <Card withBorder radius="md" padding="lg" className={classes.narrow}>
        {body()}
      </Card>
    </AdminPage>
  );
}
