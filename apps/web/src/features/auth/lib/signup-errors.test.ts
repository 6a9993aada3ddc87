import { describe, expect, it } from 'vitest';
import { clearFieldError, signupErrors } from './signup-errors';

describe('signup errors', () => {
  it('marks both the confirmation and the mismatch on PASSWORD_CONFIRMATION_MISMATCH', () => {
    expect(signupErrors('PASSWORD_CONFIRMATION_MISMATCH', {})).toEqual({
      passwordConfirmation: 'PASSWORD_CONFIRMATION_MISMATCH',
      mismatch: 'PASSWORD_CONFIRMATION_MISMATCH',
    });
  });

  it('puts the server codes under their fields', () => {
    expect(signupErrors('EMAIL_IS_NOT_UNIQUE', {})).toEqual({ email: 'EMAIL_IS_NOT_UNIQUE' });
    expect(signupErrors('VALIDATION_ERROR', { fullName: 'required', email: 'invalid_email', other: 'x' })).toEqual({
      fullName: 'required',
      email: 'invalid_email',
    });
    expect(signupErrors('REQUIRED_PASSWORD', {})).toEqual({ password: 'REQUIRED_PASSWORD' });
    expect(signupErrors('REQUIRED_PASSWORD_CONFIRMATION', {})).toEqual({
      passwordConfirmation: 'REQUIRED_PASSWORD_CONFIRMATION',
    });
    expect(signupErrors('TOO_MANY_ATTEMPTS', {})).toEqual({});
  });

  it('clears only the edited field, and the mismatch with the confirmation', () => {
    const errors = {
      email: 'x',
      passwordConfirmation: 'PASSWORD_CONFIRMATION_MISMATCH',
      mismatch: 'PASSWORD_CONFIRMATION_MISMATCH',
    };
    expect(clearFieldError(errors, 'email')).toEqual({
      passwordConfirmation: errors.passwordConfirmation,
      mismatch: errors.mismatch,
    });
    expect(clearFieldError(errors, 'password')).toEqual(errors);
    expect(clearFieldError(errors, 'passwordConfirmation')).toEqual({ email: 'x' });
  });
});
