/** Header and mobile-menu links. Pages not built yet answer with the coming-soon page. */
export const mainNavItems = [
  { path: '/', key: 'bookNow' },
  // In the header from 62em only: with it, the links of a tablet-wide header no longer fit on one line.
  { path: '/find_booking', key: 'findBooking', wideOnly: true },
  { path: '/about', key: 'about' },
  { path: '/faqs', key: 'faqs' },
] as const;

export const accountNavItems = [
  { path: '/login', key: 'login' },
  { path: '/signup', key: 'signup' },
] as const;
