// Public surface of the booking feature (used by app/routes/booking-page.tsx, inside the lazy booking chunk).
export { BookingView } from './components/booking-view';
export { prepareBookingPrices } from './lib/prepare-booking-prices';
