/** The sign-up form's inputs, plus the mismatch message shown beside the confirmation. */
export type SignupField = 'fullName' | 'email' | 'password' | 'passwordConfirmation' | 'mismatch';

/**
 * Where a refused sign-up shows its errors. The server names the field and the code; a mismatch
 * marks both the confirmation and the mismatch line, as the spec asks.
 */
export function signupErrors(code: string | null, fields: Record<string, string>): Partial<Record<SignupField, string>> {
  const out: Partial<Record<SignupField, string>> = {};
  for (const [field, fieldCode] of Object.entries(fields))
    if (field === 'fullName' || field === 'email' || field === 'password' || field === 'passwordConfirmation')
      out[field] = fieldCode;
  if (code === 'PASSWORD_CONFIRMATION_MISMATCH') {
    out.passwordConfirmation = 'PASSWORD_CONFIRMATION_MISMATCH';
    out.mismatch = 'PASSWORD_CONFIRMATION_MISMATCH';
  }
  if (code === 'EMAIL_IS_NOT_UNIQUE') out.email = 'EMAIL_IS_NOT_UNIQUE';
  if (code === 'REQUIRED_PASSWORD') out.password = 'REQUIRED_PASSWORD';
  if (code === 'REQUIRED_PASSWORD_CONFIRMATION') out.passwordConfirmation = 'REQUIRED_PASSWORD_CONFIRMATION';
  if (code === 'WEAK_PASSWORD') out.password = 'WEAK_PASSWORD';
  return out;
}

/** Editing a field clears its own error; editing the confirmation also clears the mismatch. */
export function clearFieldError(
  errors: Partial<Record<SignupField, string>>,
  field: SignupField,
): Partial<Record<SignupField, string>> {
  const next = { ...errors };
  delete next[field];
  if (field === 'passwordConfirmation') delete next.mismatch;
  return next;
}
