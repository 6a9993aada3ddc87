import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publicConfigSchema } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.js';
import { composeAccessCodeEmail } from '../src/modules/booking-access/booking-access-emails.js';
import { publicConfigOf } from '../src/modules/config/config-routes.js';
import { mailContextOf } from '../src/modules/mail/mail-context.js';
import { renderETicket } from '../src/modules/tickets/eticket-pdf.js';
import { sampleBooking } from '../src/modules/tickets/test-support.js';
import { trialModeOf } from '../src/trial-mode.js';
import { staffHeaders } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

/** A production server with live Duffel and Stripe, and every agency setting filled in: no trial. */
const LIVE = {
  NODE_ENV: 'production',
  JWT_SECRET: 'j'.repeat(48),
  SUPPLIER: 'duffel',
  DUFFEL_ACCESS_TOKEN: 'duffel_live_abc123',
  DUFFEL_WEBHOOK_SECRET: 'w'.repeat(16),
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  BANK_ACCOUNTS: JSON.stringify([{ bankAr: 'بنك', bankEn: 'Bank', accountName: 'Kwenda', accountNumber: '1234567' }]),
  COMMERCIAL_REGISTRATION_NUMBER: '12345/2023',
  SUPPORT_PHONE: '+249 91 777 0000',
  WHATSAPP_NUMBER: '249917770000',
};
/** What `npm start` runs on the embedded defaults. */
const EMBEDDED = { NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(48), SANDBOX_GATEWAY_SECRET: 'g'.repeat(32) };

describe('trial mode', () => {
  it('is on with the embedded defaults, the sandbox, a test key, a placeholder or STAGING, and off only when all is real', () => {
    expect(trialModeOf(loadEnv(EMBEDDED))).toEqual({
      trial: true,
      reasons: ['placeholders', 'sandbox-supplier', 'sandbox-payments'],
      placeholders: ['BANK_ACCOUNTS', 'COMMERCIAL_REGISTRATION_NUMBER', 'SUPPORT_PHONE', 'WHATSAPP_NUMBER'],
    });
    expect(trialModeOf(loadEnv(LIVE))).toEqual({ trial: false, reasons: [], placeholders: [] });
    expect(trialModeOf(loadEnv({ ...LIVE, STAGING: 'true' })).reasons).toEqual(['staging']);
    expect(trialModeOf(loadEnv({ ...LIVE, STRIPE_SECRET_KEY: 'sk_test_abc' })).reasons).toEqual(['sandbox-payments']);
    expect(trialModeOf(loadEnv({ ...LIVE, DUFFEL_ACCESS_TOKEN: 'duffel_test_abc' })).reasons).toEqual(['sandbox-supplier']);
  });

  it('shows the banner through the config every page is rendered with', () => {
    expect(publicConfigOf(loadEnv(EMBEDDED), []).staging).toBe(true);
    expect(publicConfigOf(loadEnv(LIVE), []).staging).toBe(false);
  });

  it('says so in every e-mail, in Arabic and English, in the HTML and the plain text', () => {
    const trial = composeAccessCodeEmail({ code: '123456', reference: 'KW7F3K9Q' }, mailContextOf(loadEnv(EMBEDDED)));
    for (const part of [trial.html, trial.text]) {
      expect(part).toContain('نسخة تجريبية');
      expect(part).toContain('الحجوزات التي تُجرى على هذه النسخة من الموقع ليست حجوزات حقيقية');
      expect(part).toContain('Trial version');
      expect(part).toContain('bookings made on this version of the site are not real bookings');
    }
    const live = composeAccessCodeEmail({ code: '123456', reference: 'KW7F3K9Q' }, mailContextOf(loadEnv(LIVE)));
    expect(live.html).not.toContain('Trial version');
    expect(live.text).not.toContain('Trial version');
  });

  it('says so on the e-ticket PDF', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-trial-pdf-'));
    const text = async (live: boolean) => {
      const file = path.join(dir, `${live ? 'live' : 'trial'}.pdf`);
      const env = loadEnv(live ? LIVE : EMBEDDED);
      fs.writeFileSync(file, await renderETicket(sampleBooking(), mailContextOf(env, 'https://kwenda.example')));
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    };
    expect(await text(false)).toContain('Trial version: bookings made on this version of the site are not real bookings.');
    expect(await text(true)).not.toContain('Trial version');
  });
});

describe.each(backends)('the desk on a trial server (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('serves staging: true in /config, and names the missing settings to staff only', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(publicConfigSchema.parse(config.json()).staging).toBe(true);

    const viewer = await staffHeaders(ctx.app, 'viewer');
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/trial-mode', headers: viewer });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      trial: true,
      reasons: ['placeholders', 'sandbox-supplier', 'sandbox-payments'],
      missingSettings: ['BANK_ACCOUNTS', 'COMMERCIAL_REGISTRATION_NUMBER', 'SUPPORT_PHONE', 'WHATSAPP_NUMBER'],
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/trial-mode' })).statusCode).toBe(401);
  });
});
