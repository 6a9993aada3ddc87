import { z } from 'zod';

// In the browser zod must not try `new Function` to compile its fast paths: the site's CSP
// (script-src 'self') forbids eval, and the attempt is reported as a violation in every page's
// console issues (Lighthouse best practices). Zod reads this when each schema is built (the first
// object schema built without it tries `new Function`), so every module here that builds a schema
// imports this one first: the bundler may put a module's schemas in a chunk that runs before the
// entry's imports. The server keeps the compiled fast paths.
// A worker of the page (apps/web/src/lib/contract.worker.ts) is held to the same policy.
const inBrowser = ['window', 'WorkerGlobalScope'].some(
  (name) => typeof (globalThis as Record<string, unknown>)[name] !== 'undefined',
);
if (inBrowser) z.config({ jitless: true });
