export { TransfersPage } from './transfers-page';
export { TicketingPage } from './ticketing-page';
export { RefundsPage } from './refunds-page';
export { BookingActions, type BookingActionsProps } from './booking-actions';
