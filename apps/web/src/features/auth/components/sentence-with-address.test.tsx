import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SentenceWithAddress } from './sentence-with-address';

describe('SentenceWithAddress', () => {
  it('puts the address, isolated left to right, where the sentence names it', () => {
    const html = renderToStaticMarkup(
      <SentenceWithAddress
        sentence={(email) => `إن كان هناك حساب بالبريد ${email} فقد أرسلنا إليه رابطاً.`}
        address="nobody-at-all@example.com"
      />,
    );
    expect(html).toMatch(
      /^إن كان هناك حساب بالبريد <bdi dir="ltr" class="[^"]*">nobody-at-all@example.com<\/bdi> فقد أرسلنا إليه رابطاً\.$/,
    );
  });
});
