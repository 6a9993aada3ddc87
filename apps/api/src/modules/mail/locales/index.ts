import { ar, type MailCatalog } from './ar.js';
import { en } from './en.js';

export type MailLanguage = 'ar' | 'en';
export type { MailCatalog };

/** Every message is in both languages, Arabic first. */
export const MAIL_LANGUAGES: readonly MailLanguage[] = ['ar', 'en'];

const catalogs: Record<MailLanguage, MailCatalog> = { ar, en };

export const mailStrings = (language: MailLanguage): MailCatalog => catalogs[language];

/** A catalog string with its {{name}} values filled in; a value the caller forgot stays visible, not blank. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
