import { createHash } from 'node:crypto';
import { BRAND_FONT_HEAD_SCRIPT } from '@kwenda/contracts/brand-font';
import type { Env } from '../env.js';
import { thirdPartySources } from './third-party-tags.js';

/** The one inline script every page has (the head's brand-font check), allowed by its hash. */
const inlineScripts = [BRAND_FONT_HEAD_SCRIPT].map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

/**
 * Helmet's Content-Security-Policy: our own origin only (and the head's one inline script, by its hash),
 * plus an analytics tag's or Sentry's origins when (and only when) the agency configured them.
 */
export function contentSecurityDirectives(env: Env) {
  const extra = thirdPartySources(env);
  return {
    defaultSrc: ["'self'"],
    // blob: the desk shows a transfer receipt (an image or a PDF) it fetched with the staff token.
    imgSrc: ["'self'", 'data:', 'blob:', ...extra.img],
    frameSrc: ["'self'", 'blob:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: ["'self'", ...inlineScripts, ...extra.script],
    connectSrc: ["'self'", ...extra.connect],
    fontSrc: ["'self'", 'data:'],
    upgradeInsecureRequests: null,
  };
}
