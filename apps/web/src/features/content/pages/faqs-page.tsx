import { Button, Container, Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { IconChat, IconMail } from '../../../components/icons';
import { usePageMeta } from '../../../lib/page-meta';
import { useHydrated } from '../../../lib/use-hydrated';
import { usePublicConfig } from '../../../lib/public-config';
import { FaqQuestion } from '../components/faq-question';
import { PageBanner } from '../components/page-banner';
import shared from '../components/content.module.css';
import { faqTabs, isFaqTab, type FaqCatalog } from '../lib/faq-catalog';
import { readFaqLocation, writeFaqLocation, type FaqLocation } from '../lib/faq-location';
import classes from './faqs-page.module.css';

/**
 * SPEC section 2 "FAQs": six tabs, one answer open at a time. The tab and the open question live in
 * the address (?tab=baggage&q=liquids) so a link can point at one answer, and back/forward retrace them.
 */
export function FaqsPage() {
  const { t } = useTranslation('content');
  const { t: tCommon } = useTranslation();
  usePageMeta(t('faqs.meta.title'), t('faqs.meta.description'));
  // Its HTML was prerendered without the config: it hydrates without it too (lib/use-hydrated.ts).
  const fetched = usePublicConfig().data;
  const config = useHydrated() ? fetched : undefined;
  const [params, setParams] = useSearchParams();
  const catalog = t('faqs.items', { returnObjects: true }) as unknown as FaqCatalog;
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
        <Tabs
          id="faq"
          value={location.tab}
          onChange={(tab) => isFaqTab(tab) && go({ tab, question: null })}
          variant="pills"
          radius="xl"
          keepMounted={false}
          classNames={{ list: classes.tabList, tab: classes.tab, panel: classes.panel }}
        >
          <Tabs.List aria-label={t('faqs.tabsLabel')}>
            {faqTabs.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`faqs.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {faqTabs.map((tab) => (
            <Tabs.Panel key={tab} value={tab}>
              {Object.entries(catalog[tab]).map(([id, entry]) => {
                const open = location.tab === tab && location.question === id;
                return (
                  <FaqQuestion
                    key={id}
                    domId={`faq-${tab}-${id}`}
                    entry={entry}
                    open={open}
                    importantLabel={t('faqs.important')}
                    onToggle={() => go({ tab, question: open ? null : id })}
                  />
                );
              })}
            </Tabs.Panel>
          ))}
        </Tabs>

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
                <span className={classes.visuallyHidden}> {tCommon('footer.opensInNewTab')}</span>
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
