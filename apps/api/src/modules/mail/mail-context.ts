import type { Env } from '../../env.js';
import { trialModeOf } from '../../trial-mode.js';
import { createPublicLinks, publicOriginOf, type PublicLinks } from './public-links.js';

/** The agency as every e-mail's footer and the e-ticket name it. */
export interface AgencyContacts {
  /** Registered names (AGENCY_LEGAL_NAME_AR / _EN). */
  nameAr: string;
  nameEn: string;
  /** As travellers dial it: +249 91 234 5678. */
  phone: string;
  email: string;
  /** Digits in international format without +, as wa.me wants them. */
  whatsapp: string;
}

/** What every message needs besides its own data: who sends it and where its links lead. */
export interface MailContext {
  agency: AgencyContacts;
  links: PublicLinks;
  /** A trial server (trial-mode.ts): every e-mail and e-ticket says its bookings are not real. */
  trial?: boolean;
}

export function mailContextOf(env: Env, origin: string = publicOriginOf(env)): MailContext {
  return {
    agency: {
      nameAr: env.AGENCY_LEGAL_NAME_AR,
      nameEn: env.AGENCY_LEGAL_NAME_EN,
      phone: env.SUPPORT_PHONE,
      email: env.SUPPORT_EMAIL,
      whatsapp: env.WHATSAPP_NUMBER,
    },
    links: createPublicLinks(origin),
    trial: trialModeOf(env).trial,
  };
}
