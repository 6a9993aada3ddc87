/** Arabic-Indic and Eastern Arabic-Indic digits typed on Sudanese phones, as Latin digits. */
export function latinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/** Digits only, without a leading zero (a local 0912… becomes 912…). */
export function cleanLocalNumber(value: string): string {
  return latinDigits(value).replace(/\D/g, '').replace(/^0+/, '').slice(0, 14);
}

/** SPEC section 5: the full number is the dial code plus the digits; empty gives null. */
export function toE164(dialCode: string, local: string): string | null {
  const digits = cleanLocalNumber(local);
  return digits ? `${dialCode}${digits}` : null;
}

/** Splits a stored +249912345678 back into dial code and digits, given the known dial codes. */
export function splitE164(
  value: string | null,
  dialCodes: readonly string[],
  fallback = '+249',
): { dialCode: string; local: string } {
  if (!value) return { dialCode: fallback, local: '' };
  const match = [...dialCodes].sort((a, b) => b.length - a.length).find((code) => value.startsWith(code));
  return match ? { dialCode: match, local: value.slice(match.length) } : { dialCode: fallback, local: value.replace(/^\+/, '') };
}
