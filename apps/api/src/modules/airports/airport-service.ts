import type { Airport } from '@kwenda/contracts';
import { airportRecords } from '../../data/airports.js';

/**
 * The public list keeps the curated order: the first 20 are what Sudanese travellers pick most. It
 * carries the other names travellers type (altNames), which the web app's airport search matches.
 */
export const airportList: Airport[] = airportRecords.map(
  ({ iataCode, nameAr, nameEn, cityNameAr, cityNameEn, countryCode, altNames }) => ({
    iataCode,
    nameAr,
    nameEn,
    cityNameAr,
    cityNameEn,
    countryCode,
    ...(altNames?.length ? { altNames } : {}),
  }),
);

/** Serialised once: the list never changes while the process runs. */
export const airportListJson = JSON.stringify(airportList);
