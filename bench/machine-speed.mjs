// How fast this machine is for a browser, so page figures from different days can be compared: Lighthouse
// multiplies what it observes by its 4x CPU slowdown, and a virtual machine's memory can be slow to hand
// out. On 2026-11-29 one machine gave pages their first touch of memory at 15 µs a page (1 GB in 4.0 s)
// and every page measured 5-20 points lower than on the machine of the day before, the same build.

/** A loop of plain arithmetic (ms) and the first touch of 256 MB fresh memory (ms), each the best of three. */
export function machineSpeed() {
  const best = (run) => Math.min(run(), run(), run());
  const cpuMs = best(() => {
    const start = performance.now();
    let sum = 0;
    for (let i = 0; i < 1e8; i += 1) sum += i % 7;
    if (sum < 0) throw new Error('unreachable');
    return performance.now() - start;
  });
  const firstTouchMs = best(() => {
    const start = performance.now();
    const block = Buffer.alloc(256 * 2 ** 20);
    for (let i = 0; i < block.length; i += 4096) block[i] = 1;
    return performance.now() - start;
  });
  return { cpuMs: Math.round(cpuMs), firstTouchMs: Math.round(firstTouchMs) };
}

/** One line for the console. */
export const machineSpeedLine = ({ cpuMs, firstTouchMs }) =>
  `Machine: a 1e8-step loop ${cpuMs} ms, the first touch of 256 MB ${firstTouchMs} ms (docs/performance.md#lighthouse compares days by these)`;

if (import.meta.url === `file://${process.argv[1]}`) console.log(machineSpeedLine(machineSpeed()));
