// How the bench starts the API and reads its memory.
import fs from 'node:fs';

/**
 * `node` and its arguments for the production server, as `npm run serve` and the systemd unit run it:
 * the bundle `npm run build` makes (docs/decisions/0030-the-api-runs-as-a-bundle.md), with V8's heap
 * kept near what is alive (docs/perf/2026-11-27-memory.md: V8 sized to a 24 GB machine let 250 MB of
 * garbage pile up before collecting it; the live heap after the load is 85 MB).
 */
export const API_SERVER_ARGS = [
  '--enable-source-maps',
  '--max-semi-space-size=4',
  '--heap-growing-percent=30',
  'apps/api/dist/server.js',
];

/**
 * The environment production gives it beside the agency's settings (deploy/systemd/kwenda@.service):
 * glibc's allocator kept to two arenas, as the systemd unit and `npm run serve` run it.
 */
export const API_SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/** A process's resident set (VmRSS) and its peak so far (VmHWM), in MB; zeros once it has gone. */
export function processMemoryMb(pid) {
  let status = '';
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    /* exited */
  }
  const field = (name) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { rssMb: field('VmRSS'), peakMb: field('VmHWM') };
}
