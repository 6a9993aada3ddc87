import {
  staffInvitationInfoSchema,
  staffLoginResponseSchema,
  staffMeSchema,
  staffSignedInSchema,
  totpConfirmResponseSchema,
  totpSetupResponseSchema,
  type StaffLoginRequest,
  type StaffMe,
  type StaffSetupRequest,
  type StaffSignedIn,
} from '@kwenda/contracts/admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { adminRequest } from '../lib/admin-api';
import { setStaffSession } from '../lib/staff-session';

/** The staff member as the desk's session keeps it (lib/staff-session.ts). */
export const sessionStaffOf = (me: StaffMe) => ({
  id: me.userId,
  fullName: me.fullName,
  email: me.email,
  role: me.role,
  secondFactor: me.secondFactorEnabled,
});

export const saveStaffSession = (signedIn: StaffSignedIn) =>
  setStaffSession({ jwt: signedIn.jwt, expiresAt: signedIn.expiresAt, staff: sessionStaffOf(signedIn.staff) });

export const useStaffLogin = () =>
  useMutation({
    mutationFn: (body: StaffLoginRequest) => adminRequest('/admin/auth/login', staffLoginResponseSchema, { body }),
  });

const invitationPath = (token: string) => `/admin/auth/invitations/${encodeURIComponent(token)}`;

export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['admin', 'staff-invitation', token],
    queryFn: ({ signal }) => adminRequest(invitationPath(token), staffInvitationInfoSchema, { signal }),
    retry: false,
    staleTime: Infinity,
  });

export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (body: StaffSetupRequest) => adminRequest(invitationPath(token), staffSignedInSchema, { body }),
  });

export const useStaffMe = () =>
  useQuery({
    queryKey: ['admin', 'staff-me'],
    queryFn: ({ signal }) => adminRequest('/admin/auth/me', staffMeSchema, { signal }),
  });

export const useTotpSetup = () =>
  useMutation({
    mutationFn: () => adminRequest('/admin/auth/totp/setup', totpSetupResponseSchema, { method: 'POST' }),
  });

export const useTotpConfirm = () =>
  useMutation({
    mutationFn: (code: string) => adminRequest('/admin/auth/totp/confirm', totpConfirmResponseSchema, { body: { code } }),
  });
