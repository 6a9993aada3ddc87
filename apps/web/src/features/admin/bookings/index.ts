export { BookingsPage } from './bookings-page';
export { BookingDetailPage } from './booking-detail-page';
