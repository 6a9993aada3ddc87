import type { TravellerNotice } from '@kwenda/contracts';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import classes from './route-notices.module.css';

/**
 * The agency's notices for the traveller's flights, in their language: one calm box (information,
 * not an error), read in its place rather than announced. Renders nothing without notices.
 */
export function RouteNotices({ notices, title }: { notices: readonly TravellerNotice[]; title: string }) {
  const { i18n } = useTranslation();
  if (notices.length === 0) return null;
  const arabic = i18n.language === 'ar';
  return (
    <Alert
      color="blue"
      variant="light"
      // A region named by its title (Mantine labels it so), read in its place: "alert" would interrupt.
      role="region"
      title={title}
      classNames={{ title: classes.title }}
      data-testid="route-notices"
    >
      <Stack gap="xs">
        {notices.map((notice) => (
          <Text key={notice.id} size="sm" className={classes.text}>
            {arabic ? notice.textAr : notice.textEn}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
