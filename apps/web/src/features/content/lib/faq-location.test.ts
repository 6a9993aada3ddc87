import { describe, expect, it } from 'vitest';
import type { FaqTab } from './faq-catalog';
import { readFaqLocation, writeFaqLocation } from './faq-location';

const questions: Record<FaqTab, string[]> = {
  kwenda: ['what', 'account'],
  general: ['documents'],
  payment: ['payLater'],
  baggage: ['allowance', 'liquids'],
  specialServices: ['medicalClearance'],
  rules: ['nameMatch'],
};
const read = (query: string) => readFaqLocation(new URLSearchParams(query), (tab) => questions[tab]);

describe('readFaqLocation', () => {
  it('opens the kwenda tab with nothing open by default', () => {
    expect(read('')).toEqual({ tab: 'kwenda', question: null });
  });

  it('reads a tab and a question of that tab', () => {
    expect(read('tab=baggage&q=liquids')).toEqual({ tab: 'baggage', question: 'liquids' });
    expect(read('tab=specialServices')).toEqual({ tab: 'specialServices', question: null });
  });

  it('ignores a question the tab does not hold, and an unknown tab', () => {
    expect(read('tab=payment&q=liquids')).toEqual({ tab: 'payment', question: null });
    expect(read('tab=refunds')).toEqual({ tab: 'kwenda', question: null });
    expect(read('tab=Baggage&q=nope')).toEqual({ tab: 'kwenda', question: null });
  });

  it('finds the tab of a link that names only the question', () => {
    expect(read('q=nameMatch')).toEqual({ tab: 'rules', question: 'nameMatch' });
    expect(read('tab=unknown&q=payLater')).toEqual({ tab: 'payment', question: 'payLater' });
  });

  it('does not treat inherited object keys as questions or tabs', () => {
    expect(read('tab=constructor&q=toString')).toEqual({ tab: 'kwenda', question: null });
  });
});

describe('writeFaqLocation', () => {
  it('writes the tab and the open question, keeping other parameters', () => {
    const next = writeFaqLocation(new URLSearchParams('lang=en&q=old'), { tab: 'baggage', question: 'liquids' });
    expect(next.toString()).toBe('lang=en&q=liquids&tab=baggage');
  });

  it('drops the question when it closes, and the tab when it is the default', () => {
    const params = new URLSearchParams('tab=baggage&q=liquids');
    expect(writeFaqLocation(params, { tab: 'baggage', question: null }).toString()).toBe('tab=baggage');
    expect(writeFaqLocation(params, { tab: 'kwenda', question: null }).toString()).toBe('');
    expect(writeFaqLocation(params, { tab: 'kwenda', question: 'what' }).toString()).toBe('tab=kwenda&q=what');
  });

  it('round-trips through readFaqLocation', () => {
    for (const location of [
      { tab: 'kwenda', question: null },
      { tab: 'rules', question: 'nameMatch' },
      { tab: 'general', question: null },
    ] as const) {
      expect(readFaqLocation(writeFaqLocation(new URLSearchParams(), location), (tab) => questions[tab])).toEqual(location);
    }
  });
});
