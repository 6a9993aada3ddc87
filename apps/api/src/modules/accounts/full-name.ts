import { ACCOUNT_LIMITS, type FieldError } from '@kwenda/contracts';

/** A name as an account keeps it: trimmed, its runs of spaces made one. */
export const cleanFullName = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');

/** What is wrong with a cleaned name (empty, or longer than the accounts' limit), as the field `path`; null when nothing. */
export function fullNameProblem(fullName: string, path: string): FieldError | null {
  const max = ACCOUNT_LIMITS.fullNameMaxLength;
  if (!fullName) return { path, code: 'required', message: 'Full name is required' };
  if ([...fullName].length > max) return { path, code: 'too_long', message: `At most ${max} characters` };
  return null;
}
