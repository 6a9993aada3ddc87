import type { Account, AuthResponse } from '@kwenda/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from './lazy-account-schema';
import { mergeSessionUser, saveSession, useSession } from '../../../lib/session';

/** Keeps the token and user of a successful log-in. */
function keep(auth: AuthResponse) {
  saveSession({ jwt: auth.jwt, expiresAt: auth.expiresAt, user: auth.user });
  return auth;
}

export function useLogin() {
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      apiRequest('/auth/login', lazySchema('authResponseSchema'), {
        body: { email: input.email.trim(), password: input.password },
      }).then(keep),
  });
}

export interface SignupInput {
  fullName: string;
  email: string;
  password: string;
  passwordConfirmation: string;
}

export function useSignup() {
  return useMutation({
    mutationFn: (payload: SignupInput) =>
      apiRequest('/auth/register', lazySchema('registerResponseSchema'), {
        body: { payload: { ...payload, fullName: payload.fullName.trim(), email: payload.email.trim() }, provider: 'email' },
      }),
  });
}

/**
 * Which sign-up the code screen means: the one this browser made (its registration, from the sign-up's
 * answer), or else the one whose password the traveller types again. Either way a code another sign-up
 * with the same e-mail sent cannot set a password the traveller did not choose.
 */
export type WhichSignUp = { registration: string } | { password: string };

export function useVerifyCode() {
  return useMutation({
    mutationFn: (input: { email: string; otp: string; fullName: string | null } & WhichSignUp) =>
      apiRequest('/auth/otp', lazySchema('authResponseSchema'), { body: { ...input, otp: input.otp.trim() } }).then(keep),
  });
}

export function useResendCode() {
  return useMutation({
    mutationFn: (input: { email: string } & WhichSignUp) =>
      apiRequest('/auth/otp/resend', lazySchema('okResponseSchema'), { body: input }),
  });
}

/** Trades the one-time ticket of a finished Google/Facebook sign-in for the session. */
export function useSocialExchange() {
  return useMutation({
    mutationFn: (ticket: string) =>
      apiRequest('/auth/social/exchange', lazySchema('authResponseSchema'), { body: { ticket } }).then(keep),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/account/request_password_reset', lazySchema('okResponseSchema'), {
        method: 'PUT',
        body: { email: email.trim() },
      }),
  });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; passwordConfirmation: string }) =>
      apiRequest('/account/password_reset', lazySchema('okResponseSchema'), { method: 'PUT', body: input }),
  });
}

/**
 * The logged-in user as the server has it now (the stored copy may be older), with their referral
 * code when the account is an agent. Only the user's own fields are kept in the stored session.
 */
export function useAccount() {
  const session = useSession();
  return useQuery({
    queryKey: ['account', session?.user.id],
    queryFn: ({ signal }) =>
      apiRequest('/account', lazySchema('accountSchema'), { signal }).then((account) => {
        const { agent: _agent, ...user } = account;
        mergeSessionUser(user);
        return account;
      }),
    enabled: !!session,
  });
}

export function useUpdateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { mobile: string | null; whatsapp: string | null }) =>
      apiRequest('/account/update', lazySchema('updateAccountResponseSchema'), { method: 'PUT', body: input }),
    onSuccess: ({ user }) => {
      mergeSessionUser(user);
      // The answer is the user alone: the account's agent stays as it was.
      client.setQueryData<Account>(['account', user.id], (account) => (account ? { ...account, ...user } : account));
    },
  });
}

export function useMyBookings() {
  const session = useSession();
  return useQuery({
    queryKey: ['account-bookings', session?.user.id],
    queryFn: ({ signal }) => apiRequest('/account/bookings', lazySchema('bookingListSchema'), { signal }),
    enabled: !!session,
  });
}
