import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.js';

describe('environment', () => {
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
});
