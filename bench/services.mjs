// What the benches that start servers of their own (bench/load-balancer.mjs, bench/capacity.mjs) wait on.
import net from 'node:net';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a Redis server answers PING at `url` (within 2 s). */
export function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2_000, () => (socket.destroy(), resolve(false)));
    socket.on('error', () => resolve(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => (socket.destroy(), resolve(data.toString().startsWith('+PONG'))));
  });
}

/** Waits until `url` answers 2xx, failing when `child` (the process that should answer it) exits first. */
export async function waitFor(url, child, what, seconds = 240) {
  for (let i = 0; i < seconds * 4; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  throw new Error(`${what} did not answer ${url}`);
}
