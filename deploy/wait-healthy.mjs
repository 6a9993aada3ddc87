#!/usr/bin/env node
// Waits until the API process on this port answers /api/v1/health with 200 (its database reachable):
//   node deploy/wait-healthy.mjs <port> [seconds, default 120]
// Exits 0 then, 1 when the time is up. systemd runs it after starting each process (ExecStartPost), so
// a process counts as started only once it can take requests.
const [port, seconds = '120'] = process.argv.slice(2);
if (!/^\d+$/.test(port ?? '') || !/^\d+$/.test(seconds)) {
  console.error('Usage: node deploy/wait-healthy.mjs <port> [seconds]');
  process.exit(2);
}
const url = `http://127.0.0.1:${port}/api/v1/health`;
const deadline = Date.now() + Number(seconds) * 1000;
let last = 'no answer';
while (Date.now() < deadline) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    if (response.ok) process.exit(0);
    last = `${response.status} ${await response.text()}`;
  } catch (error) {
    last = error.cause?.code ?? error.message;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
console.error(`${url} did not answer 200 within ${seconds} s (last: ${last})`);
process.exit(1);
