import { lazy } from 'react';
import { BrowserRouter, Outlet, Route, Routes, useParams } from 'react-router';
import { loadNamespace } from '../i18n';
import { isReferralCode, ReferralContext, rememberReferral } from '../lib/referral';
import { AppLayout } from './layout/app-layout';
import { ComingSoonPage } from './routes/coming-soon-page';
import { HomePage } from './routes/home-page';

// Declarative routes rather than a data router: nothing here loads data before rendering, and
// createBrowserRouter's loader/action machinery weighed about 16 KB gzipped on the home page.
const OffersPage = lazy(async () => {
  // Its strings come with it, in the current language.
  const [page] = await Promise.all([import('./routes/offers-page'), loadNamespace('offers')]);
  return { default: page.OffersPage };
});

const BookingPage = lazy(async () => {
  const [page] = await Promise.all([import('./routes/booking-page'), loadNamespace('booking')]);
  return { default: page.BookingPage };
});

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
const pendingPaths = [
  'login',
  'signup',
  'email_confirmation',
  'forgot_password',
  'password_reset/:token',
  'profile',
  'about',
  'faqs',
  'privacy_policy',
  'changelog',
  'logout_success',
];

const pages = (
  <>
    <Route index element={<HomePage />} />
    <Route path="offers" element={<OffersPage />} />
    <Route path="booking/:id" element={<BookingPage />} />
    {pendingPaths.map((path) => (
      <Route key={path} path={path} element={<ComingSoonPage />} />
    ))}
    <Route path="*" element={<ComingSoonPage />} />
  </>
);

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<AppLayout />}>
          {pages}
          <Route path=":referralCode" element={<ReferralScope />}>
            {pages}
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
