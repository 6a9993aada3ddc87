import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadEnv } from '../src/env.js';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/**
 * What the application log keeps of the addresses asked for: the path and the query, with the secrets
 * some of them carry withheld (the log is read by more people, and kept longer, than the database).
 */
describe.each(backends)('the request log on %s', (backend) => {
  let database: TestDatabase;
  let app: App;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    app = await buildApp({
      env: loadEnv({
        NODE_ENV: 'test',
        WEB_DIST: '/nonexistent',
        RUN_JOBS: 'false',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-test-')),
      }),
      database,
      // Every line the server writes, as pino writes it to stdout.
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  const secret = (name: string) => `${name}Secret0123456789abcdefXYZ`;
  const requests: [string, string, string][] = [
    ['GET', `/password_reset/${secret('reset')}`, '/password_reset/[withheld]'],
    ['GET', `/api/v1/admin/auth/invitations/${secret('invite')}`, '/api/v1/admin/auth/invitations/[withheld]'],
    ['POST', `/api/v1/admin/auth/invitations/${secret('accept')}`, '/api/v1/admin/auth/invitations/[withheld]'],
    [
      'GET',
      `/login?social_ticket=${secret('ticket')}&return_to=%2Faccount`,
      '/login?social_ticket=[withheld]&return_to=%2Faccount',
    ],
    [
      'GET',
      `/api/v1/auth/social/google/callback?code=${secret('code')}&state=${secret('state')}`,
      '/api/v1/auth/social/google/callback?code=[withheld]&state=[withheld]',
    ],
    ['GET', `/admin/setup/${secret('setup')}`, '/admin/setup/[withheld]'],
    ['GET', `/booking/bk_${secret('booking')}?step=pay`, '/booking/[withheld]?step=pay'],
    ['GET', `/api/v1/bookings/bk_${secret('ticketpdf')}/ticket.pdf`, '/api/v1/bookings/[withheld]/ticket.pdf'],
    ['GET', `/gateway/sandbox/checkout/${secret('checkout')}`, '/gateway/sandbox/checkout/[withheld]'],
  ];

  it('withholds reset tokens, invitations, social tickets, OAuth codes, set-up links, booking ids and checkouts', async () => {
    for (const [method, url] of requests) await app.inject({ method: method as 'GET', url });
    const log = lines.join('');
    for (const [, url, logged] of requests) {
      for (const [found] of url.matchAll(/\w+Secret0123456789abcdefXYZ/g)) expect(log).not.toContain(found);
      expect(log).toContain(`"url":"${logged}"`);
    }
    // The paths without a secret are kept whole.
    await app.inject({ method: 'GET', url: '/api/v1/offers/calendar?departureStation=KRT&arrivalStation=JED' });
    expect(lines.join('')).toContain('"url":"/api/v1/offers/calendar?departureStation=KRT&arrivalStation=JED"');
  });
});
