import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** GET /countries (names in both languages and dial codes), read once per visit. */
export function useCountries() {
  return useQuery({
    queryKey: ['countries'],
    queryFn: () => apiRequest('/countries', () => import('@kwenda/contracts/reference').then((m) => m.countryListSchema)),
    staleTime: Infinity,
  });
}

/** The distinct dial codes, labelled with a country name in the page's language. */
export function dialCodeOptions(countries: readonly { dialCode: string; nameAr: string; nameEn: string }[], language: string) {
  const seen = new Map<string, string>();
  for (const c of countries)
    if (!seen.has(c.dialCode)) seen.set(c.dialCode, `${c.dialCode} ${language === 'ar' ? c.nameAr : c.nameEn}`);
  const options = [...seen].map(([value, label]) => ({ value, label }));
  return options.length ? options : [{ value: '+249', label: '+249' }];
}
