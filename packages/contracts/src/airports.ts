import './zod-config.js';
import { z } from 'zod';

export const airportSchema = z.object({
  iataCode: z.string().regex(/^[A-Z]{3}$/),
  nameAr: z.string().min(1),
  nameEn: z.string().min(1),
  cityNameAr: z.string().min(1),
  cityNameEn: z.string().min(1),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  /**
   * Other names travellers type for the place, in either language: other spellings (Jiddah, دنقله,
   * بورسودان), and cities the airport serves (Omdurman and Bahri for Khartoum, Mecca for Jeddah).
   */
  altNames: z.array(z.string().min(1)).optional(),
});
export type Airport = z.infer<typeof airportSchema>;
export const airportListSchema = z.array(airportSchema);

export const countrySchema = z.object({
  code: z.string().regex(/^[A-Z]{2}$/),
  nameEn: z.string().min(1),
  nameAr: z.string().min(1),
  dialCode: z.string().regex(/^\+\d{1,4}$/),
});
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.array(countrySchema);
