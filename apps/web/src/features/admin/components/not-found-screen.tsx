import { Anchor, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { AdminPage } from './admin-page';

/** An address under /admin that is no screen of the desk. */
export function NotFoundScreen() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('notFound.title')}>
      <Text>{t('notFound.body')}</Text>
      <Anchor component={Link} to="/admin">
        {t('notFound.back')}
      </Anchor>
    </AdminPage>
  );
}
