/**
 * The made-up values a generated Bankak-style receipt shows, and the truth recorded beside each file.
 * Every name is drawn from lists of common first names and family names, every number from a seeded
 * generator: no receipt here is a real person's or a real transfer.
 */

export type ReceiptKind = 'screenshot' | 'photo' | 'pdf' | 'pdf-scan';
export type ReceiptLayout = 'ar' | 'en';
export type ReceiptDigits = 'latin' | 'arabic-indic';
/**
 * genuine: a transfer to the agency as the bank made it; edited-amount: the same transfer with its amount
 * painted over (its transaction number is the original's); reused: a re-saved, cropped copy of another
 * generated receipt; other-account: a genuine transfer to an account that is not the agency's.
 */
export type ReceiptScenario = 'genuine' | 'edited-amount' | 'reused' | 'other-account';

export interface ReceiptTruth {
  /** In the currency's units, as the receipt shows it (245000.5). */
  amount: number;
  currency: 'SDG';
  recipientAccount: string;
  recipientName: string;
  senderName: string;
  senderAccount: string;
  /** The transfer's local time as the receipt prints it, 'YYYY-MM-DDTHH:mm' (Sudan, UTC+2). */
  dateTime: string;
  transactionNumber: string;
  comment: string;
}

export interface GeneratedReceipt {
  file: string;
  kind: ReceiptKind;
  layout: ReceiptLayout;
  digits: ReceiptDigits;
  scenario: ReceiptScenario;
  /** What the receipt shows. */
  truth: ReceiptTruth;
  /** edited-amount: the amount the bank really moved; reused: the file this one copies. */
  originalAmount?: number;
  copyOf?: string;
}

/** The agency's made-up accounts (tests set BANK_ACCOUNTS to these); other-account transfers go elsewhere. */
export const AGENCY_ACCOUNTS = [
  { accountNumber: '4021187305512', nameAr: 'كوندا للسفر والسياحة', nameEn: 'KWENDA TRAVEL & TOURISM' },
  { accountNumber: '3170045528861', nameAr: 'كوندا للسفر والسياحة', nameEn: 'KWENDA TRAVEL AND TOURISM CO' },
];

const FIRST = [
  ['محمد', 'MOHAMED'],
  ['أحمد', 'AHMED'],
  ['عثمان', 'OSMAN'],
  ['فاطمة', 'FATIMA'],
  ['آمنة', 'AMNA'],
  ['الطيب', 'ELTAYEB'],
  ['مريم', 'MARIAM'],
  ['خالد', 'KHALID'],
  ['سارة', 'SARA'],
  ['عمر', 'OMER'],
  ['هبة', 'HIBA'],
  ['يوسف', 'YOUSIF'],
  ['إبراهيم', 'IBRAHIM'],
  ['نسرين', 'NISREEN'],
  ['مصطفى', 'MUSTAFA'],
  ['عائشة', 'AISHA'],
] as const;
const FAMILY = [
  ['علي', 'ALI'],
  ['حسن', 'HASSAN'],
  ['عبدالله', 'ABDALLA'],
  ['الأمين', 'ELAMIN'],
  ['بابكر', 'BABIKER'],
  ['إدريس', 'IDRIS'],
  ['الفكي', 'ELFAKI'],
  ['موسى', 'MUSA'],
  ['صالح', 'SALIH'],
  ['النور', 'ELNOUR'],
  ['آدم', 'ADAM'],
  ['حمد', 'HAMAD'],
] as const;
const FATHER = FIRST.filter(([, en]) => !['FATIMA', 'AMNA', 'MARIAM', 'SARA', 'HIBA', 'NISREEN', 'AISHA'].includes(en));

/** mulberry32: the same seed gives the same receipts on every machine. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const digits = (length: number) => String(int(1, 9)) + Array.from({ length: length - 1 }, () => String(int(0, 9))).join('');
  return { next, int, pick, digits };
}
export type Random = ReturnType<typeof seededRandom>;

export function personName(random: Random, layout: ReceiptLayout): string {
  const [first, father, family] = [random.pick(FIRST), random.pick(FATHER), random.pick(FAMILY)];
  return layout === 'ar' ? `${first[0]} ${father[0]} ${family[0]}` : `${first[1]} ${father[1]} ${family[1]}`;
}

/** Fares as travellers pay them: whole thousands of pounds, now and then with piastres. */
export function fareAmount(random: Random): number {
  const pounds = random.int(45, 2400) * 1000 + (random.next() < 0.3 ? random.int(1, 999) : 0);
  return random.next() < 0.2 ? pounds + random.int(1, 99) / 100 : pounds;
}

/** A transfer in the last weeks of 2026, in the day's waking hours. */
export function transferTime(random: Random): string {
  const day = new Date(Date.UTC(2026, 10, 28) - random.int(0, 40) * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}T${pad(random.int(7, 23))}:${pad(random.int(0, 59))}`;
}

export function receiptTruth(random: Random, layout: ReceiptLayout, toAgency: boolean): ReceiptTruth {
  const agency = random.pick(AGENCY_ACCOUNTS);
  return {
    amount: fareAmount(random),
    currency: 'SDG',
    recipientAccount: toAgency ? agency.accountNumber : random.digits(random.pick([7, 13, 16])),
    recipientName: toAgency ? (layout === 'ar' ? agency.nameAr : agency.nameEn) : personName(random, layout),
    senderName: personName(random, layout),
    senderAccount: random.digits(random.pick([7, 13, 16])),
    dateTime: transferTime(random),
    transactionNumber: random.digits(random.pick([10, 11, 12])),
    comment: `KW-${random.pick(['A', 'B', 'C', 'D', 'E', 'F', 'H', 'K', 'M', 'P', 'R', 'T'])}${random.digits(5)}`,
  };
}

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
/** '2026' -> '٢٠٢٦' for receipts printed in Arabic-Indic digits (',' and '.' become ٬ and ٫). */
export function arabicIndic(text: string): string {
  return text
    .replace(/\d/g, (d) => ARABIC_INDIC[Number(d)] as string)
    .replace(/,/g, '٬')
    .replace(/\./g, '٫');
}
