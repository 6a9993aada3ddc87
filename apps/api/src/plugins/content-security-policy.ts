import type { Env } from '../env.js';
import { thirdPartySources } from './third-party-tags.js';

/**
 * Helmet's Content-Security-Policy: our own origin only, plus an analytics tag's or Sentry's
 * origins when (and only when) the agency configured them.
 */
export function contentSecurityDirectives(env: Env) {
  const extra = thirdPartySources(env);
  return {
    defaultSrc: ["'self'"],
    // blob: the desk shows a transfer receipt (an image or a PDF) it fetched with the staff token.
    imgSrc: ["'self'", 'data:', 'blob:', ...extra.img],
    frameSrc: ["'self'", 'blob:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: ["'self'", ...extra.script],
    connectSrc: ["'self'", ...extra.connect],
    fontSrc: ["'self'", 'data:'],
    upgradeInsecureRequests: null,
  };
}
