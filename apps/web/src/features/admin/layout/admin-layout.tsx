import { AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { StaffRole } from '@kwenda/contracts/admin';
import { staffRoleAtLeast } from '@kwenda/contracts/admin';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, Outlet, useLocation, useNavigate } from '../../../lib/router';
import { switchLanguage } from '../../../i18n';
import { StagingBanner } from '../../../components/staging-banner';
import { usePublicConfig } from '../../../lib/public-config';
import { adminAction } from '../lib/admin-api';
import { clearStaffSession, useStaffSession } from '../lib/staff-session';
import classes from './admin-layout.module.css';

/** The desk's screens in the order staff use them; each shows for the roles that may open it. */
const NAV: {
  to: string;
  key:
    | 'today'
    | 'bookings'
    | 'transfers'
    | 'ticketing'
    | 'seats'
    | 'refunds'
    | 'rates'
    | 'agents'
    | 'limits'
    | 'notices'
    | 'staff'
    | 'security';
  role: StaffRole;
}[] = [
  { to: '/admin', key: 'today', role: 'viewer' },
  { to: '/admin/bookings', key: 'bookings', role: 'viewer' },
  { to: '/admin/transfers', key: 'transfers', role: 'viewer' },
  { to: '/admin/ticketing', key: 'ticketing', role: 'viewer' },
  { to: '/admin/seats', key: 'seats', role: 'viewer' },
  { to: '/admin/refunds', key: 'refunds', role: 'viewer' },
  { to: '/admin/rates', key: 'rates', role: 'viewer' },
  { to: '/admin/agents', key: 'agents', role: 'viewer' },
  { to: '/admin/limits', key: 'limits', role: 'viewer' },
  { to: '/admin/notices', key: 'notices', role: 'viewer' },
  { to: '/admin/staff', key: 'staff', role: 'owner' },
  { to: '/admin/security', key: 'security', role: 'viewer' },
];

const isActive = (pathname: string, to: string) =>
  to === '/admin' ? pathname === '/admin' || pathname === '/admin/' : pathname.startsWith(to);

/**
 * The desk's frame: a header (menu button on a phone, the agency's name, language, who is signed in,
 * sign out) and the screens' menu, a side bar on a desktop and a drawer on a phone.
 */
export function AdminLayout() {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const session = useStaffSession();
  const config = usePublicConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const other = i18n.language === 'ar' ? 'en' : 'ar';

  const signOut = async () => {
    await adminAction('/admin/auth/logout').catch(() => {});
    clearStaffSession();
    navigate('/admin/login', { replace: true });
  };

  const items = NAV.filter(
    (item) =>
      session && staffRoleAtLeast(session.staff.role, item.role) && (session.staff.secondFactor || item.key === 'security'),
  );

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: !session } }}
      padding={0}
    >
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            {session ? (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t(opened ? 'nav.close' : 'nav.open')}
              />
            ) : null}
            <Link to="/admin" className={classes.brand}>
              {t('brand', { brand: tc('brand') })}
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="subtle"
              size="compact-sm"
              lang={other}
              onClick={() => {
                switchLanguage(other).catch(() => {});
              }}
            >
              {t('otherLanguage')}
            </Button>
            {session ? (
              <>
                <Text size="sm" className={classes.who} visibleFrom="sm">
                  {session.staff.fullName}
                </Text>
                <Badge variant="light" visibleFrom="sm">
                  {t(`roles.${session.staff.role}`)}
                </Badge>
                <Button variant="default" size="compact-sm" onClick={() => void signOut()}>
                  {t('signOut')}
                </Button>
              </>
            ) : null}
          </Group>
        </Group>
      </AppShell.Header>
      {session ? (
        <AppShell.Navbar p="xs" aria-label={t('nav.label')}>
          <AppShell.Section grow component={ScrollArea}>
            <Stack gap={2}>
              {items.map((item) => (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={t(`nav.${item.key}`)}
                  active={isActive(location.pathname, item.to)}
                  aria-current={isActive(location.pathname, item.to) ? 'page' : undefined}
                  onClick={close}
                />
              ))}
            </Stack>
          </AppShell.Section>
          <AppShell.Section hiddenFrom="sm" pt="xs">
            <Text size="sm" fw={700}>
              {session.staff.fullName}
            </Text>
            <Text size="xs">{t(`roles.${session.staff.role}`)}</Text>
          </AppShell.Section>
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main className={classes.main}>
        {config.data?.staging ? <StagingBanner /> : null}
        <div className={classes.content}>
          <Outlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
