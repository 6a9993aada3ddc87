import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { whatsappTemplateKeys } from '@kwenda/contracts';
import { describe, expect, it } from 'vitest';
import { sampleBooking } from '../tickets/test-support.js';
import {
  MAX_BODY_LENGTH,
  renderTemplate,
  renderTemplatesDoc,
  sanitizeParameter,
  templateCatalog,
  templateParams,
  TEMPLATE_LANGUAGES,
} from './templates.js';

const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/whatsapp-templates.md');

describe('WhatsApp templates', () => {
  it('docs/whatsapp-templates.md is the catalog as the agency submits it', () => {
    const expected = renderTemplatesDoc();
    if (process.env.UPDATE_TEMPLATES_DOC) fs.writeFileSync(DOC, expected);
    expect(fs.readFileSync(DOC, 'utf8')).toBe(expected);
    for (const key of whatsappTemplateKeys) {
      expect(expected).toContain(`## \`${key}\``);
      for (const language of TEMPLATE_LANGUAGES) expect(expected).toContain(templateCatalog[key].body[language]);
    }
  });

  it.each(whatsappTemplateKeys)('%s: placeholders {{1}}..{{n}} in order in both languages, samples single-line', (key) => {
    const template = templateCatalog[key];
    for (const language of TEMPLATE_LANGUAGES) {
      const body = template.body[language];
      const found = [...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
      expect(found).toEqual(template.params.map((_, index) => index + 1));
      // Meta refuses a utility body that starts or ends with a parameter, or two parameters side by side.
      if (template.category === 'UTILITY') {
        expect(body.trimStart().startsWith('{{')).toBe(false);
        expect(body.trimEnd().endsWith('}}')).toBe(false);
        expect(body).not.toMatch(/\}\}\s*\{\{/);
      }
      for (const p of template.params) expect(sanitizeParameter(p.sample[language])).toBe(p.sample[language]);
      const rendered = renderTemplate(
        key,
        language,
        template.params.map((p) => p.sample[language]),
      );
      expect(rendered).not.toMatch(/\{\{\d+\}\}/);
    }
  });

  it('parameters never hold newlines, tabs, runs of spaces or nothing', () => {
    expect(sanitizeParameter('a\nb\r\n\tc     d')).toBe('a b c d');
    expect(sanitizeParameter('   ')).toBe('-');
    expect(sanitizeParameter('x'.repeat(2000))).toHaveLength(1000);
  });

  it('cuts the longest parameter so the filled body stays within what Meta takes', () => {
    const booking = sampleBooking({ holdExpiresAt: '2026-12-01T15:30:00.000Z' });
    const note = 'The transfer shows another name. '.repeat(60);
    for (const language of TEMPLATE_LANGUAGES) {
      const params = templateParams.receipt_rejected(booking, language, { reason: 'other', note });
      expect(renderTemplate('receipt_rejected', language, params).length).toBeLessThanOrEqual(MAX_BODY_LENGTH);
      expect(params[1]).toMatch(/…$/);
      expect(params[0]).toBe(booking.bookingReference);
      expect(params[2]).toContain(language === 'ar' ? 'بتوقيت الخرطوم' : 'Khartoum time');
      const short = templateParams.receipt_rejected(booking, language, { reason: 'other', note: 'Wrong account.' });
      expect(short[1]).toMatch(/Wrong account\.$/);
    }
  });
});
