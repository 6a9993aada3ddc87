import { createStaffMembersService } from './staff-members-service.js';
import { createStaffSignInService } from './staff-sign-in-service.js';

/** The staff module's two services: signing in (with the second factor), and the members the owner manages. */
export function createStaffService(
  deps: Parameters<typeof createStaffMembersService>[0] & Parameters<typeof createStaffSignInService>[0],
) {
  return { signIn: createStaffSignInService(deps), members: createStaffMembersService(deps) };
}

export type StaffService = ReturnType<typeof createStaffService>;
