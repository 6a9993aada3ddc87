// Runs the local Duffel stand-in as its own process, for Playwright's webServer and the bench:
//   npx tsx apps/api/test/duffel/serve.ts --port 3240 --search-delay-ms 3000 \
//     --webhook-url http://127.0.0.1:3210/api/v1/suppliers/duffel/webhooks --webhook-secret xyz
import { parseArgs } from 'node:util';
import { startLocalDuffel } from './local-duffel-server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3240' },
    host: { type: 'string', default: '127.0.0.1' },
    token: { type: 'string' },
    'search-delay-ms': { type: 'string', default: '0' },
    batches: { type: 'string', default: '3' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string' },
  },
  strict: true,
});

function wholeNumber(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    process.stderr.write(`--${name} must be a whole number, got '${value}'\n`);
    process.exit(2);
  }
  return number;
}

const duffel = await startLocalDuffel({
  port: wholeNumber('port', values.port),
  host: values.host,
  token: values.token,
  searchDelayMs: wholeNumber('search-delay-ms', values['search-delay-ms']),
  batches: wholeNumber('batches', values.batches),
  webhookUrl: values['webhook-url'],
  webhookSecret: values['webhook-secret'],
});
process.stdout.write(`local duffel listening on ${duffel.url}\n`);

const stop = () => {
  void duffel.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
