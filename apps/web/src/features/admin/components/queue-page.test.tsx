import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { Translator } from '../../../i18n/translator';
import { TranslatorProvider } from '../../../i18n/use-translation';
import { QueuePage, type QueueQuery } from './queue-page';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../i18n/locales');
const catalog = (language: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

const query = (over: Partial<QueueQuery<string[]>>): QueueQuery<string[]> => ({
  isPending: false,
  isError: false,
  isFetching: false,
  error: null,
  data: undefined,
  refetch: () => undefined,
  ...over,
});

function render(q: QueueQuery<string[]>, extra: { readOnly?: string | null; notice?: string | null } = {}) {
  const i18n = new Translator({
    lng: 'en',
    resources: { en: { admin: catalog('en', 'admin'), errors: catalog('en', 'errors') } },
  });
  return renderToStaticMarkup(
    <TranslatorProvider i18n={i18n}>
      <MantineProvider>
        <QueuePage
          title="Transfers"
          refreshLabel="Refresh"
          intro="Receipts waiting"
          readOnly={extra.readOnly ?? null}
          notice={extra.notice ?? null}
          onNoticeClose={() => undefined}
          query={q}
          isEmpty={(data) => data.length === 0}
          empty="Nothing waits"
          list={(data) => (
            <ul>
              {data.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        >
          <p>dialogs</p>
        </QueuePage>
      </MantineProvider>
    </TranslatorProvider>,
  );
}

describe('a desk queue screen', () => {
  it('shows a labelled spinner while the list loads', () => {
    const html = render(query({ isPending: true }));
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-label="Loading…"');
    expect(html).not.toContain('Nothing waits');
  });

  it("shows the server's refusal when the list failed", () => {
    const html = render(query({ isError: true, error: new ApiRequestError(0, null) }));
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('<ul>');
  });

  it('says when nothing waits, and lists what does', () => {
    expect(render(query({ data: [] }))).toContain('Nothing waits');
    const html = render(query({ data: ['KW-1', 'KW-2'] }));
    expect(html).toContain('<li>KW-1</li><li>KW-2</li>');
    expect(html).not.toContain('Nothing waits');
  });

  it('keeps the heading, refresh, intro, read-only line, notice and the content after the list', () => {
    const html = render(query({ data: ['KW-1'] }), { readOnly: 'You can only look', notice: 'Approved' });
    for (const text of ['<h1', 'Transfers', 'Refresh', 'Receipts waiting', 'You can only look', 'Approved', 'dialogs']) {
      expect(html).toContain(text);
    }
    expect(html.indexOf('You can only look')).toBeLessThan(html.indexOf('Approved'));
    expect(html.indexOf('<li>KW-1</li>')).toBeLessThan(html.indexOf('dialogs'));
  });
});
