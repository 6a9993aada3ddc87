import { z } from 'zod';

// In the browser zod must not try `new Function` to compile its fast paths: the site's CSP
// (script-src 'self') forbids eval, and the attempt is reported as a violation in every page's
// console issues (Lighthouse best practices). Zod reads this when each schema is built, so this module
// is imported before any schema. The server keeps the compiled fast paths.
if (typeof (globalThis as { window?: unknown }).window !== 'undefined') z.config({ jitless: true });
