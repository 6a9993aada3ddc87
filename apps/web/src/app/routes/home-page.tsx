import { Alert, Container } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation, useNavigate } from '../../lib/router';
import { useSession } from '../../lib/session';
import { SearchForm } from '../../features/search';
import classes from './home-page.module.css';

/** What another page may pass when it sends the traveller home (e.g. after signing up). */
export interface HomeNavigationState {
  /** A message already in the traveller's language, shown once above the search. */
  welcome?: string;
  /** The account it greets: shown only while that account is signed in. */
  userId?: string;
}

interface Welcome {
  text: string;
  userId: string | undefined;
}

function welcomeFrom(state: unknown): Welcome | null {
  const { welcome, userId } = (state as HomeNavigationState | null) ?? {};
  return typeof welcome === 'string' && welcome.trim() ? { text: welcome, userId } : null;
}

export function HomePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [welcome, setWelcome] = useState<Welcome | null>(null);
  // Taken from the history entry once, then removed from it: Back or a reload to this entry does not
  // greet again (after a log-out, not another person). Read in an effect: the server rendered no
  // welcome, and the first render in the browser must be the server's (React error #418 otherwise).
  useEffect(() => {
    const found = welcomeFrom(location.state);
    if (!found) return;
    setWelcome(found);
    navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true });
  }, [location, navigate]);
  const shown = welcome && session && (welcome.userId === undefined || welcome.userId === session.user.id) ? welcome : null;

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
        {shown ? (
          <Alert
            variant="filled"
            color="teal.9"
            title={t('home.welcomeTitle')}
            withCloseButton
            closeButtonLabel={t('home.dismiss')}
            onClose={() => setWelcome(null)}
            className={classes.welcome}
          >
            {shown.text}
          </Alert>
        ) : null}
        <SearchForm />
      </Container>
    </>
  );
}
