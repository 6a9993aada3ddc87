import type { Airport } from '@kwenda/contracts';
import { useMemo } from 'react';
import { apiRequest } from './api-client';
import { afterFirstInteraction } from './first-interaction';
import { usePageData } from './page-data';
import { useVisitRead, visitRead } from './visit-read';

/**
 * GET /trips/airports, once per visit. Used as sent, parsed once the page is touched (lib/api-client.ts
 * parseAfter): zod stays out of what a visitor who only looks downloads.
 */
const airportsRead = visitRead((drop) =>
  apiRequest('/trips/airports', () => import('@kwenda/contracts/reference').then((m) => m.airportListSchema), {
    parseAfter: { settled: afterFirstInteraction(), onRefused: drop },
  }),
);

/** The airport list, fetched once per visit and shared by the search form and the offers page. */
export function useAirports() {
  const query = useVisitRead<Airport[]>(airportsRead);
  // Until the list arrives, the airports the server rendered the page with (lib/page-data.ts).
  const known = usePageData().airports;
  const byCode = useMemo(() => new Map((query.data ?? known).map((a) => [a.iataCode, a])), [query.data, known]);
  return { ...query, airports: query.data ?? [], byCode };
}

/**
 * The airports `codes` names, by code. A page sent with all of them (a booking's page for its owner
 * carries its flights' airports: lib/page-data.ts) shows them without asking for the list, so the list's
 * arrival does not render the page again; else as useAirports.
 */
export function useAirportsOf(codes: readonly string[]): ReadonlyMap<string, Airport> {
  const known = usePageData().airports;
  const sent = codes.every((code) => known.some((airport) => airport.iataCode === code));
  const query = useVisitRead<Airport[]>(airportsRead, sent ? known : undefined);
  return useMemo(() => new Map((query.data ?? known).map((a) => [a.iataCode, a])), [query.data, known]);
}

export function airportCity(airport: Airport | undefined, language: string, fallback = ''): string {
  if (!airport) return fallback;
  return language === 'ar' ? airport.cityNameAr : airport.cityNameEn;
}
