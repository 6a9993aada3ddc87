import { publicConfigSchema } from '@kwenda/contracts';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.js';
import { publicConfigOf } from './config-routes.js';

describe('public config', () => {
  it("gives the phone line's hours, Sudan's working week by default", () => {
    expect(publicConfigOf(loadEnv({}), []).supportHours).toEqual({
      fromDay: 'sun',
      toDay: 'thu',
      opens: '09:00',
      closes: '17:00',
    });
    expect(publicConfigOf(loadEnv({ SUPPORT_DAYS: 'sat-thu', SUPPORT_HOURS: '08:00-20:30' }), []).supportHours).toEqual({
      fromDay: 'sat',
      toDay: 'thu',
      opens: '08:00',
      closes: '20:30',
    });
  });

  it('lists only the social pages that are set, in the footer order', () => {
    expect(publicConfigOf(loadEnv({}), []).socialLinks).toEqual([]);
    const config = publicConfigOf(
      loadEnv({
        SOCIAL_TIKTOK_URL: 'https://www.tiktok.com/@kwenda',
        SOCIAL_FACEBOOK_URL: 'https://facebook.com/kwenda.sd',
        SOCIAL_X_URL: '',
      }),
      [],
    );
    expect(config.socialLinks).toEqual([
      { network: 'facebook', url: 'https://facebook.com/kwenda.sd' },
      { network: 'tiktok', url: 'https://www.tiktok.com/@kwenda' },
    ]);
    expect(publicConfigSchema.parse(config)).toEqual(config);
  });
});
