/** The prefilled WhatsApp text for paying a held booking: reference, route and date. */
export function paymentMessage(
  template: (vars: { reference: string; route: string; date: string }) => string,
  booking: { bookingReference: string; slices: { origin: string; destination: string; departureDate: string }[] },
  city: (code: string) => string,
  formatDate: (date: string) => string,
): string {
  const first = booking.slices[0]!;
  return template({
    reference: booking.bookingReference,
    route: `${city(first.origin)} (${first.origin}) - ${city(first.destination)} (${first.destination})`,
    date: formatDate(first.departureDate.slice(0, 10)),
  });
}
