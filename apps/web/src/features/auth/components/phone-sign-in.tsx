import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ApiRequestError } from '../../../lib/api-client';
import { dialCodeOptions, useCountries } from '../../../lib/countries';
import { toE164 } from '../../../lib/phone-number';
import { PhoneField, type PhoneValue } from '../../../components/phone-field';
import { useSendPhoneCode, useVerifyPhoneCode } from '../api/phone-auth-api';
import { useAccountErrorText } from '../lib/error-text';
import { formatPhone } from '../lib/format-phone';
import { retryAfterOf } from '../lib/code-input';
import { CodeStep } from './code-step';
import { SentenceWithAddress } from './sentence-with-address';

interface PhoneSignInProps {
  /** Sign-up asks the full name before the number; log-in asks it only when the number has no account. */
  mode: 'login' | 'signup';
  onSignedIn: (fullName: string) => void;
  /** True while a code is being checked (the session may land before onSignedIn runs), false when refused. */
  onBusy?: (busy: boolean) => void;
}

interface Sent {
  challenge: string;
  phone: string;
  resendAfterSeconds: number;
  sentAt: number;
}

/**
 * Signing in (or up) with a mobile number: the number (+249 first, any country), a 6-digit code by
 * WhatsApp, then signed in. A number with no account answers NAME_REQUIRED to a right code: the name
 * is then asked on the same screen and the same code sent again with it.
 */
export function PhoneSignIn({ mode, onSignedIn, onBusy }: PhoneSignInProps) {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const { data: countries = [] } = useCountries();
  const dialCodes = useMemo(() => dialCodeOptions(countries, i18n.language), [countries, i18n.language]);
  const accountErrorText = useAccountErrorText();
  const send = useSendPhoneCode();
  const verify = useVerifyPhoneCode();
  const [phone, setPhone] = useState<PhoneValue>({ dialCode: '+249', local: '' });
  const [fullName, setFullName] = useState('');
  const [missing, setMissing] = useState<{ phone?: boolean; fullName?: boolean }>({});
  const [sent, setSent] = useState<Sent | null>(null);
  // The code was right but the number has no account: the name makes one.
  const [nameNeeded, setNameNeeded] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  // Asked for after a right code: the name box takes the focus, so the next keys go there.
  useEffect(() => {
    if (nameNeeded) nameRef.current?.focus();
  }, [nameNeeded]);

  const sendCode = (number: string) =>
    send.mutate(
      { phone: number, language },
      {
        onSuccess: (answer) =>
          setSent({
            challenge: answer.challenge,
            phone: answer.phone,
            resendAfterSeconds: answer.resendAfterSeconds,
            sentAt: Date.now(),
          }),
        onError: (error) => {
          // Refused as too soon: the countdown shows the wait the server named.
          const wait = retryAfterOf(error);
          if (wait && sent) setSent({ ...sent, resendAfterSeconds: wait, sentAt: Date.now() });
        },
      },
    );

  const submitNumber = (event: FormEvent) => {
    event.preventDefault();
    const number = toE164(phone.dialCode, phone.local);
    const empty = { phone: !number, fullName: mode === 'signup' && !fullName.trim() };
    setMissing(empty);
    if (empty.phone || empty.fullName) return;
    sendCode(number!);
  };

  const verifyCode = (typed: string) => {
    if (!sent) return;
    const name = fullName.trim();
    if (nameNeeded && !name) {
      setMissing({ fullName: true });
      return;
    }
    onBusy?.(true);
    verify.mutate(
      { challenge: sent.challenge, phone: sent.phone, code: typed, fullName: name || null },
      {
        onSuccess: (auth) => onSignedIn(auth.user.fullName),
        onError: (error) => {
          onBusy?.(false);
          if (error instanceof ApiRequestError && error.code === 'NAME_REQUIRED') setNameNeeded(true);
        },
      },
    );
  };

  const nameField = (
    <TextInput
      ref={nameRef}
      label={t('fields.fullName')}
      value={fullName}
      onChange={(e) => {
        setFullName(e.currentTarget.value);
        setMissing((m) => ({ ...m, fullName: false }));
      }}
      error={missing.fullName ? t('fields.required') : undefined}
      autoComplete="name"
      required
      data-testid="full-name"
    />
  );

  if (sent) {
    const refused = verify.isError && !(verify.error instanceof ApiRequestError && verify.error.code === 'NAME_REQUIRED');
    return (
      <CodeStep
        key={sent.challenge}
        sentTo={
          nameNeeded ? (
            t('phone.nameNeeded')
          ) : (
            <SentenceWithAddress sentence={(number) => t('phone.sentTo', { phone: number })} address={formatPhone(sent.phone)} />
          )
        }
        resendAfterSeconds={sent.resendAfterSeconds}
        sentAt={sent.sentAt}
        verifying={verify.isPending}
        resending={send.isPending}
        error={refused ? accountErrorText(verify.error) : send.isError ? accountErrorText(send.error) : undefined}
        submitLabel={nameNeeded ? t('phone.createAccount') : undefined}
        onVerify={verifyCode}
        onResend={() => {
          verify.reset();
          sendCode(sent.phone);
        }}
        onCodeChange={() => {
          verify.reset();
          send.reset();
        }}
        footer={
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ alignSelf: 'center' }}
            onClick={() => {
              setSent(null);
              setNameNeeded(false);
              verify.reset();
              send.reset();
            }}
          >
            {t('phone.changeNumber')}
          </Button>
        }
      >
        {nameNeeded ? nameField : null}
      </CodeStep>
    );
  }

  return (
    <form onSubmit={submitNumber} noValidate>
      <Stack gap="sm">
        {mode === 'signup' && nameField}
        <PhoneField
          name="phone"
          label={t('fields.mobile')}
          dialLabel={t('fields.dialCode')}
          hint={t('phone.hint')}
          value={phone}
          dialCodes={dialCodes}
          error={missing.phone ? t('phone.numberRequired') : undefined}
          required
          testId="phone-input"
          onChange={(value) => {
            setPhone(value);
            setMissing((m) => ({ ...m, phone: false }));
            send.reset();
          }}
        />
        {send.isError && (
          <Alert color="red" role="alert">
            {retryAfterOf(send.error)
              ? t('phone.waitSeconds', { seconds: retryAfterOf(send.error) })
              : accountErrorText(send.error)}
          </Alert>
        )}
        <Button type="submit" loading={send.isPending} fullWidth size="md" data-testid="send-code">
          {t('phone.send')}
        </Button>
      </Stack>
    </form>
  );
}
