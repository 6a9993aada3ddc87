import { Button, Container } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { IconPlaneDeparture } from '../../../components/icons';
import { useHoldLength } from '../../../lib/format/use-hold-length';
import { usePageMeta } from '../../../lib/page-meta';
import { useAppPath } from '../../../lib/referral';
import { AboutIllustration, featureIcons } from '../components/content-icons';
import { PageBanner } from '../components/page-banner';
import shared from '../components/content.module.css';
import classes from './about-page.module.css';

/** The four feature blocks, in this order. */
const features = ['platform', 'agent', 'experience', 'prices'] as const;

/** The about page: banner, intro, four feature blocks, the team's experience, a call to search. */
export function AboutPage() {
  const { t } = useTranslation('content');
  const appPath = useAppPath();
  const holdLength = useHoldLength();
  usePageMeta(t('about.meta.title'), t('about.meta.description'));

  return (
    <>
      <PageBanner
        id="about-title"
        title={t('about.title')}
        lead={t('about.lead')}
        art={<AboutIllustration className={shared.bannerArt} />}
      />

      <Container size="lg" component="section" aria-labelledby="about-intro" className={shared.section}>
        <h2 id="about-intro" className={shared.sectionTitle}>
          {t('about.intro.title')}
        </h2>
        <div className={shared.prose}>
          <p>{t('about.intro.p1')}</p>
          <p>{t('about.intro.p2')}</p>
        </div>
      </Container>

      <section aria-labelledby="about-features" className={classes.featuresBand}>
        <Container size="lg" className={shared.section}>
          <h2 id="about-features" className={shared.sectionTitle}>
            {t('about.featuresTitle')}
          </h2>
          <ul className={classes.features}>
            {features.map((key) => (
              <li key={key} className={classes.feature}>
                <span className={classes.featureIcon}>{featureIcons[key]}</span>
                <h3 className={classes.featureTitle}>{t(`about.features.${key}.title`)}</h3>
                <p className={classes.featureBody}>{t(`about.features.${key}.body`, { duration: holdLength })}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <Container size="lg" component="section" aria-labelledby="about-team" className={shared.section}>
        <div className={classes.team}>
          <p className={classes.teamFigure}>
            <span dir="ltr" className={classes.teamNumber}>
              {t('about.team.figure')}
            </span>
            <span className={classes.teamFigureLabel}>{t('about.team.figureLabel')}</span>
          </p>
          <div>
            <h2 id="about-team" className={shared.sectionTitle}>
              {t('about.team.title')}
            </h2>
            <p className={classes.teamBody}>{t('about.team.body')}</p>
          </div>
        </div>
      </Container>

      <Container size="lg" component="section" aria-labelledby="about-cta" className={classes.ctaWrap}>
        <div className={classes.cta}>
          <div className={classes.ctaText}>
            <h2 id="about-cta" className={classes.ctaTitle}>
              {t('about.cta.title')}
            </h2>
            <p className={classes.ctaBody}>{t('about.cta.body')}</p>
          </div>
          <Button
            component={Link}
            to={appPath('/')}
            size="lg"
            variant="white"
            color="teal.9"
            leftSection={<IconPlaneDeparture size={20} />}
            className={classes.ctaButton}
          >
            {t('about.cta.button')}
          </Button>
        </div>
      </Container>
    </>
  );
}
