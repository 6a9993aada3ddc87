import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Outlet, RouterProvider, useParams, type RouteObject } from 'react-router';
import { isReferralCode, ReferralContext, rememberReferral } from '../lib/referral';
import { AppLayout } from './layout/app-layout';
import { ComingSoonPage } from './routes/coming-soon-page';
import { HomePage } from './routes/home-page';

function RouteLoading() {
  return (
    <Center mih="50vh">
      <Loader aria-label="…" />
    </Center>
  );
}

/** SPEC section 2: every route also lives under an optional leading referral-code segment. */
function ReferralScope() {
  const { referralCode } = useParams();
  if (!isReferralCode(referralCode)) return <ComingSoonPage />;
  rememberReferral(referralCode);
  return (
    <ReferralContext.Provider value={referralCode}>
      <Outlet />
    </ReferralContext.Provider>
  );
}

/** Pages not built yet answer with the coming-soon page until their issue lands. */
const pending = (path: string): RouteObject => ({ path, Component: ComingSoonPage });

const pages: RouteObject[] = [
  { index: true, Component: HomePage },
  { path: 'offers', lazy: async () => ({ Component: (await import('./routes/offers-page')).OffersPage }) },
  pending('booking/:id'),
  pending('login'),
  pending('signup'),
  pending('email_confirmation'),
  pending('forgot_password'),
  pending('password_reset/:token'),
  pending('profile'),
  pending('about'),
  pending('faqs'),
  pending('privacy_policy'),
  pending('changelog'),
  pending('logout_success'),
  { path: '*', Component: ComingSoonPage },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: RouteLoading,
    children: [...pages, { path: ':referralCode', Component: ReferralScope, children: pages }],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
