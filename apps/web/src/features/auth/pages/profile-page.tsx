import { Alert, Badge, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, Navigate, useLocation } from '../../../lib/router';
import { dialCodeOptions, useCountries } from '../../../lib/countries';
import { PhoneField, type PhoneValue } from '../../../components/phone-field';
import { splitE164, toE164 } from '../../../lib/phone-number';
import { usePageMeta } from '../../../lib/page-meta';
import { useAppPath } from '../../../lib/referral';
import { usePublicConfig } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { useAccount, useUpdateAccount } from '../api/auth-api';
import classes from '../components/auth.module.css';
import { AccountContacts } from '../components/account-contacts';
import { GuestBookingsOffer } from '../components/guest-bookings-offer';
import { MyBookings } from '../components/my-bookings';
import { errorText } from '../lib/error-text';
import { SectionCard } from '../../../components/section-card';

/** The account's two numbers, edited alike: the mobile and the WhatsApp number. */
const PHONE_NAMES = ['mobile', 'whatsapp'] as const;
type PhoneName = (typeof PHONE_NAMES)[number];

/**
 * The profile: name, mobile, WhatsApp and status, with an edit mode; the ways to sign in (e-mail, mobile
 * number) and whether each is verified; and the account's bookings.
 * An agent of the agency also finds the way to their own page (/agent) here.
 */
export function ProfilePage() {
  const { t, i18n } = useTranslation('auth');
  const appPath = useAppPath();
  const location = useLocation();
  const session = useSession();
  const account = useAccount();
  const update = useUpdateAccount();
  const { data: countries = [] } = useCountries();
  const dialCodes = useMemo(() => dialCodeOptions(countries, i18n.language), [countries, i18n.language]);
  const [editing, setEditing] = useState(false);
  const [phones, setPhones] = useState<Record<PhoneName, PhoneValue>>({
    mobile: { dialCode: '+249', local: '' },
    whatsapp: { dialCode: '+249', local: '' },
  });
  const [saved, setSaved] = useState(false);
  // A mobile number's code goes on WhatsApp: one is added only where the site sends on WhatsApp.
  const whatsappOffered = usePublicConfig().data?.whatsappMessages === true;

  usePageMeta(`${t('profile.title')} | ${t('common:brand' as never)}`, t('meta.profile'));

  if (!session) return <Navigate to={`${appPath('/login')}?return_to=${encodeURIComponent(location.pathname)}`} replace />;
  const user = account.data ?? session.user;
  const agent = account.data?.agent ?? null;

  const startEditing = () => {
    setPhones({ mobile: splitE164(user.mobile), whatsapp: splitE164(user.whatsapp) });
    setSaved(false);
    update.reset();
    setEditing(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        mobile: toE164(phones.mobile.dialCode, phones.mobile.local),
        whatsapp: toE164(phones.whatsapp.dialCode, phones.whatsapp.local),
      },
      {
        onSuccess: () => {
          setEditing(false);
          setSaved(true);
        },
      },
    );
  };

  const validation =
    (update.error as { raw?: { validationErrors?: Record<string, string> } } | null)?.raw?.validationErrors ?? {};
  const phoneError = (field: PhoneName) => (validation[field] ? t('profile.invalidPhone') : undefined);
  const none = <span>{t('profile.none')}</span>;

  return (
    <Container size="sm" px="md" className={classes.page}>
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('profile.greeting', { name: user.fullName })}
        </Title>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-details">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} size="h4" id="profile-details">
                {t('profile.details')}
              </Title>
              {account.isFetching && <Loader role="status" size="xs" aria-label={t('common:loading' as never)} />}
            </Group>
            {saved && (
              <Alert
                color="teal"
                role="status"
                withCloseButton
                onClose={() => setSaved(false)}
                closeButtonLabel={t('profile.close')}
              >
                {t('profile.saved')}
              </Alert>
            )}
            <dl className={classes.detailList}>
              <dt>{t('fields.fullName')}</dt>
              <dd>{user.fullName}</dd>
              {!editing && (
                <>
                  <dt>{t('fields.mobile')}</dt>
                  <dd>{user.mobile ? <bdi dir="ltr">{user.mobile}</bdi> : none}</dd>
                  <dt>{t('fields.whatsapp')}</dt>
                  <dd>{user.whatsapp ? <bdi dir="ltr">{user.whatsapp}</bdi> : none}</dd>
                </>
              )}
              <dt>{t('profile.status')}</dt>
              <dd>
                <Badge color={user.active ? 'teal' : 'gray'} variant="light">
                  {user.active ? t('profile.active') : t('profile.inactive')}
                </Badge>
              </dd>
            </dl>
            {editing ? (
              <form onSubmit={submit} noValidate>
                <Stack gap="sm">
                  {PHONE_NAMES.map((name) => (
                    <PhoneField
                      key={name}
                      name={name}
                      label={t(`fields.${name}`)}
                      dialLabel={t('fields.dialCode')}
                      hint={t('profile.phoneHint')}
                      dialCodes={dialCodes}
                      value={phones[name]}
                      error={phoneError(name)}
                      onChange={(value) => setPhones((current) => ({ ...current, [name]: value }))}
                    />
                  ))}
                  {update.isError && (
                    <Alert color="red" role="alert" title={t('profile.updateFailed')}>
                      {Object.keys(validation).length ? t('profile.checkPhones') : errorText(update.error)}
                    </Alert>
                  )}
                  <Group gap="sm">
                    <Button type="submit" loading={update.isPending}>
                      {t('profile.save')}
                    </Button>
                    <Button variant="default" onClick={() => setEditing(false)} disabled={update.isPending}>
                      {t('profile.cancel')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            ) : (
              <Button variant="light" onClick={startEditing} w="fit-content">
                {t('profile.edit')}
              </Button>
            )}
          </Stack>
        </Paper>
        {account.data?.contacts && <AccountContacts contacts={account.data.contacts} phoneOffered={whatsappOffered} />}
        {agent && (
          <SectionCard titleId="profile-agent" title={t('profile.agentTitle')} padding={{ base: 'md', sm: 'lg' }}>
            <Group justify="space-between" gap="sm">
              <Text flex="1 1 16rem">{t('profile.agentHint')}</Text>
              <Button component={Link} to={appPath('/agent')} variant="light">
                {t('profile.agentPage')}
              </Button>
            </Group>
          </SectionCard>
        )}
        <GuestBookingsOffer />
        <MyBookings />
      </Stack>
    </Container>
  );
}
