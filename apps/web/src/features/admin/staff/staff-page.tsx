import { STAFF_ROLES, type StaffActionEntry, type StaffMember, type StaffRole } from '@kwenda/contracts/admin';
import { formatAgencyDateTime } from '@kwenda/contracts/display';
import { isEmail } from '@kwenda/contracts/rules';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { i18n } from '../../../i18n/translator';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { AdminPage } from '../components/admin-page';
import { ApiErrorAlert, fieldError } from '../components/api-error-alert';
import { BidiText, ltr } from '../lib/bidi';
import { useStaffSession } from '../lib/staff-session';
import { useChangeRole, useDisableStaff, useInviteStaff, useRevokeSessions, useStaffActions, useStaffList } from './staff-api';
import classes from './staff.module.css';

const when = (instant: string, language: string) => formatAgencyDateTime(instant, language, { weekday: 'short', month: 'short' });

/** A recorded action in words: the staff catalog's, a booking transition's, else its own name. */
function actionLabel(action: string) {
  return i18n.t([`admin-staff:actions.${action}`, `admin-bookings:triggers.${action}`] as never, { defaultValue: action });
}

const STATUS_COLOR: Record<StaffMember['status'], string> = {
  invited: 'blue',
  'second-factor-pending': 'orange',
  active: 'teal',
  disabled: 'gray',
};

/**
 * The owner's Staff screen: invite (an e-mailed link, valid 24 hours), each member's role, status and
 * last activity as cards (readable at 390 px), change a role, end someone's sessions, disable, and
 * each one's recent actions.
 */
export function StaffPage() {
  const { t } = useTranslation('admin-staff');
  const list = useStaffList();
  const session = useStaffSession();
  const [notice, setNotice] = useState<string | null>(null);
  const [disabling, setDisabling] = useState<StaffMember | null>(null);
  const [actionsOf, setActionsOf] = useState<StaffMember | null>(null);

  return (
    <AdminPage title={t('staff.title')}>
      <Text c="gray.7">{t('staff.intro')}</Text>
      {notice ? (
        <Alert color="teal" role="status" withCloseButton closeButtonLabel={t('staff.close')} onClose={() => setNotice(null)}>
          <BidiText>{notice}</BidiText>
        </Alert>
      ) : null}
      <InviteCard onInvited={setNotice} />
      {list.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label={t('staff.loading')} />
        </Center>
      ) : list.isError ? (
        <ApiErrorAlert error={list.error} />
      ) : list.data.staff.length === 0 ? (
        <Text>{t('staff.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" component="ul" className={classes.list}>
          {list.data.staff.map((member) => (
            <MemberCard
              key={member.userId}
              member={member}
              isYou={member.userId === session?.staff.id}
              onNotice={setNotice}
              onDisable={() => setDisabling(member)}
              onActions={() => setActionsOf(member)}
            />
          ))}
        </SimpleGrid>
      )}
      <DisableDialog member={disabling} onClose={() => setDisabling(null)} onDone={setNotice} />
      <ActionsDialog member={actionsOf} onClose={() => setActionsOf(null)} />
    </AdminPage>
  );
}

function useRoleOptions() {
  const { t } = useTranslation('admin');
  return STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })).reverse();
}

function InviteCard({ onInvited }: { onInvited: (message: string) => void }) {
  const { t } = useTranslation('admin-staff');
  const invite = useInviteStaff();
  const roles = useRoleOptions();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('agent-desk');
  const [language, setLanguage] = useState<'ar' | 'en'>(i18n.language === 'en' ? 'en' : 'ar');
  const [missing, setMissing] = useState(false);

  const [tried, setTried] = useState(false);
  const typed = email.trim();
  // The same check as the server's: a mistyped address is named under the field, before and after sending.
  const emailError = !typed
    ? missing
      ? t('login.required')
      : undefined
    : (tried && !isEmail(typed.toLowerCase())) || fieldError(invite.error, 'email')
      ? t('staff.invite.emailInvalid')
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!typed);
    setTried(true);
    if (!typed || !isEmail(typed.toLowerCase())) return;
    invite.mutate(
      { email, role, language },
      {
        onSuccess: (answer) => {
          const sent = { email: ltr(typed.toLowerCase()) };
          onInvited(answer.earlierInvitationVoided ? t('staff.invite.resent', sent) : t('staff.invite.sent', sent));
          setEmail('');
          setTried(false);
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('staff.invite.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              type="email"
              label={t('staff.invite.email')}
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setMissing(false);
                setTried(false);
                invite.reset();
              }}
              description={t('staff.invite.replacesEarlier')}
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              error={emailError}
              autoComplete="off"
              dir="ltr"
              required
            />
            <Select
              label={t('staff.invite.role')}
              data={roles}
              value={role}
              onChange={(value) => value && setRole(value as StaffRole)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('staff.invite.language')}
              data={[
                { value: 'ar', label: t('staff.languages.ar') },
                { value: 'en', label: t('staff.languages.en') },
              ]}
              value={language}
              onChange={(value) => value && setLanguage(value as 'ar' | 'en')}
              allowDeselect={false}
            />
          </SimpleGrid>
          <ApiErrorAlert error={fieldError(invite.error, 'email') ? null : invite.error} />
          <Button type="submit" loading={invite.isPending} w="fit-content">
            {t('staff.invite.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function MemberCard({
  member,
  isYou,
  onNotice,
  onDisable,
  onActions,
}: {
  member: StaffMember;
  isYou: boolean;
  onNotice: (message: string) => void;
  onDisable: () => void;
  onActions: () => void;
}) {
  const {
    t,
    i18n: { language },
  } = useTranslation('admin-staff');
  const { t: tAdmin } = useTranslation('admin');
  const roles = useRoleOptions();
  const changeRole = useChangeRole();
  const revoke = useRevokeSessions();
  const invite = useInviteStaff();
  const disabled = member.status === 'disabled';
  const error = changeRole.error ?? revoke.error ?? invite.error;

  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div className={classes.who}>
            <Text fw={700} className={classes.name}>
              {member.fullName}
              {isYou ? (
                <Badge ms="xs" size="sm" variant="outline">
                  {t('staff.you')}
                </Badge>
              ) : null}
            </Text>
            <Text size="sm" c="gray.7" className={classes.email}>
              <bdi dir="ltr">{member.email}</bdi>
            </Text>
          </div>
          <Badge color={STATUS_COLOR[member.status]} variant="light" className={classes.badge}>
            {t(`staff.status.${member.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {member.secondFactorEnabled ? t('staff.secondFactorOn') : t('staff.secondFactorOff')}
          {' · '}
          {member.lastSignInAt ? t('staff.lastSignIn', { time: when(member.lastSignInAt, language) }) : t('staff.never')}
        </Text>
        {member.activeSessions > 0 ? <Text size="sm">{t('staff.sessions', { count: member.activeSessions })}</Text> : null}
        {member.lastAction ? (
          <Text size="sm" c="gray.7">
            {t('staff.lastAction', { action: actionLabel(member.lastAction.action), time: when(member.lastAction.at, language) })}
          </Text>
        ) : null}
        {member.invitationExpiresAt ? (
          <Text size="sm" c="gray.7">
            {t('staff.invitationExpires', { time: when(member.invitationExpiresAt, language) })}
          </Text>
        ) : null}
        {member.disabledAt ? (
          <Text size="sm" c="gray.7">
            {t('staff.disabledAt', { time: when(member.disabledAt, language) })}
          </Text>
        ) : null}
        {disabled ? (
          <Text size="sm">{tAdmin(`roles.${member.role}`)}</Text>
        ) : (
          <Select
            label={t('staff.roleOf', { name: member.fullName })}
            data={roles}
            value={member.role}
            disabled={isYou || changeRole.isPending}
            allowDeselect={false}
            onChange={(value) => {
              if (!value || value === member.role) return;
              changeRole.mutate(
                { userId: member.userId, role: value as StaffRole },
                {
                  onSuccess: () =>
                    onNotice(t('staff.roleChanged', { name: member.fullName, role: tAdmin(`roles.${value as StaffRole}`) })),
                },
              );
            }}
          />
        )}
        <ApiErrorAlert error={error} />
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="default" onClick={onActions}>
            {t('staff.actions')}
          </Button>
          {disabled ? (
            <Button
              size="xs"
              variant="light"
              loading={invite.isPending}
              onClick={() =>
                invite.mutate(
                  { email: member.email, role: member.role, language: member.language },
                  {
                    onSuccess: (answer) =>
                      onNotice(
                        t(answer.earlierInvitationVoided ? 'staff.invite.resent' : 'staff.invite.sent', {
                          email: ltr(member.email),
                        }),
                      ),
                  },
                )
              }
            >
              {t('staff.reinvite')}
            </Button>
          ) : null}
          {!disabled && !isYou && member.activeSessions > 0 ? (
            <Button
              size="xs"
              variant="light"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(member.userId, { onSuccess: () => onNotice(t('staff.revoked', { name: member.fullName })) })
              }
            >
              {t('staff.revoke')}
            </Button>
          ) : null}
          {!disabled && !isYou ? (
            <Button size="xs" variant="light" color="red" onClick={onDisable}>
              {t('staff.disable')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

function DisableDialog({
  member,
  onClose,
  onDone,
}: {
  member: StaffMember | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin-staff');
  const disable = useDisableStaff();
  const close = () => {
    disable.reset();
    onClose();
  };
  return (
    <StaffModal
      opened={!!member}
      onClose={close}
      title={member ? t('staff.disableTitle', { name: member.fullName }) : ''}
      size="md"
    >
      <Stack gap="sm">
        <Text size="sm">{t('staff.disableBody')}</Text>
        <ApiErrorAlert error={disable.error} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            {t('staff.cancel')}
          </Button>
          <Button
            color="red"
            loading={disable.isPending}
            onClick={() =>
              member &&
              disable.mutate(member.userId, {
                onSuccess: () => {
                  onDone(t('staff.disabled', { name: member.fullName }));
                  close();
                },
              })
            }
          >
            {t('staff.disableConfirm')}
          </Button>
        </Group>
      </Stack>
    </StaffModal>
  );
}

function ActionsDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const { t } = useTranslation('admin-staff');
  const actions = useStaffActions(member?.userId ?? null);
  return (
    <StaffModal
      opened={!!member}
      onClose={onClose}
      title={member ? t('staff.actionsTitle', { name: member.fullName }) : ''}
      size="lg"
    >
      {actions.isPending ? (
        <Center py="lg">
          <Loader role="status" aria-label={t('staff.loading')} />
        </Center>
      ) : actions.isError ? (
        <ApiErrorAlert error={actions.error} />
      ) : actions.data.actions.length === 0 ? (
        <Text size="sm">{t('staff.actionsEmpty')}</Text>
      ) : (
        <ul className={classes.actions}>
          {actions.data.actions.map((entry, index) => (
            <ActionLine key={`${entry.at}-${index}`} entry={entry} />
          ))}
        </ul>
      )}
    </StaffModal>
  );
}

function ActionLine({ entry }: { entry: StaffActionEntry }) {
  const {
    t,
    i18n: { language },
  } = useTranslation('admin-staff');
  return (
    <li className={classes.action}>
      <Text size="sm" fw={600}>
        {actionLabel(entry.action)}
      </Text>
      <Text size="xs" c="gray.7">
        {when(entry.at, language)}
        {entry.bookingReference ? (
          <>
            {' · '}
            {t('staff.booking')}{' '}
            <Anchor component={Link} to={`/admin/bookings/${entry.targetId ?? ''}`} size="xs" dir="ltr" underline="always">
              {entry.bookingReference}
            </Anchor>
          </>
        ) : null}
      </Text>
    </li>
  );
}

/** Mantine's modal with a labelled close button, its header a block: a <header> in a dialog is a second page banner. */
function StaffModal({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin-staff');
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header {...({ component: 'div' } as object)}>
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('staff.close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
