// @vitest-environment jsdom
import type { DashboardActions } from '@kwenda/contracts/admin';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StaticRouter } from '../../../../lib/router';
import { renderInApp } from '../../../../test/render-in-app';
import { ActionCards } from './action-cards';

/** The dead background work on Today: the total in its card's title, then each kind's count. */

afterEach(cleanup);

const actions: DashboardActions = {
  transfersToVerify: 0,
  holdsExpiringSoon: 0,
  paidNotTicketed: 0,
  refundRequests: { total: 0, refundRequiredPayments: 0, canceledPaid: 0 },
  supplierChanges: { total: 0, offerUnavailable: 0, priceChanged: 0, rescheduled: 0 },
};
const deadLetters = { total: 2, mail: 1, supplierCalls: 0, supplierEvents: 0, gatewayWebhooks: 0, reconciliation: 1 };
const today = (key: string) => `admin-today:actions.deadLetters.${key}`;
const cards = (
  <StaticRouter location="/admin">
    <ActionCards actions={actions} deadLetters={deadLetters} />
  </StaticRouter>
);

describe('the dead work card on Today', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`counts the work given up, per kind (${language})`, () => {
      const { t } = renderInApp(cards, language);
      // "2" then the title, on two lines (jsdom reads the line break as nothing).
      const named = t(today('title'), { count: 2 });
      const title = screen.getByRole('heading', { name: (name) => name.replace(/\s/g, '') === `2${named}`.replace(/\s/g, '') });
      const card = title.closest('[data-attention]')!;
      expect(card.getAttribute('data-attention')).toBe('true');
      // Nothing to open: the server's logs say why.
      expect(card.querySelector('a')).toBeNull();
      for (const [kind, count] of [
        ['mail', 1],
        ['supplierCalls', 0],
        ['reconciliation', 1],
      ] as const)
        expect(card.textContent).toContain(`${t(today(kind))}: ${count}`);
    });
  }

  it('names two in Arabic with the dual', () => {
    const { t } = renderInApp(cards, 'ar');
    expect(t(today('title'), { count: 2 })).toBe('مهمتان متوقفتان');
    expect(t(today('title'), { count: 11 })).toBe('مهمةً متوقفة');
  });
});
