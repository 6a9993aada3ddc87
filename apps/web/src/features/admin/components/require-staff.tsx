import type { StaffRole } from '@kwenda/contracts/admin';
import { staffRoleAtLeast } from '@kwenda/contracts/admin';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Navigate, useLocation } from '../../../lib/router';
import { useStaffSession } from '../lib/staff-session';

/**
 * Screens for signed-in staff: without a session, the sign-in page (coming back here after); before the
 * second factor is on, the security page; below the screen's role, a notice (the server refuses anyway).
 */
export function RequireStaff({ role = 'viewer', children }: { role?: StaffRole; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const session = useStaffSession();
  const location = useLocation();
  if (!session) {
    const returnTo = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/admin/login?return_to=${returnTo}`} replace />;
  }
  if (!session.staff.secondFactor && location.pathname !== '/admin/security') return <Navigate to="/admin/security" replace />;
  if (!staffRoleAtLeast(session.staff.role, role)) {
    return (
      <Alert color="yellow" role="alert" title={t('forbidden.title')}>
        {t('forbidden.body')}
      </Alert>
    );
  }
  return children;
}

/** Whether the signed-in staff member's role reaches `role` (to hide buttons they may not use). */
export function useStaffCan(role: StaffRole): boolean {
  const session = useStaffSession();
  return !!session && staffRoleAtLeast(session.staff.role, role);
}
