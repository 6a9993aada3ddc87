import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { directionOf, type Language } from '../../../i18n';
import shared from './content.module.css';
import { ImportantNote } from './important-note';
import classes from './privacy-document.module.css';

/** A section as the catalog holds it (privacy.doc.sections.<key>): a title, then paragraphs and one list, in order. */
type PrivacySection = { title: string } & Record<string, string | Record<string, string>>;

export interface PrivacyFacts {
  operator: string;
  registration: string;
  email: string;
  /** The hold length in this document's language (HOLD_MINUTES). */
  duration: string;
}

/** Bidi isolation, so a Latin name, a number with a slash or an e-mail address keeps its shape inside the other script. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** Turns the support address inside a sentence into a mail link. */
function withMailLink(text: string, email: string): ReactNode {
  const parts = text.split(isolate(email));
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? (
        <bdi>
          <a href={`mailto:${email}`} className={classes.mail}>
            {email}
          </a>
        </bdi>
      ) : null}
    </Fragment>
  ));
}

/** The whole policy and terms in one language, marked with that language and its direction. */
export function PrivacyDocument({ language, t, facts }: { language: Language; t: TFunction<'content'>; facts: PrivacyFacts }) {
  const sections = t('privacy.doc.sections', {
    returnObjects: true,
    operator: isolate(facts.operator),
    registration: isolate(facts.registration),
    email: isolate(facts.email),
    duration: facts.duration,
  }) as unknown as Record<string, PrivacySection>;
  const headingId = `privacy-${language}-title`;

  return (
    <article
      id={`privacy-${language}`}
      lang={language}
      dir={directionOf(language)}
      aria-labelledby={headingId}
      className={classes.document}
    >
      <header className={classes.header}>
        <h2 id={headingId} className={classes.languageName}>
          {t('privacy.doc.languageName')}
        </h2>
        <p className={classes.updated}>{t('privacy.doc.updated')}</p>
      </header>
      <ImportantNote title={t('privacy.doc.prevailsTitle')}>{t('privacy.doc.prevails')}</ImportantNote>
      {Object.entries(sections).map(([key, { title, ...body }]) => (
        // Not labelled: a named section is a landmark, and twenty of them would drown the page's real ones.
        <section key={key} className={classes.section}>
          <h3 id={`privacy-${language}-${key}`} className={classes.sectionTitle}>
            {title}
          </h3>
          <div className={shared.prose}>
            {Object.entries(body).map(([part, content]) =>
              typeof content === 'string' ? (
                <p key={part}>{withMailLink(content, facts.email)}</p>
              ) : (
                <ul key={part} className={shared.list}>
                  {Object.values(content).map((point) => (
                    <li key={point}>{withMailLink(point, facts.email)}</li>
                  ))}
                </ul>
              ),
            )}
          </div>
        </section>
      ))}
    </article>
  );
}
