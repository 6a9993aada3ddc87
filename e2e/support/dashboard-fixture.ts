import { daysAhead } from '../fixtures';

/** A full GET /admin/dashboard answer for the Today screen's journeys: 30 days of made-up but plausible figures. */
const BOOKINGS = [4, 7, 3, 9, 12, 6, 10, 8, 2, 5, 11, 14, 9, 7, 6, 3, 8, 10, 12, 15, 9, 6, 4, 7, 11, 13, 8, 10, 12, 9];
const PAID = [2, 4, 1, 6, 8, 3, 6, 5, 1, 3, 7, 9, 5, 4, 3, 2, 5, 6, 8, 10, 6, 3, 2, 4, 7, 8, 5, 6, 7, 5];

export function dashboardFor(days: 7 | 30) {
  const today = daysAhead(0);
  const daily = Array.from({ length: days }, (_, i) => {
    const k = 30 - days + i;
    return {
      day: daysAhead(i - (days - 1)),
      bookings: BOOKINGS[k]!,
      paid: PAID[k]!,
      paidAmounts: PAID[k]!
        ? [{ currency: 'SDG', amount: PAID[k]! * 412_500 }, ...(k % 3 ? [] : [{ currency: 'USD', amount: 689.5 }])]
        : [],
    };
  });
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const last = daily[daily.length - 1]!;
  return {
    generatedAt: new Date().toISOString(),
    today: { ...last, day: today, ticketed: 6 },
    actions: {
      transfersToVerify: 3,
      holdsExpiringSoon: 2,
      paidNotTicketed: 1,
      refundRequests: { total: 2, refundRequiredPayments: 1, canceledPaid: 1 },
      supplierChanges: { total: 0, offerUnavailable: 0, priceChanged: 0, rescheduled: 0 },
    },
    period: {
      days,
      from: daily[0]!.day,
      to: today,
      daily,
      bookings: sum(daily.map((d) => d.bookings)),
      paid: sum(daily.map((d) => d.paid)),
      paidAmounts: [
        { currency: 'SDG', amount: sum(daily.map((d) => d.paid)) * 412_500 },
        { currency: 'USD', amount: 689.5 * Math.ceil(days / 3) },
      ],
      funnel: { offersPageViews: days * 61, bookings: sum(daily.map((d) => d.bookings)), paid: sum(daily.map((d) => d.paid)) },
      searches: days * 74,
      routes: [
        { origin: 'PZU', destination: 'CAI', searches: days * 21, bookings: days * 2, paid: days },
        { origin: 'PZU', destination: 'JED', searches: days * 14, bookings: days, paid: Math.ceil(days / 2) },
        { origin: 'KRT', destination: 'DXB', searches: days * 9, bookings: 0, paid: 0 },
        { origin: 'PZU', destination: 'IST', searches: days * 6, bookings: 3, paid: 1 },
        { origin: 'KRT', destination: 'PZU', searches: days * 3, bookings: 0, paid: 0 },
      ],
    },
  };
}
