import { Alert, Container } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation } from '../../lib/router';
import { SearchForm } from '../../features/search';
import classes from './home-page.module.css';

/** What another page may pass when it sends the traveller home (e.g. after signing up). */
export interface HomeNavigationState {
  /** A message already in the traveller's language, shown once above the search. */
  welcome?: string;
}

function welcomeFrom(state: unknown): string | null {
  const welcome = (state as HomeNavigationState | null)?.welcome;
  return typeof welcome === 'string' && welcome.trim() ? welcome : null;
}

export function HomePage() {
  const { t } = useTranslation();
  const location = useLocation();
  // Read once: the search form rewrites the address, which drops navigation state, and a reload should not repeat it.
  const [welcome, setWelcome] = useState(() => welcomeFrom(location.state));

  return (
    <>
      <section className={classes.hero} aria-labelledby="home-title">
        <Container size="lg" className={classes.heroInner}>
          <h1 id="home-title" className={classes.title}>
            {t('slogan')}
          </h1>
          <p className={classes.subtitle}>{t('home.subtitle')}</p>
        </Container>
      </section>
      <Container size="lg" className={classes.formArea}>
        {welcome ? (
          <Alert
            variant="filled"
            color="teal.9"
            title={t('home.welcomeTitle')}
            withCloseButton
            closeButtonLabel={t('home.dismiss')}
            onClose={() => setWelcome(null)}
            className={classes.welcome}
          >
            {welcome}
          </Alert>
        ) : null}
        <SearchForm />
      </Container>
    </>
  );
}
