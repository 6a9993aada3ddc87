import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds the API bundle (apps/api/dist, scripts/bundle.mjs: about a second) once per test run, from the
 * sources under test: the tests that start the server as a process run it as production does, with
 * plain node (docs/decisions/0030-the-api-runs-as-a-bundle.md), which starts two to three times faster
 * than the sources under tsx on this 2-core machine.
 */
export default function buildApiBundle() {
  const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../scripts/bundle.mjs');
  execFileSync(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
}
