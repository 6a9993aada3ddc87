import { DEFAULT_FAQ_TAB, faqTabs, isFaqTab, type FaqTab } from './faq-catalog';

/** The tab shown and the question open, as the address keeps them (?tab=baggage&q=liquids). */
export interface FaqLocation {
  tab: FaqTab;
  question: string | null;
}

/**
 * Reads the FAQ location from the query string. A link carrying only ?q= finds its tab; an
 * unknown tab falls back to the default and a question the tab does not hold is ignored, so an
 * old or mistyped link still opens the page.
 */
export function readFaqLocation(params: URLSearchParams, questionsOf: (tab: FaqTab) => readonly string[]): FaqLocation {
  const tabParam = params.get('tab');
  const question = params.get('q');
  if (isFaqTab(tabParam)) {
    return { tab: tabParam, question: question && questionsOf(tabParam).includes(question) ? question : null };
  }
  const holder = question ? faqTabs.find((tab) => questionsOf(tab).includes(question)) : undefined;
  return holder ? { tab: holder, question } : { tab: DEFAULT_FAQ_TAB, question: null };
}

/** The query string for a location, keeping any other parameters (lang, …); the default tab alone needs none. */
export function writeFaqLocation(params: URLSearchParams, { tab, question }: FaqLocation): URLSearchParams {
  const next = new URLSearchParams(params);
  if (tab === DEFAULT_FAQ_TAB && !question) next.delete('tab');
  else next.set('tab', tab);
  if (question) next.set('q', question);
  else next.delete('q');
  return next;
}
