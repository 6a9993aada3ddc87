import type { StaffRole } from '@kwenda/contracts/admin';
import { STAFF_SESSION_STORAGE_KEY } from './staff-session';

/** A staff member of `role` signed in to the desk, second factor set up, for an hour. */
export function signInStaff(role: StaffRole) {
  localStorage.setItem(
    STAFF_SESSION_STORAGE_KEY,
    JSON.stringify({
      jwt: 'jwt',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      staff: { id: 'st_1', fullName: 'Amna', email: 'amna@example.com', role, secondFactor: true },
    }),
  );
}

/** A server's JSON answer, as a stand-in for fetch returns it. */
export const jsonAnswer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
