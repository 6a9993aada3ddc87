/**
 * Numbers as people type them in Arabic: Sudanese phones write Arabic-Indic digits (٠-٩), Persian and
 * Urdu keyboards Eastern Arabic-Indic ones (۰-۹), with the Arabic decimal (٫) and thousands (٬)
 * separators. Every form (the traveller's and the desk's) and the API read them through these, so a
 * number typed in Arabic means what it says. Zod-free: the home page's first script imports it.
 */
const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
/** Grouping a person may type or paste: Latin and Arabic thousands separators, spaces of any width. */
const GROUPING = /[,\u066c\s\u00a0\u2009\u202f]/g;
const ARABIC_DECIMAL_SEPARATOR = /\u066b/g;

/** '٠١٢۳' -> '0123'; anything else is left as it was. */
export function latinDigits(value: string): string {
  return value.replace(ARABIC_DIGITS, (digit) => String((digit.charCodeAt(0) & 0xf) % 10));
}

/**
 * The text of a number as JavaScript reads it: Latin digits, a '.' for the decimal separator, no
 * grouping ('١٬٢٣٤٫٥' -> '1234.5', '1,234.50' -> '1234.50'). Whether it is a number is for the caller.
 */
export function latinNumberText(value: string): string {
  return latinDigits(value).replace(ARABIC_DECIMAL_SEPARATOR, '.').replace(GROUPING, '');
}

/** A number typed in either script ('١٢٫٥' -> 12.5); NaN when it is not one ('' and '1.2.3' included). */
export function parseLatinNumber(value: string): number {
  const text = latinNumberText(value);
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}
