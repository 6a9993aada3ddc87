import { matchSitePage, SITE_PAGES, type SitePage } from '@kwenda/contracts/rules';
import { Suspense, useEffect, type ReactElement } from 'react';
import { BrowserRouter, Outlet, Route, Routes, useLocation, useParams } from '../lib/router';
import { loadNamespace, loadNamespaceInAllLanguages } from '../i18n';
import { isReferralCode, ReferralContext, rememberReferral } from '../lib/referral';
import { AppLayout } from './layout/app-layout';
import { retryableLazy as lazy } from '../lib/retryable-lazy';
import { lazyPage } from './lazy-page';
import { HomePage } from './routes/home-page';

// Declarative routes rather than a data router: nothing here loads data before rendering, and
// createBrowserRouter's loader/action machinery weighed about 16 KB gzipped on the home page.
/** Any other path: rare, so not in the home page's bundle. Its strings are in the common catalog. */
const ComingSoonPage = lazy(async () => ({ default: (await import('./routes/coming-soon-page')).ComingSoonPage }));

// Its strings come with it, in the current language.
const OffersPage = lazyPage(
  async () => (await Promise.all([import('./routes/offers-page'), loadNamespace('offers')]))[0].OffersPage,
);

const loadBookingPages = () => Promise.all([import('./routes/booking-page'), loadNamespace('booking')]).then(([pages]) => pages);
/** Sent painted (to anyone else in its loading state: apps/api/src/plugins/web-app.ts): its code loads ahead of hydration. */
const BookingPage = lazyPage(async () => {
  const pages = await loadBookingPages();
  await pages.prepareBookingPage();
  return pages.BookingPage;
});
/**
 * Find my booking loads the booking's chunk and strings with its own (the booking opens right after it).
 * Its own chunk: it reads the contracts (zod and the schemas), which the booking's page loads only later.
 */
const FindBookingPage = lazy(async () => {
  const [, page] = await Promise.all([loadBookingPages(), import('../features/booking/components/find-booking')]);
  return { default: page.FindBooking };
});

const ChangelogPage = lazy(async () => {
  const [page] = await Promise.all([import('../features/changelog'), loadNamespace('changelog')]);
  return { default: page.ChangelogPage };
});

/** An agent's own page: its own chunk and strings, loaded only when an agent opens it. */
const AgentPage = lazy(async () => ({ default: await (await import('./staff-areas')).loadAgentPage() }));

/** The account pages share one chunk: whoever opens one usually goes on to another. */
const loadAuth = () => Promise.all([import('../features/auth'), loadNamespace('auth')]).then(([auth]) => auth);
const authPage = <K extends keyof Awaited<ReturnType<typeof loadAuth>>>(name: K) =>
  lazy(async () => ({ default: (await loadAuth())[name] }));
/** Log-in is prerendered (apps/web/scripts/prerender.mjs): its code loads ahead of hydration. */
const LoginPage = lazyPage(async () => (await loadAuth()).LoginPage);
const SignupPage = authPage('SignupPage');
const EmailConfirmationPage = authPage('EmailConfirmationPage');
const ForgotPasswordPage = authPage('ForgotPasswordPage');
const PasswordResetPage = authPage('PasswordResetPage');
const ProfilePage = authPage('ProfilePage');
const LogoutSuccessPage = authPage('LogoutSuccessPage');

/** About, FAQs and the privacy policy share one chunk; the policy shows its text in both languages at once. */
const loadContent = () => import('../features/content');
const contentPage = <K extends keyof Awaited<ReturnType<typeof loadContent>>>(
  name: K,
  loadStrings: () => Promise<void> = () => loadNamespace('content'),
) => lazyPage(async () => (await Promise.all([loadContent(), loadStrings()]))[0][name]);
const AboutPage = contentPage('AboutPage');
const FaqsPage = contentPage('FaqsPage');
const PrivacyPolicyPage = contentPage('PrivacyPolicyPage', () => loadNamespaceInAllLanguages('content'));

/**
 * The lazy pages the server sends rendered: prerendered at build (apps/web/scripts/prerender.mjs) or,
 * for the offers, rendered per request from the address (apps/api/src/plugins/web-app.ts). Home is in the entry;
 * a booking's page (any id) is rendered per request, with the booking for its owner, loading for anyone else.
 */
const prerenderedLazyPages: Partial<Record<SitePage, { preload: () => Promise<void> }>> = {
  offers: OffersPage,
  'booking/:id': BookingPage,
  about: AboutPage,
  faqs: FaqsPage,
  privacy_policy: PrivacyPolicyPage,
  login: LoginPage,
};

/**
 * Loads the code of a prerendered page before it is hydrated (main.tsx), found as the router finds it
 * (SITE_PAGES), under a referral code too (/KW2024/offers, /KW2024/booking/<id>): the server renders those.
 */
export function preloadPrerenderedPage(pathname: string): Promise<void> {
  const page = matchSitePage(pathname)?.page as SitePage | undefined;
  return (page === undefined ? undefined : prerenderedLazyPages[page])?.preload() ?? Promise.resolve();
}

/**
 * The agency's desk (/admin/...): one chunk with its own layout and catalogs, loaded only when staff
 * open it, so none of it reaches the traveller's pages.
 */
const AdminApp = lazy(async () => ({ default: await (await import('./staff-areas')).loadDesk() }));

/**
 * Every page also lives under an optional leading referral code (/KW2024/offers): an agent's link. The
 * code is remembered once the page is shown (an effect: the server renders these pages too).
 */
function ReferralScope() {
  const { referralCode } = useParams();
  const valid = isReferralCode(referralCode);
  useEffect(() => {
    if (valid) rememberReferral(referralCode);
  }, [valid, referralCode]);
  if (!valid) return <ComingSoonPage />;
  return (
    <ReferralContext.Provider value={referralCode}>
      <Outlet />
    </ReferralContext.Provider>
  );
}

/** Every page of the site (SITE_PAGES, which the server also reads to answer 404 for any other path). */
const pageElements: Record<SitePage, ReactElement> = {
  '': <HomePage />,
  offers: <OffersPage />,
  'booking/:id': <BookingPage />,
  login: <LoginPage />,
  signup: <SignupPage />,
  email_confirmation: <EmailConfirmationPage />,
  forgot_password: <ForgotPasswordPage />,
  'password_reset/:token': <PasswordResetPage />,
  profile: <ProfilePage />,
  logout_success: <LogoutSuccessPage />,
  about: <AboutPage />,
  faqs: <FaqsPage />,
  privacy_policy: <PrivacyPolicyPage />,
  changelog: <ChangelogPage />,
  agent: <AgentPage />,
  find_booking: <FindBookingPage />,
};

const pages = (
  <>
    {SITE_PAGES.map((path) =>
      path ? <Route key={path} path={path} element={pageElements[path]} /> : <Route key="" index element={pageElements[path]} />,
    )}
    <Route path="*" element={<ComingSoonPage />} />
  </>
);

/** The site's routes, under the browser's router here and a static one when pages are prerendered. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const desk = (
    <Route
      path="/admin/*"
      element={
        <Suspense fallback={null}>
          <AdminApp />
        </Suspense>
      }
    />
  );
  // The desk's paths never reach the traveller's routes: /admin/login would rank below /:referralCode/login.
  if (/^\/admin(\/|$)/i.test(pathname)) return <Routes>{desk}</Routes>;
  return (
    <Routes>
      {desk}
      <Route path="/" element={<AppLayout />}>
        {pages}
        <Route path=":referralCode" element={<ReferralScope />}>
          {pages}
        </Route>
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
