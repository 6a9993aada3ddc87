import { PHONE_CODE_LIMITS } from '@kwenda/contracts/rules';
import { Button, Group, Stack, Text, TextInput, useDirection } from '@mantine/core';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { cleanCode } from '../lib/code-input';
import classes from './auth.module.css';

interface CodeStepProps {
  /** The sentence above the box: where the code went (the number or address isolated left to right). */
  sentTo: ReactNode;
  /** Seconds before "send the code again" may be pressed, counted from when this step showed (or the last resend). */
  resendAfterSeconds: number;
  /** Bumped by the caller each time a code is sent, to start the countdown again. */
  sentAt: number;
  verifying: boolean;
  resending: boolean;
  /** The refused code's message, tied to the box. */
  error?: string;
  /** Anything the verify needs besides the code (the full name of a new account). */
  children?: ReactNode;
  /** Below everything (a way back to change the number). */
  footer?: ReactNode;
  submitLabel?: string;
  onVerify: (code: string) => void;
  onResend: () => void;
  onCodeChange?: () => void;
  testIds?: { input: string; verify: string; resend: string };
}

const DEFAULT_IDS = { input: 'code-input', verify: 'verify-code', resend: 'resend-code' };

/** Seconds left until `until` (ms), ticking each second; 0 once passed. */
function useSecondsLeft(until: number) {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = window.setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads `until` only
  }, [until]);
  return seconds;
}

/**
 * The 6-digit code screen: one box (the phone's keypad, the code offered by the keyboard from the
 * message, Arabic-Indic digits read as Latin), confirm, and "send the code again" disabled with a
 * countdown until the server would accept it.
 */
export function CodeStep({
  sentTo,
  resendAfterSeconds,
  sentAt,
  verifying,
  resending,
  error,
  children,
  footer,
  submitLabel,
  onVerify,
  onResend,
  onCodeChange,
  testIds = DEFAULT_IDS,
}: CodeStepProps) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const secondsLeft = useSecondsLeft(sentAt + resendAfterSeconds * 1000);
  const waitId = useId();
  const { dir } = useDirection();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== PHONE_CODE_LIMITS.codeLength) {
      setIncomplete(true);
      return;
    }
    onVerify(code);
  };

  return (
    <Stack gap="sm">
      <Text c="gray.8">{sentTo}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            className={classes.codeInput}
            label={t('phone.code')}
            placeholder="••••••"
            value={code}
            onChange={(e) => {
              setCode(cleanCode(e.currentTarget.value));
              setIncomplete(false);
              onCodeChange?.();
            }}
            error={incomplete ? t('phone.codeIncomplete') : error}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PHONE_CODE_LIMITS.codeLength * 2}
            dir="ltr"
            // Only the box is left to right; its label and error follow the page.
            wrapperProps={{ dir }}
            required
            data-autofocus
            data-testid={testIds.input}
          />
          {children}
          <Button type="submit" loading={verifying} fullWidth size="md" data-testid={testIds.verify}>
            {submitLabel ?? t('phone.verify')}
          </Button>
        </Stack>
      </form>
      <Group gap="xs" justify="center" wrap="wrap">
        <Button
          variant="subtle"
          size="compact-sm"
          loading={resending}
          disabled={secondsLeft > 0}
          aria-describedby={secondsLeft > 0 ? waitId : undefined}
          onClick={onResend}
          data-testid={testIds.resend}
        >
          {t('phone.resend')}
        </Button>
        {secondsLeft > 0 && (
          <Text size="sm" c="gray.7" id={waitId} aria-live="off">
            {t('phone.resendIn', { seconds: secondsLeft })}
          </Text>
        )}
      </Group>
      {footer}
    </Stack>
  );
}
