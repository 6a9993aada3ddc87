// The whole of Mantine's styles, layered: the desk is one chunk that only staff load, so it brings every
// component's styles once rather than listing them screen by screen as the traveller's pages do.
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import { Route, Routes } from '../../lib/router';
import { lazy, Suspense, useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { AgentsPage } from './agents';
import { StaffLoginPage, StaffSecurityPage, StaffSetupPage } from './auth';
import { BookingDetailPage, BookingsPage } from './bookings';
import { RequireStaff } from './components/require-staff';
import { RefundsPage, TicketingPage, TransfersPage } from './desk';
import { AdminLayout } from './layout/admin-layout';
import { RatesPage } from './rates';
import { LimitsPage } from './limits';
import { NoticesPage } from './notices';
import { StaffPage } from './staff';
import { TodayPage } from './today';
import { NotFoundScreen } from './components/not-found-screen';

// The seats screens load when staff open them (their own chunk: the import, the list, the manifest).
const seats = () => import('./seats');
const SeatsPage = lazy(async () => ({ default: (await seats()).SeatsPage }));
const SeatsImportPage = lazy(async () => ({ default: (await seats()).SeatsImportPage }));
const ManifestPage = lazy(async () => ({ default: (await seats()).ManifestPage }));
const screen = (element: React.ReactNode) => (
  <Suspense
    fallback={
      <Center py="xl">
        <Loader role="status" />
      </Center>
    }
  >
    {element}
  </Suspense>
);

/** Search engines never list the desk: its pages say so in the document itself. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/**
 * The agency's desk under /admin: sign-in and set-up are open, every other screen needs a staff session
 * with the second factor on, and the role the server also checks. Paths here are relative to /admin.
 */
export function AdminApp() {
  useNoIndex();
  const staff = (element: React.ReactNode, role: 'viewer' | 'agent-desk' | 'owner' = 'viewer') => (
    <RequireStaff role={role}>{element}</RequireStaff>
  );
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route path="login" element={<StaffLoginPage />} />
        <Route path="setup/:token" element={<StaffSetupPage />} />
        <Route path="security" element={staff(<StaffSecurityPage />)} />
        <Route index element={staff(<TodayPage />)} />
        <Route path="bookings" element={staff(<BookingsPage />)} />
        <Route path="bookings/:id" element={staff(<BookingDetailPage />)} />
        <Route path="transfers" element={staff(<TransfersPage />)} />
        <Route path="ticketing" element={staff(<TicketingPage />)} />
        <Route path="seats" element={staff(screen(<SeatsPage />))} />
        <Route path="seats/import" element={staff(screen(<SeatsImportPage />))} />
        <Route path="seats/:id/manifest" element={staff(screen(<ManifestPage />))} />
        <Route path="refunds" element={staff(<RefundsPage />)} />
        <Route path="rates" element={staff(<RatesPage />)} />
        <Route path="agents" element={staff(<AgentsPage />)} />
        <Route path="limits" element={staff(<LimitsPage />)} />
        <Route path="notices" element={staff(<NoticesPage />)} />
        <Route path="staff" element={staff(<StaffPage />, 'owner')} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
