import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BidiText, ltr } from './bidi';

describe('left-to-right values in Arabic sentences', () => {
  it('shows each marked value as <bdi dir="ltr">, the rest of the sentence as it is', () => {
    const sentence = `أُعيد إرسال التذكرة إلى ${ltr('amna@example.com')} وإلى ${ltr('+249912345678')}.`;
    expect(renderToStaticMarkup(<BidiText>{sentence}</BidiText>)).toBe(
      'أُعيد إرسال التذكرة إلى <bdi dir="ltr">amna@example.com</bdi> وإلى <bdi dir="ltr">+249912345678</bdi>.',
    );
  });

  it('leaves a sentence without marked values unchanged', () => {
    expect(renderToStaticMarkup(<BidiText>{'أُلغيت جلسات أمنة.'}</BidiText>)).toBe('أُلغيت جلسات أمنة.');
  });
});
