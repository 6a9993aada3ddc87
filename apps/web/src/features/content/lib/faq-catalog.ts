/** The FAQ category keys, in the order the tabs show them; the first is the default. */
export const faqTabs = ['kwenda', 'general', 'payment', 'baggage', 'specialServices', 'rules'] as const;
export type FaqTab = (typeof faqTabs)[number];
export const DEFAULT_FAQ_TAB: FaqTab = 'kwenda';

/**
 * One question as the `content` catalog holds it (faqs.items.<tab>.<id>). The id is what the
 * address carries (?q=liquids); points and note are optional. Catalog leaves must be strings,
 * so a bullet list is an object keyed 1, 2, 3… (integer keys keep their numeric order).
 */
export interface FaqEntry {
  q: string;
  a: string;
  points?: Record<string, string>;
  note?: string;
}
export type FaqCatalog = Record<FaqTab, Record<string, FaqEntry>>;

export function isFaqTab(value: unknown): value is FaqTab {
  return typeof value === 'string' && (faqTabs as readonly string[]).includes(value);
}
