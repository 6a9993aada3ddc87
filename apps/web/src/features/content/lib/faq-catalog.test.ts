import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { faqTabs, type FaqCatalog } from './faq-catalog';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../i18n/locales');
const faqsOf = (language: string) =>
  (JSON.parse(fs.readFileSync(path.join(localesDir, language, 'content.json'), 'utf8')) as { faqs: { items: FaqCatalog } }).faqs
    .items;

describe.each(['ar', 'en'])('the %s FAQ catalog', (language) => {
  const items = faqsOf(language);

  it('has exactly the six tabs, in order, each with several questions', () => {
    expect(Object.keys(items)).toEqual([...faqTabs]);
    for (const tab of faqTabs) expect(Object.keys(items[tab]).length, tab).toBeGreaterThanOrEqual(3);
  });

  it('gives every question a text and an answer; lists are numbered 1, 2, 3…', () => {
    for (const tab of faqTabs) {
      for (const [id, entry] of Object.entries(items[tab])) {
        // Ids go into the address (?q=…) and into element ids.
        expect(id, `${tab}.${id}`).toMatch(/^[a-z][a-zA-Z]+$/);
        expect(
          Object.keys(entry).every((key) => ['q', 'a', 'points', 'note'].includes(key)),
          `${tab}.${id}`,
        ).toBe(true);
        expect(entry.q.trim(), `${tab}.${id}.q`).not.toBe('');
        expect(entry.a.trim(), `${tab}.${id}.a`).not.toBe('');
        if (entry.points) {
          const keys = Object.keys(entry.points);
          expect(keys, `${tab}.${id}.points`).toEqual(keys.map((_, index) => String(index + 1)));
        }
      }
    }
  });

  it('states the rules the FAQ must give: liquids, medical clearance, names as on the passport, one-way tickets, changes', () => {
    const text = (tab: keyof FaqCatalog, id: string) => JSON.stringify(items[tab][id]);
    expect(text('baggage', 'liquids')).toMatch(
      language === 'ar' ? /100 مل[\s\S]*لتر واحد[\s\S]*كيس شفاف/ : /100 ml[\s\S]*1 litre[\s\S]*transparent, resealable bag/,
    );
    expect(text('specialServices', 'medicalClearance')).toContain('28');
    expect(text('specialServices', 'medicalClearance')).toContain('24');
    expect(text('rules', 'nameMatch')).toMatch(
      language === 'ar' ? /لا تسمح شركات الطيران بتغيير الاسم/ : /do not allow name changes/,
    );
    expect(text('rules', 'oneWay')).toMatch(language === 'ar' ? /مقيم/ : /resident/);
    expect(text('rules', 'changes')).toMatch(language === 'ar' ? /شروط الأجرة/ : /fare rules/);
    // The hold's real length (HOLD_MINUTES) goes in where the answer says how long seats are held.
    expect(text('payment', 'payLater')).toContain('{{duration}}');
  });
});
