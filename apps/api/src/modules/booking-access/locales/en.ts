import type { BookingAccessMailCatalog } from './ar.js';

/** English of the Find my booking e-mails, key for key with the Arabic source (ar.ts). */
export const en: BookingAccessMailCatalog = {
  code: {
    subject: 'Code to open booking {{reference}}: {{code}}',
    preheader: 'Type this code on the Find my booking page to open your booking on this device.',
    heading: 'Your code to open your booking',
    intro: 'Someone asked to open booking {{reference}} on a new device. Type this code on the Find my booking page:',
    validity: 'The code works once, for {{duration}}.',
    ignore: 'If you did not ask for it, ignore this e-mail: nobody can see your whole booking without this code.',
  },
  account: {
    subject: 'Booking {{reference}} belongs to a Kwenda account',
    preheader: 'Log in with your account to see and manage your booking.',
    heading: 'Log in to see your booking',
    intro:
      'Someone asked to open booking {{reference}}. This booking belongs to a Kwenda account: only that account, logged in, sees it whole.',
    action: 'Log in',
    ignore: 'If you did not ask for it, ignore this e-mail.',
  },
};
