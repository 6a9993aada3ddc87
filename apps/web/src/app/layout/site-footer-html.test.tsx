import type { PublicConfig } from '@kwenda/contracts';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../entry-server';

const config: PublicConfig = {
  staging: false,
  currencies: ['SDG', 'USD'],
  whatsappNumber: '249912345678',
  supportEmail: 'help@kwenda.example',
  supportPhone: '+249 91 234 5678',
  supportHours: { fromDay: 'sunday', toDay: 'thursday', opens: '09:00', closes: '17:00' },
  socialLinks: [],
  agency: { legalNameAr: 'كوندا للسفر والسياحة', legalNameEn: 'Kwenda Travel', commercialRegistrationNumber: '123456' },
  offerTtlMinutes: 20,
  holdMinutes: 120,
  bankAccounts: [],
  socialProviders: [],
  analytics: { plausible: null, ga4MeasurementId: null },
  errorReporting: null,
} as unknown as PublicConfig;

/** The footer of a page's HTML, as a visitor without JavaScript receives it. */
const footerOf = (html: string) => /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '';

describe('the footer in the HTML the server sends', () => {
  for (const language of ['ar', 'en'] as const)
    for (const page of ['/', '/faqs'])
      it(`has the phone, e-mail and WhatsApp links on ${page} in ${language}`, async () => {
        const { html } = await renderPage(page, language, { airports: [], config });
        const footer = footerOf(html);
        expect(footer).toContain('href="tel:+249912345678"');
        expect(footer).toContain('href="mailto:help@kwenda.example"');
        expect(footer).toContain('href="https://wa.me/249912345678"');
      });
});
