import type { Account, AuthResponse } from '@kwenda/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from './lazy-account-schema';
import { mergeSessionUser, saveSession, useSession } from '../../../lib/session';

type Language = 'ar' | 'en';

function keep(auth: AuthResponse) {
  saveSession({ jwt: auth.jwt, expiresAt: auth.expiresAt, user: auth.user });
  return auth;
}

/** A 6-digit code by WhatsApp to this number (E.164), to sign in or to sign up. */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (input: { phone: string; language: Language }) =>
      apiRequest('/auth/phone/code', lazySchema('phoneCodeResponseSchema'), { body: input }),
  });
}

/** The code: signs in, or signs up when `fullName` is given (NAME_REQUIRED without it for a new number). */
export function useVerifyPhoneCode() {
  return useMutation({
    mutationFn: (input: { challenge: string; phone: string; code: string; fullName: string | null }) =>
      apiRequest('/auth/phone/verify', lazySchema('authResponseSchema'), { body: input }).then(keep),
  });
}

/** A signed-in traveller adds (or changes) a mobile number or an e-mail: the code goes to it. */
export function useAddContact() {
  return useMutation({
    mutationFn: (input: { phone: string; language: Language } | { email: string; language: Language }) =>
      apiRequest('/account/contact', lazySchema('addContactResponseSchema'), { body: input }),
  });
}

export function useVerifyContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { challenge: string; code: string }) =>
      apiRequest('/account/contact/verify', lazySchema('verifyContactResponseSchema'), { body: input }),
    onSuccess: ({ user, contacts }) => {
      mergeSessionUser(user);
      client.setQueryData<Account>(['account', user.id], (account) => (account ? { ...account, ...user, contacts } : account));
      // A newly verified contact may bring guest bookings made with it.
      void client.invalidateQueries({ queryKey: ['guest-bookings'] });
    },
  });
}

/** Bookings made as a guest with the account's verified e-mail or number, offered to be added. */
export function useGuestBookings() {
  const session = useSession();
  return useQuery({
    queryKey: ['guest-bookings', session?.user.id],
    queryFn: ({ signal }) => apiRequest('/account/guest-bookings', lazySchema('guestBookingOffersSchema'), { signal }),
    enabled: !!session,
  });
}

export function useAdoptGuestBookings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest('/account/guest-bookings', lazySchema('adoptGuestBookingsResponseSchema'), { body: { ids } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['guest-bookings'] });
      void client.invalidateQueries({ queryKey: ['account-bookings'] });
    },
  });
}
