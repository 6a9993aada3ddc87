import { Center, Container, Loader } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { type Language } from '../../../i18n';
import { formatDurationInWords } from '../../../lib/format/format-duration';
import { useHoldMinutes } from '../../../lib/format/use-hold-length';
import { usePageMeta } from '../../../lib/page-meta';
import { usePublicConfigAsRendered } from '../../../lib/public-config';
import { PageBanner } from '../components/page-banner';
import { PrivacyDocument, type PrivacyFacts } from '../components/privacy-document';
import shared from '../components/content.module.css';
import classes from './privacy-policy-page.module.css';

/**
 * The privacy policy and terms: Arabic and English side by side (stacked on a phone, the
 * reader's language first), each column in its own language and direction; the Arabic text
 * prevails. The operator and its commercial registration number come from the run-time config.
 */
export function PrivacyPolicyPage() {
  const { t, i18n } = useTranslation('content');
  const { t: tCommon } = useTranslation();
  usePageMeta(t('privacy.meta.title'), t('privacy.meta.description'));
  // As the server rendered it: with the config, or pending when prerendered at build.
  const config = usePublicConfigAsRendered();
  const pending = config.isPending;
  const holdMinutes = useHoldMinutes();
  // The route loads the `content` strings in both languages.
  const order: Language[] = i18n.language === 'en' ? ['en', 'ar'] : ['ar', 'en'];

  const factsIn = (language: Language): PrivacyFacts => {
    const agency = config.data?.agency;
    return {
      operator: (language === 'ar' ? agency?.legalNameAr : agency?.legalNameEn) ?? '—',
      registration: agency?.commercialRegistrationNumber ?? '—',
      email: config.data?.supportEmail ?? '—',
      duration: formatDurationInWords(holdMinutes, language),
    };
  };

  return (
    <>
      <PageBanner id="privacy-title" title={t('privacy.title')} lead={t('privacy.lead')} />
      <Container size="xl" className={shared.section}>
        {pending ? (
          // As tall as the screen, like the route loader: the footer stays below the fold until the text arrives.
          <Center mih="100vh">
            <Loader role="status" aria-label={tCommon('loading')} />
          </Center>
        ) : (
          <>
            <nav aria-label={t('privacy.jumpLabel')} className={classes.jump}>
              {order.map((language) => (
                <a key={language} href={`#privacy-${language}`} lang={language} className={classes.jumpLink}>
                  {i18n.getFixedT(language, 'content')('privacy.doc.languageName')}
                </a>
              ))}
            </nav>
            <div className={classes.columns}>
              {order.map((language) => (
                <PrivacyDocument
                  key={language}
                  language={language}
                  t={i18n.getFixedT(language, 'content')}
                  facts={factsIn(language)}
                />
              ))}
            </div>
          </>
        )}
      </Container>
    </>
  );
}
