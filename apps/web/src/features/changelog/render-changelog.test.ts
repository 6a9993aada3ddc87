// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderChangelog } from './render-changelog';

const hostile = `## 9.9.9 — 2026-12-01

- A real entry with a [link](https://kwenda.sd/about) and **bold** text.
- <script>window.__pwned = 1</script>
- <img src=x onerror="window.__pwned = 2"> an image with a handler
- A [javascript link](javascript:window.__pwned=3), [another](JaVaScRiPt:alert(1)) and <a href="javascript:alert(1)">raw</a>
- <iframe src="https://evil.example/"></iframe>
- <p style="position:fixed;inset:0" onclick="alert(1)">styled</p>
- <style>body { display: none }</style>
- <form action="https://evil.example"><input name="password"><button>Send</button></form>
- [data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) and ![image](x "with a title")
- <svg><script>alert(1)</script></svg>

<details open ontoggle="window.__pwned = 4">toggle</details>
`;

function parse(html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

describe('renderChangelog', () => {
  it('renders markdown: headings, lists, links, emphasis', () => {
    const dom = parse(renderChangelog('## 1.0.0\n\n### Search\n\n- Search **flights**\n- [About](/about)\n'));
    expect(dom.querySelector('h2')?.textContent).toBe('1.0.0');
    expect(dom.querySelector('h3')?.textContent).toBe('Search');
    expect(dom.querySelectorAll('li')).toHaveLength(2);
    expect(dom.querySelector('strong')?.textContent).toBe('flights');
    expect(dom.querySelector('a')?.getAttribute('href')).toBe('/about');
  });

  it('leaves no script, event handler, javascript: or data: link, iframe, image, style or form', () => {
    const html = renderChangelog(hostile);
    const dom = parse(html);
    expect(html).not.toMatch(/<(script|iframe|img|style|form|input|button|svg|details)\b/i);
    expect(dom.querySelectorAll('script, iframe, img, style, form, input, button, svg, details')).toHaveLength(0);
    for (const element of dom.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) {
        expect(attribute, `<${element.localName} ${attribute}>`).not.toMatch(/^on|^style$|^src$/);
      }
    }
    const hrefs = [...dom.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs.filter((href) => href !== null)).toEqual(['https://kwenda.sd/about']);
    // Raw HTML is shown as text; the harmless rest of the entry is still there.
    expect(dom.textContent).toContain('<script>window.__pwned = 1</script>');
    expect(dom.querySelector('h2')?.textContent).toBe('9.9.9 — 2026-12-01');
    expect(dom.textContent).toContain('A real entry with a link and bold text.');
  });

  it('runs nothing when the result is put in the page', async () => {
    const target = window as unknown as { __pwned?: number };
    document.body.innerHTML = renderChangelog(hostile);
    for (const element of document.body.querySelectorAll('*')) element.dispatchEvent(new Event('click'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(target.__pwned).toBeUndefined();
  });
});
