import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.js';

describe('environment', () => {
  /** The lines of a refusal to start, after its first line. */
  const refusalLines = (source: Record<string, string>) => {
    try {
      loadEnv(source);
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      return (error as Error).message.split('\n').slice(1);
    }
    throw new Error('the environment was accepted');
  };
  it('has working embedded defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', STAGING: false });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads STAGING and DATABASE_URL', () => {
    const env = loadEnv({ STAGING: 'true', DATABASE_URL: 'postgres://u@127.0.0.1:5432/k' });
    expect(env.STAGING).toBe(true);
    expect(env.DATABASE_URL).toBe('postgres://u@127.0.0.1:5432/k');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['STAGING', 'maybe'],
    ['DATABASE_URL', 'mysql://x'],
    ['WHATSAPP_NUMBER', '+249 12'],
  ])('stops with a sentence naming %s=%s', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('turns WhatsApp on only with its token, phone number id and app secret; a part of them stops the server', () => {
    expect(loadEnv({}).WHATSAPP_API_URL).toBe('https://graph.facebook.com/v21.0');
    expect(loadEnv({}).WHATSAPP_TEMPLATE_HOLD_CONFIRMATION).toBe('kwenda_hold_confirmation');
    expect(loadEnv({ WHATSAPP_TEMPLATE_E_TICKET: 'ticket_v2' }).WHATSAPP_TEMPLATE_E_TICKET).toBe('ticket_v2');
    expect(refusalLines({ WHATSAPP_TEMPLATE_E_TICKET: 'Ticket V2' })[0]).toMatch(
      /^ {2}WHATSAPP_TEMPLATE_E_TICKET=.*template name/,
    );
    const full = { WHATSAPP_TOKEN: 'EAAG', WHATSAPP_PHONE_NUMBER_ID: '1234567890', WHATSAPP_APP_SECRET: 'abc' };
    expect(loadEnv(full).WHATSAPP_TOKEN).toBe('EAAG');
    const lines = refusalLines({ WHATSAPP_TOKEN: 'EAAG' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^ {2}WHATSAPP_PHONE_NUMBER_ID="": is required when WHATSAPP_TOKEN is set/);
    expect(lines[1]).toMatch(/^ {2}WHATSAPP_APP_SECRET="": is required/);
    expect(refusalLines({ ...full, WHATSAPP_PHONE_NUMBER_ID: '+249 91' })[0]).toMatch(/WHATSAPP_PHONE_NUMBER_ID=.*digits only/);
  });

  it('enables a social provider only with both its id and secret; half a pair stops the server', () => {
    const env = loadEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'http://127.0.0.1:3227/' });
    expect(env).toMatchObject({ GOOGLE_CLIENT_ID: 'id', GOOGLE_ISSUER: 'http://127.0.0.1:3227' });
    expect(loadEnv({}).FACEBOOK_GRAPH_URL).toBe('https://graph.facebook.com/v19.0');
    expect(() => loadEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(
      /GOOGLE_CLIENT_SECRET="": is required when GOOGLE_CLIENT_ID is set/,
    );
    expect(() => loadEnv({ FACEBOOK_CLIENT_SECRET: 'secret' })).toThrow(/FACEBOOK_CLIENT_ID="": is required/);
    expect(() => loadEnv({ GOOGLE_ISSUER: 'accounts.google.com' })).toThrow(/GOOGLE_ISSUER=/);
  });

  it('names the operating agency for the privacy policy, with placeholders until it is set', () => {
    expect(loadEnv({})).toMatchObject({
      AGENCY_LEGAL_NAME_AR: 'كوندا للسفر والسياحة',
      AGENCY_LEGAL_NAME_EN: 'Kwenda Travel & Tourism',
      COMMERCIAL_REGISTRATION_NUMBER: '000000',
    });
    expect(loadEnv({ COMMERCIAL_REGISTRATION_NUMBER: ' 12345/2023 ' }).COMMERCIAL_REGISTRATION_NUMBER).toBe('12345/2023');
    expect(() => loadEnv({ COMMERCIAL_REGISTRATION_NUMBER: '<b>1</b>' })).toThrow(/COMMERCIAL_REGISTRATION_NUMBER=/);
    expect(() => loadEnv({ AGENCY_LEGAL_NAME_EN: ' ' })).toThrow(/AGENCY_LEGAL_NAME_EN=/);
  });

  it("keeps the phone line's days and hours: Sudan's working week by default, a bad value stops the server", () => {
    expect(loadEnv({})).toMatchObject({
      SUPPORT_DAYS: { fromDay: 'sun', toDay: 'thu' },
      SUPPORT_HOURS: { opens: '09:00', closes: '17:00' },
    });
    expect(loadEnv({ SUPPORT_DAYS: ' Sat-Wed ', SUPPORT_HOURS: '08:30-16:00' })).toMatchObject({
      SUPPORT_DAYS: { fromDay: 'sat', toDay: 'wed' },
      SUPPORT_HOURS: { opens: '08:30', closes: '16:00' },
    });
    expect(loadEnv({ SUPPORT_DAYS: 'fri', SUPPORT_HOURS: '' }).SUPPORT_DAYS).toEqual({ fromDay: 'fri', toDay: 'fri' });
    expect(() => loadEnv({ SUPPORT_DAYS: 'sunday-thursday' })).toThrow(
      /SUPPORT_DAYS="sunday-thursday": must be a day or a range/,
    );
    expect(() => loadEnv({ SUPPORT_HOURS: '9-5' })).toThrow(/SUPPORT_HOURS="9-5": must be opening and closing times/);
    expect(() => loadEnv({ SUPPORT_HOURS: '17:00-09:00' })).toThrow(/SUPPORT_HOURS="17:00-09:00": must close after it opens/);
  });

  it('takes https links to each social network, and refuses another site or plain http', () => {
    const env = loadEnv({
      SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/kwenda',
      SOCIAL_X_URL: 'https://x.com/kwenda',
      SOCIAL_TIKTOK_URL: '',
    });
    expect(env).toMatchObject({ SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/kwenda', SOCIAL_X_URL: 'https://x.com/kwenda' });
    expect(env.SOCIAL_TIKTOK_URL).toBeUndefined();
    expect(loadEnv({}).SOCIAL_INSTAGRAM_URL).toBeUndefined();
    expect(() => loadEnv({ SOCIAL_INSTAGRAM_URL: 'http://instagram.com/kwenda' })).toThrow(
      /SOCIAL_INSTAGRAM_URL=.*https:\/\/ link/,
    );
    expect(() => loadEnv({ SOCIAL_LINKEDIN_URL: 'https://facebook.com/kwenda' })).toThrow(/SOCIAL_LINKEDIN_URL=/);
    expect(() => loadEnv({ SOCIAL_TIKTOK_URL: 'https://nottiktok.com/@kwenda' })).toThrow(/SOCIAL_TIKTOK_URL=/);
    expect(() => loadEnv({ SOCIAL_X_URL: 'javascript:alert(1)' })).toThrow(/SOCIAL_X_URL=/);
  });

  describe('secrets in production', () => {
    const JWT = 'j'.repeat(48);
    const GATEWAY = 'g'.repeat(32);

    it('refuses to start without JWT_SECRET and SANDBOX_GATEWAY_SECRET, one line naming each', () => {
      expect(refusalLines({ NODE_ENV: 'production' })).toEqual([
        expect.stringMatching(/^ {2}JWT_SECRET="": is required when NODE_ENV=production \(generate one with `openssl rand/),
        expect.stringMatching(
          /^ {2}SANDBOX_GATEWAY_SECRET="": is required when NODE_ENV=production and PAYMENT_PROVIDER=sandbox/,
        ),
      ]);
      expect(refusalLines({ NODE_ENV: 'production', SANDBOX_GATEWAY_SECRET: GATEWAY })).toEqual([
        expect.stringMatching(/^ {2}JWT_SECRET="": is required/),
      ]);
      expect(refusalLines({ NODE_ENV: 'production', JWT_SECRET: JWT, SANDBOX_GATEWAY_SECRET: '' })).toEqual([
        expect.stringMatching(/^ {2}SANDBOX_GATEWAY_SECRET="": is required/),
      ]);
    });

    it('starts with both; with Stripe the sandbox gateway and its secret are not needed', () => {
      expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: JWT, SANDBOX_GATEWAY_SECRET: GATEWAY })).toMatchObject({
        JWT_SECRET: JWT,
        SANDBOX_GATEWAY_SECRET: GATEWAY,
      });
      expect(
        loadEnv({
          NODE_ENV: 'production',
          JWT_SECRET: JWT,
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_abc',
          STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        }).SANDBOX_GATEWAY_SECRET,
      ).toBeUndefined();
    });

    it('keeps the generated defaults in development and tests', () => {
      for (const NODE_ENV of ['development', 'test']) {
        const env = loadEnv({ NODE_ENV });
        expect(env.JWT_SECRET).toBeUndefined();
        expect(env.SANDBOX_GATEWAY_SECRET).toBeUndefined();
      }
    });
  });

  describe('the flight supplier', () => {
    it('defaults to the sandbox with a 20 s search time, and takes Duffel with its token', () => {
      expect(loadEnv({})).toMatchObject({
        SUPPLIER: 'sandbox',
        SUPPLIER_TIMEOUT_SECONDS: 20,
        DUFFEL_API_URL: 'https://api.duffel.com',
      });
      expect(
        loadEnv({
          SUPPLIER: 'duffel',
          DUFFEL_ACCESS_TOKEN: 'duffel_test_abc123',
          DUFFEL_API_URL: 'http://127.0.0.1:3240/',
          SUPPLIER_TIMEOUT_SECONDS: '8',
        }),
      ).toMatchObject({ SUPPLIER: 'duffel', DUFFEL_API_URL: 'http://127.0.0.1:3240', SUPPLIER_TIMEOUT_SECONDS: 8 });
    });

    it('stops with one line for each bad or missing value', () => {
      expect(refusalLines({ SUPPLIER: 'amadeus' })).toEqual([
        expect.stringMatching(/^ {2}SUPPLIER="amadeus": must be sandbox or duffel$/),
      ]);
      expect(refusalLines({ SUPPLIER: 'duffel' })).toEqual([
        expect.stringMatching(/^ {2}DUFFEL_ACCESS_TOKEN="": is required when SUPPLIER=duffel$/),
      ]);
      expect(refusalLines({ SUPPLIER: 'duffel', DUFFEL_ACCESS_TOKEN: 'sk_live_abc' })).toEqual([
        expect.stringMatching(/^ {2}DUFFEL_ACCESS_TOKEN="sk_live_abc": must be a Duffel access token/),
      ]);
      expect(refusalLines({ DUFFEL_API_URL: 'ftp://duffel' })).toEqual([
        expect.stringMatching(/^ {2}DUFFEL_API_URL="ftp:\/\/duffel"/),
      ]);
      expect(refusalLines({ SUPPLIER_TIMEOUT_SECONDS: '600' })).toEqual([
        expect.stringMatching(/^ {2}SUPPLIER_TIMEOUT_SECONDS="600"/),
      ]);
      expect(
        refusalLines({
          NODE_ENV: 'production',
          JWT_SECRET: 'j'.repeat(48),
          SANDBOX_GATEWAY_SECRET: 'g'.repeat(32),
          SUPPLIER: 'duffel',
          DUFFEL_ACCESS_TOKEN: 'duffel_test_abc123',
          UNSAFE_SANDBOX_PAYMENTS_WITH_DUFFEL: 'true',
        }),
      ).toEqual([expect.stringMatching(/^ {2}DUFFEL_WEBHOOK_SECRET="": is required when SUPPLIER=duffel in production/)]);
    });
  });

  describe('a production server that could take real money or make real orders', () => {
    const secrets = { NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(48), SANDBOX_GATEWAY_SECRET: 'g'.repeat(32) };
    const duffel = { SUPPLIER: 'duffel', DUFFEL_WEBHOOK_SECRET: 'w'.repeat(16) };
    /** What the agency sets before it opens: no placeholder left. */
    const agency = {
      BANK_ACCOUNTS: JSON.stringify([{ bankAr: 'بنك', bankEn: 'Bank', accountName: 'Kwenda', accountNumber: '1234567' }]),
      COMMERCIAL_REGISTRATION_NUMBER: '12345/2023',
      SUPPORT_PHONE: '+249 91 777 0000',
      WHATSAPP_NUMBER: '249917770000',
    };
    const stripeLive = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

    it('refuses the sandbox card gateway beside a live Duffel token, even with the opt-in', () => {
      const source = { ...secrets, ...duffel, ...agency, DUFFEL_ACCESS_TOKEN: 'duffel_live_abc123' };
      const refusal = [
        '  PAYMENT_PROVIDER="": is sandbox beside a live Duffel token: a test card would buy real tickets from the agency\'s Duffel balance. Set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      ];
      expect(refusalLines(source)).toEqual(refusal);
      expect(refusalLines({ ...source, UNSAFE_SANDBOX_PAYMENTS_WITH_DUFFEL: 'true' })).toEqual(refusal);
      // Duffel set for the bookings it already holds, while new searches go to the sandbox: still real orders.
      expect(refusalLines({ ...source, SUPPLIER: 'sandbox' })).toEqual(refusal);
      expect(loadEnv({ ...source, ...stripeLive }).PAYMENT_PROVIDER).toBe('stripe');
    });

    it("refuses the sandbox gateway beside Duffel's test mode unless the loudly named opt-in is set", () => {
      const source = { ...secrets, ...duffel, DUFFEL_ACCESS_TOKEN: 'duffel_test_abc123' };
      expect(refusalLines(source)).toEqual([
        '  PAYMENT_PROVIDER="": is sandbox beside Duffel in production: a test card would pay for Duffel orders. Set PAYMENT_PROVIDER=stripe, or UNSAFE_SANDBOX_PAYMENTS_WITH_DUFFEL=true for a trial against Duffel\'s test mode',
      ]);
      expect(loadEnv({ ...source, UNSAFE_SANDBOX_PAYMENTS_WITH_DUFFEL: 'true' }).UNSAFE_SANDBOX_PAYMENTS_WITH_DUFFEL).toBe(true);
      // Development and tests run the sandbox gateway beside Duffel's test mode as before.
      expect(loadEnv({ ...duffel, DUFFEL_ACCESS_TOKEN: 'duffel_test_abc123' }).PAYMENT_PROVIDER).toBe('sandbox');
    });

    it('refuses a live supplier or live payments while a placeholder remains, naming each setting', () => {
      const placeholders = [
        '  BANK_ACCOUNTS="": is still the placeholder, and the server runs with a live Duffel token: set the bank accounts travellers who pay later transfer to',
        '  COMMERCIAL_REGISTRATION_NUMBER="": is still the placeholder, and the server runs with a live Duffel token: set the agency\'s commercial registration number',
        '  SUPPORT_PHONE="": is still the placeholder, and the server runs with a live Duffel token: set the agency\'s phone number',
        '  WHATSAPP_NUMBER="": is still the placeholder, and the server runs with a live Duffel token: set the agency\'s WhatsApp number',
      ];
      expect(refusalLines({ ...secrets, ...duffel, ...stripeLive, DUFFEL_ACCESS_TOKEN: 'duffel_live_abc123' })).toEqual(
        placeholders,
      );
      // The deploy template's values are placeholders too, however they are written.
      expect(
        refusalLines({
          ...secrets,
          ...agency,
          ...stripeLive,
          SUPPORT_PHONE: '+249 91 234 5678',
          BANK_ACCOUNTS: JSON.stringify([{ bankAr: 'ب', bankEn: 'B', accountName: 'K', accountNumber: '0000000000000' }]),
        }),
      ).toEqual([
        '  BANK_ACCOUNTS="[{\\"bankAr\\":\\"ب\\",\\"bankEn\\":\\"B\\",\\"accountName\\":\\"K\\",\\"accountNumber\\":\\"0000000000000\\"}]": is still the placeholder, and the server runs with a live Stripe key: set the bank accounts travellers who pay later transfer to',
        '  SUPPORT_PHONE="+249 91 234 5678": is still the placeholder, and the server runs with a live Stripe key: set the agency\'s phone number',
      ]);
      expect(
        loadEnv({ ...secrets, ...duffel, ...stripeLive, ...agency, DUFFEL_ACCESS_TOKEN: 'duffel_live_abc123' }).SUPPLIER,
      ).toBe('duffel');
    });

    it('keeps starting with test keys, in development and on the embedded defaults (in trial mode)', () => {
      expect(loadEnv(secrets).SUPPORT_PHONE).toBe('+249 91 234 5678');
      expect(
        loadEnv({ ...secrets, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_WEBHOOK_SECRET: 'whsec_a' }),
      ).toBeTruthy();
      expect(loadEnv({ ...duffel, DUFFEL_ACCESS_TOKEN: 'duffel_live_abc123', ...stripeLive }).NODE_ENV).toBe('development');
    });
  });

  describe('TRUST_PROXY', () => {
    it('takes a number of proxies or their addresses, and false', () => {
      expect(loadEnv({}).TRUST_PROXY).toBe(false);
      expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
      expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
      expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
      expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
      expect(loadEnv({ TRUST_PROXY: '10.0.0.1' }).TRUST_PROXY).toBe('10.0.0.1');
      expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).TRUST_PROXY).toBe('127.0.0.1,10.0.0.0/8,::1');
    });

    it('refuses true with a sentence saying what to set instead', () => {
      expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(
        'TRUST_PROXY="true": true would believe the left-most X-Forwarded-For, which any client can write: set the number of proxies in front of the server (TRUST_PROXY=1 behind one nginx) or their addresses (TRUST_PROXY=10.0.0.1)',
      );
      expect(() => loadEnv({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY="nginx": must be false, a number of proxies/);
    });
  });

  it('reads REDIS_URL and a key prefix; a URL of another kind stops the server', () => {
    expect(loadEnv({})).toMatchObject({ REDIS_KEY_PREFIX: 'kwenda:', SHUTDOWN_TIMEOUT_SECONDS: 20 });
    expect(loadEnv({}).REDIS_URL).toBeUndefined();
    expect(loadEnv({ REDIS_URL: 'redis://127.0.0.1:6379/2', REDIS_KEY_PREFIX: 'agency-a:' })).toMatchObject({
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      REDIS_KEY_PREFIX: 'agency-a:',
    });
    expect(() => loadEnv({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL="http:\/\/127.0.0.1:6379": must be a redis:\/\//,
    );
    expect(() => loadEnv({ REDIS_KEY_PREFIX: 'a b' })).toThrow(/REDIS_KEY_PREFIX=/);
    expect(() => loadEnv({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS=/);
  });
});
