import type { Country } from '@kwenda/contracts';

/**
 * Country search matches the code first, then the English name (case-insensitive);
 * Arabic names match last so a traveller can type in either language.
 */
export function searchCountries(countries: readonly Country[], query: string, limit = 50): Country[] {
  const q = query.trim().toLowerCase();
  if (!q) return countries.slice(0, limit);
  const byCode = countries.filter((c) => c.code.toLowerCase() === q);
  const codeStarts = countries.filter((c) => !byCode.includes(c) && c.code.toLowerCase().startsWith(q));
  const english = countries.filter((c) => !byCode.includes(c) && !codeStarts.includes(c) && c.nameEn.toLowerCase().includes(q));
  english.sort((a, b) => Number(!a.nameEn.toLowerCase().startsWith(q)) - Number(!b.nameEn.toLowerCase().startsWith(q)));
  const arabic = countries.filter((c) => ![...byCode, ...codeStarts, ...english].includes(c) && c.nameAr.includes(query.trim()));
  return [...byCode, ...codeStarts, ...english, ...arabic].slice(0, limit);
}
