/** The name of the agency's own seats as a supplier (bookings.supplier of a booking of them). */
export const AGENCY_SEATS_SUPPLIER = 'agency-seats';
