// Styles of the Mantine components this chunk of its own shows (see app/providers.tsx).
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { BOOKING_ACCESS_LIMITS, normalizeBookingReference, normalizeLastName } from '@kwenda/contracts';
import { Anchor, Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { ApiRequestError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { latinDigits } from '../../../lib/phone-number';
import { useAppPath } from '../../../lib/referral';
import { useRequestBookingCode, useVerifyBookingCode } from '../api/booking-api';
import classes from './booking.module.css';
import type { FindBookingState } from './limited-booking-view';

const REFERENCE = /^KW[A-Z0-9]{6}$/;
/** Hints under the boxes, dark enough to read (as on the booking's contact fields). */
const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];
const HINT_STYLES = { description: { color: 'var(--mantine-color-gray-7)', marginBlockStart: 4 } };

/**
 * Find my booking: the booking's reference and a passenger's last name, then the code the server
 * e-mails to the booking's address. The right code gives this browser the booking whole (the server
 * sets its cookie) and opens it. The page never learns whether the details matched a booking: the
 * server answers the same either way, so the page always goes on to the code.
 */
export function FindBooking() {
  const { t } = useTranslation('booking');
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const appPath = useAppPath();
  const state = (useLocation().state ?? {}) as FindBookingState;
  const request = useRequestBookingCode();
  const verify = useVerifyBookingCode();
  const [reference, setReference] = useState(state.reference ?? '');
  const [lastName, setLastName] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [checked, setChecked] = useState(false);
  const [resent, setResent] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const referenceRef = useRef<HTMLInputElement>(null);
  usePageMeta(`${t('find.title')} | ${t('common:brand' as never)}`, t('find.metaDescription'));

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  const referenceError = checked && !REFERENCE.test(normalizeBookingReference(reference)) ? t('find.errors.reference') : null;
  const lastNameError = checked && !normalizeLastName(lastName) ? t('find.errors.lastName') : null;
  const failure = (error: unknown) =>
    error instanceof ApiRequestError && error.status === 0
      ? tErrors('network')
      : error instanceof ApiRequestError && error.code === 'INVALID_CODE'
        ? t('find.wrongCode')
        : tErrors(`codes.${error instanceof ApiRequestError ? error.code : 'INTERNAL_ERROR'}` as never, {
            defaultValue: tErrors('unexpected'),
          });
  const details = () => ({ reference: normalizeBookingReference(reference), lastName: lastName.trim() });

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!REFERENCE.test(normalizeBookingReference(reference)) || !normalizeLastName(lastName)) {
      referenceRef.current?.focus();
      return;
    }
    request.mutate(details(), {
      onSuccess: () => {
        setCode('');
        verify.reset();
        setResent(false);
        setStep('code');
      },
    });
  };

  const openBooking = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate({ ...details(), code }, { onSuccess: ({ bookingId }) => void navigate(appPath(`/booking/${bookingId}`)) });
  };

  const codeError = verify.isError ? failure(verify.error) : null;

  return (
    <Container size="xs" px="md" className={classes.findPage}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} className={classes.findCard}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('find.title')}
          </Title>
          {step === 'details' ? (
            <>
              <Text c="gray.7">{t('find.intro')}</Text>
              {/* POST: should the form ever be sent without the script, nothing lands in an address. */}
              <form method="post" onSubmit={sendCode} noValidate>
                <Stack gap="sm">
                  <TextInput
                    ref={referenceRef}
                    label={t('find.reference')}
                    description={t('find.referenceHint')}
                    inputWrapperOrder={HINT_BELOW}
                    styles={HINT_STYLES}
                    placeholder="KW7F3K9Q"
                    value={reference}
                    onChange={(e) => setReference(e.currentTarget.value)}
                    error={referenceError}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    dir="ltr"
                    required
                  />
                  <TextInput
                    label={t('find.lastName')}
                    description={t('find.lastNameHint')}
                    inputWrapperOrder={HINT_BELOW}
                    styles={HINT_STYLES}
                    value={lastName}
                    onChange={(e) => setLastName(e.currentTarget.value)}
                    error={lastNameError}
                    autoComplete="family-name"
                    dir="ltr"
                    required
                  />
                  {request.isError && (
                    <Text size="sm" c="red.8" role="alert">
                      {failure(request.error)}
                    </Text>
                  )}
                  <Button type="submit" loading={request.isPending} fullWidth size="md">
                    {t('find.send')}
                  </Button>
                </Stack>
              </form>
              <Text size="sm" ta="center">
                {t('find.accountNote')}{' '}
                <Anchor component={Link} to={appPath('/login')} underline="always">
                  {t('find.accountLink')}
                </Anchor>
              </Text>
            </>
          ) : (
            <>
              <Stack gap={4}>
                <Title order={2} size="h4">
                  {t('find.sentTitle')}
                </Title>
                <Text c="gray.7" role="status">
                  {t('find.sent', { minutes: BOOKING_ACCESS_LIMITS.codeMinutes })}
                </Text>
              </Stack>
              <form method="post" onSubmit={openBooking} noValidate>
                <Stack gap="sm">
                  <TextInput
                    ref={codeRef}
                    className={classes.codeInput}
                    label={t('find.code')}
                    placeholder="XXXXXX"
                    value={code}
                    onChange={(e) => {
                      setCode(latinDigits(e.currentTarget.value).replace(/\D/g, '').slice(0, BOOKING_ACCESS_LIMITS.codeLength));
                      verify.reset();
                    }}
                    error={codeError}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    dir="ltr"
                    required
                  />
                  <Button
                    type="submit"
                    loading={verify.isPending}
                    disabled={code.length !== BOOKING_ACCESS_LIMITS.codeLength}
                    fullWidth
                    size="md"
                  >
                    {t('find.open')}
                  </Button>
                </Stack>
              </form>
              <Group justify="center" gap="xs">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  loading={request.isPending}
                  onClick={() => request.mutate(details(), { onSuccess: () => setResent(true) })}
                >
                  {t('find.resend')}
                </Button>
                <Button variant="subtle" size="compact-sm" onClick={() => setStep('details')}>
                  {t('find.change')}
                </Button>
              </Group>
              {resent && !request.isError && (
                <Text size="sm" c="teal.9" role="status" ta="center">
                  {t('find.resent')}
                </Text>
              )}
              {request.isError && (
                <Text size="sm" c="red.8" role="alert" ta="center">
                  {failure(request.error)}
                </Text>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
