import { Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { usePageMeta } from '../../lib/page-meta';
import classes from './changelog-page.module.css';
import { renderChangelog } from './render-changelog';

/** A static asset (apps/web/public/changelog.md) kept in the repo and written in English. */
const CHANGELOG_URL = `${import.meta.env.BASE_URL}changelog.md`;
const CHANGELOG_LANGUAGE = 'en';

async function fetchChangelog(signal: AbortSignal): Promise<string> {
  const response = await fetch(CHANGELOG_URL, { signal, headers: { accept: 'text/markdown, text/plain' } });
  if (!response.ok) throw new Error(`Changelog: HTTP ${response.status}`);
  return renderChangelog(await response.text());
}

/** The changelog: the markdown file as HTML, left to right inside the RTL site. */
export function ChangelogPage() {
  const { t } = useTranslation('changelog');
  usePageMeta(t('meta.title'), t('meta.description'));
  const changelog = useQuery({
    queryKey: ['changelog'],
    queryFn: ({ signal }) => fetchChangelog(signal),
    staleTime: 5 * 60_000,
  });

  return (
    <Container size="md" className={classes.page}>
      <Title order={1}>{t('title')}</Title>
      <Text className={classes.intro}>{t('intro')}</Text>
      {changelog.isPending ? (
        <Center role="status" className={classes.state}>
          <Stack align="center" gap="xs">
            <Loader aria-hidden="true" />
            <Text>{t('loading')}</Text>
          </Stack>
        </Center>
      ) : changelog.isError ? (
        <Stack role="alert" align="center" gap="sm" className={classes.state}>
          <Text>{t('failed')}</Text>
          <Button variant="light" onClick={() => void changelog.refetch()} loading={changelog.isFetching}>
            {t('retry')}
          </Button>
        </Stack>
      ) : (
        // Sanitized by renderChangelog: nothing from the file can run.
        <article
          dir="ltr"
          lang={CHANGELOG_LANGUAGE}
          className={classes.entries}
          dangerouslySetInnerHTML={{ __html: changelog.data }}
        />
      )}
    </Container>
  );
}
