/**
 * Left-to-right values (an e-mail address, a phone number, a code) inside translated sentences, so
 * Arabic text around them cannot reorder them: '+249912345678' never shows as '249912345678+'.
 * `ltr(value)` marks a value put into a sentence (Unicode isolates U+2066 ... U+2069);
 * <BidiText> shows such a sentence with each marked value as <bdi dir="ltr">, whose text is the
 * value alone (the page's text reads as the plain sentence). Values shown on their own take
 * <bdi dir="ltr"> directly.
 */
export const ltr = (value: string) => `\u2066${value}\u2069`;

export function BidiText({ children }: { children: string }) {
  const parts = children.split(/\u2066([^\u2069]*)\u2069/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 ? (
          <bdi key={index} dir="ltr">
            {part}
          </bdi>
        ) : (
          part
        ),
      )}
    </>
  );
}
