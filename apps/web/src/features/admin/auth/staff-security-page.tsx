import type { TotpSetupResponse } from '@kwenda/contracts/admin';
import { Alert, Button, Card, Center, Checkbox, CopyButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../lib/router';
import { AdminPage } from '../components/admin-page';
import { ApiErrorAlert, apiErrorText } from '../components/api-error-alert';
import { updateStaffSession, useStaffSession } from '../lib/staff-session';
import { sessionStaffOf, useStaffMe, useTotpConfirm, useTotpSetup } from './staff-auth-api';
import classes from './staff-auth.module.css';

/** The key in groups of four, as authenticator apps show and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The staff member's security: turning the authenticator on (required before anything else: a QR
 * code and the key to type, confirmed with a code, then the 10 recovery codes shown once), and, once
 * it is on, the account and a way to move it to a new phone.
 */
export function StaffSecurityPage() {
  const { t } = useTranslation('admin-staff');
  const session = useStaffSession();
  const [replacing, setReplacing] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const secondFactor = session?.staff.secondFactor ?? false;

  return (
    <AdminPage title={t('security.title')}>
      {codes ? (
        <RecoveryCodes codes={codes} email={session?.staff.email ?? ''} onDone={() => setCodes(null)} />
      ) : !secondFactor ? (
        <>
          <Alert color="yellow" title={t('security.requiredTitle')} classNames={{ title: classes.alertTitle }}>
            {t('security.requiredBody')}
          </Alert>
          <AuthenticatorSetup onConfirmed={setCodes} />
        </>
      ) : replacing ? (
        <AuthenticatorSetup
          onConfirmed={(next) => {
            setReplacing(false);
            setCodes(next);
          }}
          onCancel={() => setReplacing(false)}
        />
      ) : (
        <AccountCard onReplace={() => setReplacing(true)} />
      )}
    </AdminPage>
  );
}

function AccountCard({ onReplace }: { onReplace: () => void }) {
  const { t } = useTranslation('admin-staff');
  const { t: tAdmin } = useTranslation('admin');
  const me = useStaffMe();
  if (me.isPending)
    return (
      <Center py="lg">
        <Loader role="status" aria-label={t('staff.loading')} />
      </Center>
    );
  if (me.isError) return <ApiErrorAlert error={me.error} />;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg" className={classes.narrow}>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('security.onTitle')}
          </Title>
          <Text size="sm">
            {t('security.name')}: {me.data.fullName}
          </Text>
          <Text size="sm">
            {t('security.email')}: <bdi dir="ltr">{me.data.email}</bdi>
          </Text>
          <Text size="sm">
            {t('security.role')}: {tAdmin(`roles.${me.data.role}`)}
          </Text>
          <Text size="sm">{t('security.codesLeft', { count: me.data.recoveryCodesLeft })}</Text>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" className={classes.narrow}>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('security.replaceTitle')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('security.replaceBody')}
          </Text>
          <Button variant="light" onClick={onReplace} w="fit-content">
            {t('security.replace')}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}

/** A new key (asked for once on opening), its QR code and key text, and the code that turns it on. */
function AuthenticatorSetup({ onConfirmed, onCancel }: { onConfirmed: (codes: string[]) => void; onCancel?: () => void }) {
  const { t } = useTranslation('admin-staff');
  const { t: tc } = useTranslation();
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const started = useRef(false);
  const [key, setKey] = useState<TotpSetupResponse | null>(null);
  const { mutate: start } = setup;
  useEffect(() => {
    // Once, even under StrictMode: each call replaces the pending key, and the QR shown must be the one in force.
    if (started.current) return;
    started.current = true;
    start(undefined, { onSuccess: setKey });
  }, [start]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!code.trim());
    if (!code.trim()) return;
    confirm.mutate(code.trim(), {
      onSuccess: (answer) => {
        // The codes first: the session's change would otherwise swap this screen for the account's.
        onConfirmed(answer.recoveryCodes);
        updateStaffSession(sessionStaffOf(answer.staff));
      },
    });
  };

  if (setup.isError)
    return (
      <Alert color="red" role="alert" title={t('login.failed')}>
        <Stack gap="xs">
          <Text size="sm">{apiErrorText(setup.error)}</Text>
          <Button size="xs" variant="light" w="fit-content" onClick={() => start(undefined, { onSuccess: setKey })}>
            {t('security.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (!key)
    return (
      <Center py="lg">
        <Loader role="status" aria-label={t('security.starting')} />
      </Center>
    );
  return (
    <Card withBorder radius="md" padding="lg" className={classes.narrow}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ol className={classes.steps}>
            <li>
              <Text size="sm">{t('security.stepApp')}</Text>
            </li>
            <li>
              <Text size="sm">{t('security.stepScan')}</Text>
            </li>
            <li>
              <Text size="sm">{t('security.stepCode')}</Text>
            </li>
          </ol>
          <img
            src={key.qrCode}
            alt={t('security.qrAlt', { brand: tc('brand') })}
            className={classes.qr}
            width={200}
            height={200}
          />
          <Stack gap={4}>
            <Text size="sm" fw={600} id="totp-secret-label">
              {t('security.secretLabel')}
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Text dir="ltr" className={classes.secret} aria-labelledby="totp-secret-label" data-testid="totp-secret">
                {grouped(key.secret)}
              </Text>
              <CopyButton value={key.secret}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="light" onClick={copy}>
                    {copied ? t('security.copied') : t('security.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
          <TextInput
            label={t('security.code')}
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? t('login.required') : undefined}
            autoComplete="one-time-code"
            inputMode="numeric"
            dir="ltr"
            maxLength={8}
            classNames={{ input: classes.codeInput }}
            required
          />
          {confirm.isError ? (
            <Alert color="red" role="alert" title={t('login.failed')}>
              {apiErrorText(confirm.error)}
            </Alert>
          ) : null}
          <Group gap="xs">
            <Button type="submit" loading={confirm.isPending} size="md">
              {t('security.confirm')}
            </Button>
            {onCancel ? (
              <Button variant="subtle" onClick={onCancel}>
                {t('security.cancel')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The 10 recovery codes, shown this once: copy, download, and a check that they were saved. */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation('admin-staff');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const text = [t('security.fileHeading', { email, brand: tc('brand') }), '', ...codes].join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'kwenda-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Card withBorder radius="md" padding="lg" className={classes.narrow}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('security.codesTitle')}
        </Title>
        <Text size="sm">{t('security.codesIntro')}</Text>
        <ul className={classes.codes} aria-label={t('security.codesList')} dir="ltr" data-testid="recovery-codes">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <Group gap="xs">
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('security.copied') : t('security.copyCodes')}
              </Button>
            )}
          </CopyButton>
          <Button variant="light" onClick={download}>
            {t('security.download')}
          </Button>
        </Group>
        <Checkbox checked={saved} onChange={(e) => setSaved(e.currentTarget.checked)} label={t('security.saved')} />
        <Button
          size="md"
          disabled={!saved}
          onClick={() => {
            onDone();
            void navigate('/admin', { replace: true });
          }}
        >
          {t('security.continue')}
        </Button>
      </Stack>
    </Card>
  );
}
