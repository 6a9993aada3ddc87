import type { Env } from '../../env.js';

/**
 * Whether messages may go on WhatsApp: when the Cloud API is configured (token, phone number id and
 * app secret), and in development, where they stay in the dev outbox. A production server without the
 * settings would deliver nothing there, so it offers neither WhatsApp updates nor sign-in by mobile
 * number, and every update goes by e-mail.
 */
export const whatsappChannelOn = (
  env: Pick<Env, 'NODE_ENV' | 'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_NUMBER_ID' | 'WHATSAPP_APP_SECRET'>,
) => Boolean(env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_APP_SECRET) || env.NODE_ENV !== 'production';
