import type { Airport } from '@kwenda/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from './api-client';
import { useHydrated } from './use-hydrated';

/** The airport list, fetched once per visit and shared by the search form and the offers page. */
export function useAirports() {
  const query = useQuery({
    queryKey: ['airports'],
    queryFn: () => apiRequest('/trips/airports', () => import('@kwenda/contracts/reference').then((m) => m.airportListSchema)),
    staleTime: Infinity,
  });
  // A prerendered page had no list and was not loading one: it hydrates the same (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const data = hydrated ? query.data : undefined;
  const byCode = useMemo(() => new Map((data ?? []).map((a) => [a.iataCode, a])), [data]);
  return {
    ...query,
    data,
    isLoading: hydrated && query.isLoading,
    isError: hydrated && query.isError,
    airports: data ?? [],
    byCode,
  };
}

export function airportCity(airport: Airport | undefined, language: string, fallback = ''): string {
  if (!airport) return fallback;
  return language === 'ar' ? airport.cityNameAr : airport.cityNameEn;
}
