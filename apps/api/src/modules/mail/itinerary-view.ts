import type { Booking, OfferSlice, Passenger } from '@kwenda/contracts';
import { formatCalendarDate, formatDuration } from '@kwenda/contracts/display';
import { findAirport } from '../../data/airports.js';
import { fill, mailStrings, type MailLanguage } from './locales/index.js';

/**
 * A booking's flights and travellers as every message shows them, in one language: the same words,
 * dates and durations as the booking page (contracts display-time and display-duration). Flight
 * times are the local times at each airport, as the supplier gives them and tickets print them.
 */

export interface AirportStop {
  /** HH:mm local to the airport. */
  time: string;
  /** "الأحد، 13 ديسمبر" / "Sun 13 Dec". */
  date: string;
  code: string;
  city: string;
}

export interface SegmentView {
  /** "MS 856". */
  flightNumber: string;
  airline: string;
  cabin: string | null;
  duration: string;
  from: AirportStop;
  to: AirportStop;
  /** The wait before the next segment: "انتظار في جدة (JED): 1س 5د"; null after the last one. */
  connection: string | null;
}

export interface SliceView {
  /** "رحلة الذهاب · الأحد، 13 ديسمبر 2026". */
  title: string;
  /** "بورتسودان (PZU) ← القاهرة (CAI)". */
  route: string;
  /** "مباشرة", "توقف واحد". */
  stops: string;
  /** The whole slice: "4س 5د". */
  duration: string;
  segments: SegmentView[];
}

export interface PassengerView {
  /** Latin letters, as in the passport. */
  name: string;
  type: string;
  /** "رقم التذكرة 0772149303311", once ticketed. */
  ticket: string | null;
}

export const cityOf = (code: string, language: MailLanguage) => {
  const airport = findAirport(code);
  return airport ? (language === 'ar' ? airport.cityNameAr : airport.cityNameEn) : code;
};

/** "MS856" -> "MS 856", as boarding passes print it. */
export const spacedFlightNumber = (flightNumber: string) => flightNumber.replace(/^([A-Z0-9]{2})\s*(\d{1,4}[A-Z]?)$/, '$1 $2');

const asUtc = (local: string) => Date.parse(`${local}Z`);

function stopOf(code: string, local: string, language: MailLanguage): AirportStop {
  return {
    time: local.slice(11, 16),
    date: formatCalendarDate(local, language, { weekday: 'short', month: 'short' }),
    code,
    city: cityOf(code, language),
  };
}

function sliceLabel(booking: Booking, index: number, language: MailLanguage): string {
  const words = mailStrings(language).itinerary;
  if (booking.tripType === 'round-trip') return index === 0 ? words.outbound : words.return;
  if (booking.tripType === 'one-way') return words.outbound;
  return fill(words.flight, { n: index + 1 });
}

function stopsOf(slice: OfferSlice, language: MailLanguage): string {
  const words = mailStrings(language).itinerary;
  const stops = slice.segments.length - 1;
  if (stops <= 0) return words.direct;
  if (stops === 1) return words.stopOne;
  if (stops === 2) return words.stopTwo;
  return fill(words.stopMany, { count: stops });
}

export function itineraryView(booking: Booking, language: MailLanguage): SliceView[] {
  const words = mailStrings(language).itinerary;
  const arrow = language === 'ar' ? '←' : '→';
  return booking.slices.map((slice, index) => {
    const date = formatCalendarDate(slice.departureDate, language, { weekday: 'long', month: 'long', year: true });
    const cabin = slice.cabinClasses[0]
      ? language === 'ar'
        ? slice.cabinClasses[0].labelAr
        : slice.cabinClasses[0].labelEn
      : null;
    return {
      title: `${sliceLabel(booking, index, language)} · ${date}`,
      route: `${cityOf(slice.origin, language)} (${slice.origin}) ${arrow} ${cityOf(slice.destination, language)} (${slice.destination})`,
      stops: stopsOf(slice, language),
      duration: formatDuration(slice.durationInMinutes, language),
      segments: slice.segments.map((segment, position) => {
        const next = slice.segments[position + 1];
        const wait = next ? Math.round((asUtc(next.departureDate) - asUtc(segment.arrivalDate)) / 60_000) : null;
        return {
          flightNumber: spacedFlightNumber(segment.flightNumber),
          airline: language === 'ar' ? segment.airline.nameAr : segment.airline.nameEn,
          cabin,
          duration: formatDuration(segment.durationInMinutes, language),
          from: stopOf(segment.origin, segment.departureDate, language),
          to: stopOf(segment.destination, segment.arrivalDate, language),
          connection:
            wait === null
              ? null
              : fill(words.connection, {
                  city: cityOf(segment.destination, language),
                  code: segment.destination,
                  duration: formatDuration(wait, language),
                }),
        };
      }),
    };
  });
}

export function passengersView(passengers: Passenger[], language: MailLanguage): PassengerView[] {
  const words = mailStrings(language).passengers;
  return passengers.map((p) => ({
    name: `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim().toUpperCase(),
    type: words[p.passengerType],
    ticket: p.ticketNumber ? fill(words.ticket, { number: p.ticketNumber }) : null,
  }));
}

/** The amount as both parts of a message write it: Latin digits, whole amounts without decimals. */
export function formatAmount(amount: number, currency: string, language: MailLanguage): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  const number = amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const names = mailStrings(language).currencies as Record<string, string>;
  return `${number} ${names[currency] ?? currency}`;
}

/** "Sun 13 Dec 10:30": a flight time as the airport's clock shows it (suppliers give local times). */
const localStop = (local: string, language: MailLanguage) =>
  `${formatCalendarDate(local, language, { weekday: 'short', month: 'short' })} ${local.slice(11, 16)}`;

/** One line per flight of the slices: number, airports and local times (an airline's change, before and after). */
export function flightLines(slices: OfferSlice[], language: MailLanguage): string[] {
  const words = mailStrings(language).airlineChange;
  return slices.flatMap((slice) =>
    slice.segments.map((segment) =>
      fill(words.flightLine, {
        flight: spacedFlightNumber(segment.flightNumber),
        from: segment.origin,
        departure: localStop(segment.departureDate, language),
        to: segment.destination,
        arrival: localStop(segment.arrivalDate, language),
      }),
    ),
  );
}
