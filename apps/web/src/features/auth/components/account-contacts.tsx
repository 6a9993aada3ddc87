import type { AccountContacts as Contacts } from '@kwenda/contracts';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { EmailField } from '../../../components/auth-fields';
import { PhoneField, type PhoneValue } from '../../../components/phone-field';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from '../../../i18n/use-translation';
import { dialCodeOptions, useCountries } from '../../../lib/countries';
import { splitE164, toE164 } from '../../../lib/phone-number';
import { useAddContact, useVerifyContact } from '../api/phone-auth-api';
import { useAccountErrorText } from '../lib/error-text';
import { formatPhone } from '../lib/format-phone';
import { CodeStep } from './code-step';
import { SentenceWithAddress } from './sentence-with-address';

type Kind = 'email' | 'phone';

interface Sent {
  challenge: string;
  to: string;
  resendAfterSeconds: number;
  sentAt: number;
}

const CODE_IDS = { input: 'contact-code-input', verify: 'contact-verify', resend: 'contact-resend' };

/** Adding (or changing) one way to sign in: the address or number, then the code sent to it. */
function ContactForm({
  kind,
  current,
  onDone,
  onCancel,
}: {
  kind: Kind;
  current: string | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const accountErrorText = useAccountErrorText();
  const { data: countries = [] } = useCountries();
  const dialCodes = useMemo(() => dialCodeOptions(countries, i18n.language), [countries, i18n.language]);
  const add = useAddContact();
  const verify = useVerifyContact();
  const [email, setEmail] = useState(kind === 'email' ? (current ?? '') : '');
  const [phone, setPhone] = useState<PhoneValue>(() => splitE164(kind === 'phone' ? current : null));
  const [missing, setMissing] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);

  const send = () => {
    const value = kind === 'phone' ? toE164(phone.dialCode, phone.local) : email.trim();
    if (!value) {
      setMissing(true);
      return;
    }
    add.mutate(kind === 'phone' ? { phone: value, language } : { email: value, language }, {
      onSuccess: (answer) =>
        setSent({
          challenge: answer.challenge,
          to: answer.to,
          resendAfterSeconds: answer.resendAfterSeconds,
          sentAt: Date.now(),
        }),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  if (sent)
    return (
      <CodeStep
        sentTo={
          <SentenceWithAddress
            sentence={(to) => (kind === 'phone' ? t('phone.sentTo', { phone: to }) : t('contacts.sentToEmail', { to }))}
            address={kind === 'phone' ? formatPhone(sent.to) : sent.to}
          />
        }
        resendAfterSeconds={sent.resendAfterSeconds}
        sentAt={sent.sentAt}
        verifying={verify.isPending}
        resending={add.isPending}
        error={verify.isError ? accountErrorText(verify.error) : add.isError ? accountErrorText(add.error) : undefined}
        onVerify={(code) => verify.mutate({ challenge: sent.challenge, code }, { onSuccess: onDone })}
        onResend={send}
        onCodeChange={() => verify.reset()}
        testIds={CODE_IDS}
        footer={
          <Button variant="subtle" size="compact-sm" style={{ alignSelf: 'center' }} onClick={onCancel}>
            {t('contacts.cancel')}
          </Button>
        }
      />
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {kind === 'phone' ? (
          <PhoneField
            name="contact-phone"
            label={t('fields.mobile')}
            dialLabel={t('fields.dialCode')}
            hint={t('phone.hint')}
            value={phone}
            dialCodes={dialCodes}
            error={missing ? t('phone.numberRequired') : undefined}
            required
            testId="contact-phone"
            onChange={(value) => {
              setPhone(value);
              setMissing(false);
              add.reset();
            }}
          />
        ) : (
          <EmailField
            label={t('fields.email')}
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setMissing(false);
              add.reset();
            }}
            error={missing ? t('contacts.emailRequired') : undefined}
            data-testid="contact-email"
          />
        )}
        {add.isError && (
          <Alert color="red" role="alert">
            {accountErrorText(add.error)}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={add.isPending} data-testid="contact-send-code">
            {kind === 'phone' ? t('contacts.sendPhone') : t('contacts.sendEmail')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('contacts.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The account's ways to sign in (e-mail, mobile number), each verified or not; the missing one added,
 * an unverified one verified, either changed, with a code sent to it.
 */
export function AccountContacts({ contacts, phoneOffered }: { contacts: Contacts; phoneOffered: boolean }) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState<Kind | null>(null);
  const [done, setDone] = useState(false);

  const row = (kind: Kind) => {
    const value = kind === 'email' ? contacts.email : contacts.phone;
    const verified = kind === 'email' ? contacts.emailVerified : contacts.phoneVerified;
    const action = !value
      ? t(kind === 'email' ? 'contacts.addEmail' : 'contacts.addPhone')
      : !verified
        ? t(kind === 'email' ? 'contacts.verifyEmail' : 'contacts.verifyPhone')
        : t(kind === 'email' ? 'contacts.changeEmail' : 'contacts.changePhone');
    return (
      <Paper key={kind} withBorder radius="sm" p="sm" data-testid={`contact-${kind}-row`}>
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={2}>
              <Text size="sm" c="gray.7">
                {t(`contacts.${kind}`)}
              </Text>
              {value ? (
                <Text fw={600}>
                  <bdi dir="ltr">{kind === 'phone' ? formatPhone(value) : value}</bdi>
                </Text>
              ) : (
                <Text>{t('contacts.none')}</Text>
              )}
            </Stack>
            <Group gap="xs">
              {value && (
                <Badge color={verified ? 'teal' : 'gray'} variant="light" data-verified={verified}>
                  {verified ? t('contacts.verified') : t('contacts.notVerified')}
                </Badge>
              )}
              {open !== kind && (kind === 'email' || phoneOffered) && (
                <Button
                  size="xs"
                  variant={value && verified ? 'default' : 'light'}
                  onClick={() => {
                    setDone(false);
                    setOpen(kind);
                  }}
                  data-testid="add-contact"
                  data-contact={kind}
                >
                  {action}
                </Button>
              )}
            </Group>
          </Group>
          {open === kind && (
            <ContactForm
              kind={kind}
              current={value && !verified ? value : null}
              onDone={() => {
                setOpen(null);
                setDone(true);
              }}
              onCancel={() => setOpen(null)}
            />
          )}
        </Stack>
      </Paper>
    );
  };

  return (
    <SectionCard titleId="profile-contacts" title={t('contacts.title')} padding={{ base: 'md', sm: 'lg' }}>
      {done && (
        <Alert color="teal" role="status">
          {t('contacts.done')}
        </Alert>
      )}
      {row('email')}
      {/* A number's code goes on WhatsApp: without it, a number the account has is shown, none is added. */}
      {(phoneOffered || contacts.phone) && row('phone')}
    </SectionCard>
  );
}
