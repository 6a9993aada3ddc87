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
});
