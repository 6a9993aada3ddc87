import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StatementLine } from '@kwenda/contracts/admin';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Translator } from '../../i18n/translator';
import { formatPrice } from '../../lib/format/format-price';
import { StatementTable, statementColumns } from './statement-table';
import { StatementTotals } from './statement-totals';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../i18n/locales');
const catalog = (language: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

const line = (over: Partial<StatementLine>): StatementLine =>
  ({
    kind: 'earned',
    at: '2026-03-04T10:00:00.000Z',
    travellerName: 'Amna',
    route: ['KRT', 'CAI'],
    commissionBasis: 'markup',
    commissionPercent: 10,
    baseUsd: 50,
    commissionUsd: 5,
    currency: 'USD',
    commissionAmount: 5,
    ...over,
  }) as StatementLine;

const lines = [
  line({}),
  line({
    kind: 'reversed',
    commissionBasis: 'fare',
    commissionPercent: 2,
    commissionUsd: -6,
    currency: 'SDG',
    commissionAmount: -15600,
  }),
];

describe("a commission statement, the agent's and the desk's", () => {
  for (const namespace of ['agent', 'admin-agents'] as const) {
    it(`names its entries, terms and commission from the ${namespace} catalog`, () => {
      const i18n = new Translator({ lng: 'en', resources: { en: { [namespace]: catalog('en', namespace) } } });
      const t = i18n.getFixedT('en', namespace);
      const html = renderToStaticMarkup(
        <MantineProvider>
          <StatementTotals
            totals={{ commissionUsd: -1, byCurrency: [{ currency: 'SDG', amount: -2600 }], earned: 1, reversed: 1 }}
            language="en"
            t={t}
            totalLabel="Net"
            figureSize="lg"
            totalTestId="total"
          />
          <StatementTable
            lines={lines}
            rowKey={(_, index) => String(index)}
            caption="March 2026"
            minWidth={640}
            columns={[
              { header: 'Traveller', cell: (l) => l.travellerName },
              ...statementColumns({ language: 'en', t, termsHeader: 'Basis' }),
            ]}
          />
        </MantineProvider>,
      );
      const words = ['statement.earned', 'statement.reversed', 'statement.entry', 'statement.commission'] as const;
      for (const text of ['Net', 'Traveller', 'Basis', 'aria-label="March 2026"', ...words.map((key) => t(key))]) {
        expect(html).toContain(text);
      }
      expect(html).toContain(`>${t('statement.kind.earned')}<`);
      expect(html).toContain(`>${t('statement.kind.reversed')}<`);
      const base = formatPrice(50, 'USD', 'en');
      expect(html).toContain(t('statement.ofMarkup', { percent: 10, base }));
      expect(html).toContain(t('statement.ofFare', { percent: 2, base }));
      // A line in another currency shows that amount under the dollars.
      expect(html).toContain(`${formatPrice(-6, 'USD', 'en')}</bdi><span`);
      expect(html).toContain(`<bdi dir="ltr">${formatPrice(-15600, 'SDG', 'en')}</bdi></span>`);
      expect(html.match(/<tr/g)).toHaveLength(3);
    });
  }
});
