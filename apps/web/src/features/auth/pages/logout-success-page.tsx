import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { useAppPath } from '../../../lib/referral';
import { AuthCard } from '../components/auth-card';

/** After log-out: logged out, thanks, a login button and a link home. */
export function LogoutSuccessPage() {
  const { t } = useTranslation('auth');
  const appPath = useAppPath();
  return (
    <AuthCard description={t('meta.logout')} title={t('logout.title')}>
      <Text role="status">{t('logout.body')}</Text>
      <Stack gap="sm" align="stretch">
        <Button component={Link} to={appPath('/login')} size="md">
          {t('logout.login')}
        </Button>
        <Anchor component={Link} to={appPath('/')} ta="center">
          {t('logout.home')}
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
