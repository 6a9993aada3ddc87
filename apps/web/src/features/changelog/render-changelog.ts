import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * Raw HTML in the file is shown as text, never parsed (as markdown-it's html: false does): the
 * changelog needs none, and even parsing a handler attribute into a detached document makes
 * Chromium log a CSP violation.
 */
const markdown = new Marked({ gfm: true, async: false, renderer: { html: ({ text }) => escapeHtml(text) } });

/**
 * What may remain once rendered: text structure, links and tables. No images, forms, frames,
 * scripts, styles or event handlers, whatever the file says.
 */
const ALLOWED_TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li'],
  ...['a', 'strong', 'em', 'del', 'code', 'pre', 'kbd', 'sub', 'sup'],
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
];
const ALLOWED_ATTR = ['href', 'title', 'start', 'colspan', 'rowspan'];
/** Web and mail links, and links within the site; not javascript:, data: or anything else. */
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

/**
 * The changelog markdown as HTML that is safe to put in the page. Markdown itself can still make
 * a javascript: link or an image, so DOMPurify has the last word on what survives.
 */
export function renderChangelog(source: string): string {
  const html = markdown.parse(source) as string;
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
