/**
 * The names of the airlines flying to and from Sudan, in English and Arabic, by IATA code: the agency's
 * own seats are loaded by code only (the airline's sheet has no names), and the sandbox supplier's carriers
 * take their names from here (one list). Each has a logo in apps/web/public/airlines.
 */
const names: readonly (readonly [code: string, nameEn: string, nameAr: string])[] = [
  ['SD', 'Sudan Airways', 'الخطوط الجوية السودانية'],
  ['3T', 'Tarco Aviation', 'تاركو للطيران'],
  ['J4', 'Badr Airlines', 'بدر للطيران'],
  ['MS', 'EgyptAir', 'مصر للطيران'],
  ['SV', 'Saudia', 'الخطوط السعودية'],
  ['XY', 'flynas', 'طيران ناس'],
  ['F3', 'flyadeal', 'طيران أديل'],
  ['FZ', 'flydubai', 'فلاي دبي'],
  ['G9', 'Air Arabia', 'العربية للطيران'],
  ['QR', 'Qatar Airways', 'الخطوط الجوية القطرية'],
  ['EK', 'Emirates', 'طيران الإمارات'],
  ['EY', 'Etihad Airways', 'الاتحاد للطيران'],
  ['RJ', 'Royal Jordanian', 'الملكية الأردنية'],
  ['GF', 'Gulf Air', 'طيران الخليج'],
  ['KU', 'Kuwait Airways', 'الخطوط الجوية الكويتية'],
  ['WY', 'Oman Air', 'الطيران العماني'],
  ['ME', 'Middle East Airlines', 'طيران الشرق الأوسط'],
  ['AT', 'Royal Air Maroc', 'الخطوط الملكية المغربية'],
  ['TU', 'Tunisair', 'الخطوط التونسية'],
  ['AH', 'Air Algérie', 'الخطوط الجوية الجزائرية'],
  ['ET', 'Ethiopian Airlines', 'الخطوط الجوية الإثيوبية'],
  ['KQ', 'Kenya Airways', 'الخطوط الجوية الكينية'],
  ['UR', 'Uganda Airlines', 'الخطوط الجوية الأوغندية'],
  ['WB', 'RwandAir', 'رواند إير'],
  ['TK', 'Turkish Airlines', 'الخطوط الجوية التركية'],
  ['PC', 'Pegasus Airlines', 'طيران بيغاسوس'],
  ['LH', 'Lufthansa', 'لوفتهانزا'],
  ['BA', 'British Airways', 'الخطوط الجوية البريطانية'],
  ['AF', 'Air France', 'إير فرانس'],
  ['KL', 'KLM Royal Dutch Airlines', 'الخطوط الجوية الملكية الهولندية'],
];

export interface AirlineName {
  iataCode: string;
  nameEn: string;
  nameAr: string;
  /** Path of the locally served logo (apps/web/public/airlines). */
  logo: string;
}

/**
 * The locally served logo of an airline: the PNG pages show (apps/web/public/airlines, drawn by
 * apps/web/scripts/make-image-pngs.mjs). Bookings made before 2026-11-30 name the SVG beside it.
 */
export const airlineLogoPath = (code: string) => `/airlines/${code}.png`;

const byCode = new Map<string, AirlineName>(
  names.map(([iataCode, nameEn, nameAr]) => [iataCode, { iataCode, nameEn, nameAr, logo: airlineLogoPath(iataCode) }]),
);

/** The airline's names and logo, or undefined for a code not listed here. */
export const airlineByCode = (code: string): AirlineName | undefined => byCode.get(code.toUpperCase());
