import type { Env } from '../../env.js';

/**
 * Every address a traveller is sent (e-mails, the e-ticket PDF, booking answers, payment return pages)
 * is built here from PUBLIC_URL, in whichever process sends it: the server, the mail job or the
 * agency's command line. A process that is not the site's own server must have PUBLIC_URL (see
 * requirePublicUrl): its HOST and PORT say nothing about where travellers reach the site.
 */
export const ticketPath = (bookingId: string) => `/api/v1/bookings/${bookingId}/ticket.pdf`;
export const managePath = (bookingId: string) => `/booking/${bookingId}`;

/** PUBLIC_URL without a trailing slash; without it, the address this server listens on (development). */
export function publicOriginOf(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`).replace(/\/+$/, '');
}

export interface PublicLinks {
  /** https://kwenda.sd, no trailing slash. */
  origin: string;
  /** The home page, where a search starts. */
  home(): string;
  /** The booking's page: pay, upload a receipt, see the ticket. */
  booking(bookingId: string): string;
  /** The e-ticket PDF. */
  ticket(bookingId: string): string;
  /** The page that takes a new password for a reset token. */
  passwordReset(token: string): string;
  /** The log-in page. */
  login(): string;
  /** The page that e-mails a reset link. */
  forgotPassword(): string;
}

export function createPublicLinks(origin: string): PublicLinks {
  const base = origin.replace(/\/+$/, '');
  return {
    origin: base,
    home: () => `${base}/`,
    booking: (bookingId) => `${base}${managePath(bookingId)}`,
    ticket: (bookingId) => `${base}${ticketPath(bookingId)}`,
    passwordReset: (token) => `${base}/password_reset/${encodeURIComponent(token)}`,
    login: () => `${base}/login`,
    forgotPassword: () => `${base}/forgot_password`,
  };
}

export class MissingPublicUrlError extends Error {}

/**
 * For processes that send mail but do not serve the site (the receipt command): without PUBLIC_URL
 * their links would point at their own default address (http://127.0.0.1:3000), not at the site.
 */
export function requirePublicUrl(env: Pick<Env, 'PUBLIC_URL'>, task: string): string {
  if (!env.PUBLIC_URL)
    throw new MissingPublicUrlError(
      `PUBLIC_URL is not set: ${task} would carry links to this command's own default address, not to the site. ` +
        'Set PUBLIC_URL to the address travellers reach the site at (the same as the server), in the environment or in .env.',
    );
  return publicOriginOf({ PUBLIC_URL: env.PUBLIC_URL, HOST: '', PORT: 0 });
}
