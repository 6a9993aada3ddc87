import { Button, Container } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../lib/router';
import { IconChat, IconMail } from '../../../components/icons';
import { useHoldLength } from '../../../lib/format/use-hold-length';
import { usePageMeta } from '../../../lib/page-meta';
import { usePublicConfigAsRendered } from '../../../lib/public-config';
import { FaqQuestion } from '../components/faq-question';
import { FaqTabs } from '../components/faq-tabs';
import { PageBanner } from '../components/page-banner';
import shared from '../components/content.module.css';
import { faqTabs, type FaqCatalog } from '../lib/faq-catalog';
import { readFaqLocation, writeFaqLocation, type FaqLocation } from '../lib/faq-location';
import classes from './faqs-page.module.css';

/**
 * Six tabs of questions, one answer open at a time. The tab and the open question live in
 * the address (?tab=baggage&q=liquids) so a link can point at one answer, and back/forward retrace them.
 */
export function FaqsPage() {
  const { t } = useTranslation('content');
  const { t: tCommon } = useTranslation();
  usePageMeta(t('faqs.meta.title'), t('faqs.meta.description'));
  // As the server rendered it: with the config, or without when prerendered at build.
  const config = usePublicConfigAsRendered().data;
  const [params, setParams] = useSearchParams();
  const holdLength = useHoldLength();
  const catalog = t('faqs.items', { returnObjects: true, duration: holdLength }) as unknown as FaqCatalog;
  const location = readFaqLocation(params, (tab) => Object.keys(catalog[tab]));
  const go = (next: FaqLocation) => setParams(writeFaqLocation(params, next));

  // A link to one answer opens at that answer, not at the top of the page. Once the fonts are in:
  // scrolled earlier, the text reflowing under the new font would shift what is on screen.
  const linkedQuestion = useRef(location.question ? `faq-${location.tab}-${location.question}-question` : null);
  useEffect(() => {
    const id = linkedQuestion.current;
    if (id) void document.fonts.ready.then(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
  }, []);

  return (
    <>
      <PageBanner id="faqs-title" title={t('faqs.title')} lead={t('faqs.lead')} />
      <Container size="md" className={shared.section}>
        <FaqTabs
          label={t('faqs.tabsLabel')}
          tabs={faqTabs}
          selected={location.tab}
          titleOf={(tab) => t(`faqs.tabs.${tab}`)}
          hrefOf={(tab) => `?${writeFaqLocation(params, { tab, question: null }).toString()}`}
          onSelect={(tab) => tab !== location.tab && go({ tab, question: null })}
        >
          {Object.entries(catalog[location.tab]).map(([id, entry]) => {
            const open = location.question === id;
            return (
              <FaqQuestion
                key={`${location.tab}-${id}`}
                domId={`faq-${location.tab}-${id}`}
                group={`faq-${location.tab}`}
                entry={entry}
                open={open}
                importantLabel={t('faqs.important')}
                onToggle={() => go({ tab: location.tab, question: open ? null : id })}
              />
            );
          })}
        </FaqTabs>

        <section aria-labelledby="faqs-help" className={classes.help}>
          <div>
            <h2 id="faqs-help" className={classes.helpTitle}>
              {t('faqs.help.title')}
            </h2>
            <p className={classes.helpBody}>{t('faqs.help.body')}</p>
          </div>
          {config ? (
            <div className={classes.helpActions}>
              <Button
                component="a"
                href={`https://wa.me/${config.whatsappNumber}`}
                target="_blank"
                rel="noopener noreferrer"
                // The footer's WhatsApp green: Mantine's green.9 gives white text only 4.3:1.
                color="#1f7a4d"
                leftSection={<IconChat size={18} />}
              >
                {t('faqs.help.whatsapp')}
                <span className={classes.visuallyHidden}> {tCommon('opensInNewTab')}</span>
              </Button>
              <Button component="a" href={`mailto:${config.supportEmail}`} variant="default" leftSection={<IconMail size={18} />}>
                {t('faqs.help.email')}
              </Button>
            </div>
          ) : null}
        </section>
      </Container>
    </>
  );
}
