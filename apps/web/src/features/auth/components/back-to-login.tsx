import { Anchor, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { useAppPath } from '../../../lib/referral';
import classes from './auth.module.css';

/** The link under the code and reset-request forms. */
export function BackToLogin() {
  const { t } = useTranslation('auth');
  const appPath = useAppPath();
  return (
    <Text size="sm" className={classes.footerLinks}>
      <Anchor underline="always" component={Link} to={appPath('/login')}>
        {t('confirm.backToLogin')}
      </Anchor>
    </Text>
  );
}
