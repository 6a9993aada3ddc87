/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BaggageOption, Booking, Passenger, Segment } from '@kwenda/contracts';
import { Document, Font, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { findAirport } from '../../data/airports.js';

/**
 * The e-ticket, Arabic and English side by side: English reads from the left edge, Arabic from the
 * right. Only @react-pdf with IBM Plex Sans Arabic and direction rtl shapes Arabic correctly (STACK.md:
 * pdfkit misplaces spaces, pdf-lib does not join letters), so every Arabic run is its own Text.
 */

export interface Agency {
  name: string;
  phone: string;
  email: string;
  whatsapp: string;
  publicUrl: string;
}

const require = createRequire(import.meta.url);
const fontDir = path.dirname(require.resolve('@expo-google-fonts/ibm-plex-sans-arabic/package.json'));
Font.register({
  family: 'Plex',
  fonts: [
    { src: path.join(fontDir, '400Regular/IBMPlexSansArabic_400Regular.ttf'), fontWeight: 400 },
    { src: path.join(fontDir, '700Bold/IBMPlexSansArabic_700Bold.ttf'), fontWeight: 700 },
  ],
});
// Never break words with hyphens: names and codes must print whole.
Font.registerHyphenationCallback((word) => [word]);

const INK = '#14213d';
const ACCENT = '#0f6e5a';
const MUTED = '#4a5568';
const LINE = '#d7dde5';
const SOFT = '#f7f9fb';

const styles = StyleSheet.create({
  page: { fontFamily: 'Plex', fontSize: 9, color: INK, paddingTop: 26, paddingBottom: 44, paddingHorizontal: 32 },
  header: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'center',
    backgroundColor: ACCENT,
    color: '#ffffff',
    paddingVertical: 10,
    paddingHorizontal: 14,
    borderRadius: 4,
  },
  brand: { fontSize: 18, fontWeight: 700 },
  slogan: { fontSize: 9 },
  title: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'flex-end',
    marginTop: 12,
    marginBottom: 5,
    borderBottomWidth: 1,
    borderBottomColor: ACCENT,
    paddingBottom: 2,
  },
  titleText: { fontSize: 11.5, fontWeight: 700, color: ACCENT },
  facts: { flexDirection: 'row', marginTop: 4 },
  fact: { flexGrow: 1, flexBasis: 0, marginRight: 10 },
  factValue: { fontSize: 12, fontWeight: 700, marginTop: 1 },
  pair: { flexDirection: 'row', justifyContent: 'space-between' },
  label: { color: MUTED, fontSize: 7.5 },
  table: { borderWidth: 1, borderColor: LINE, borderRadius: 3 },
  headRow: { flexDirection: 'row', backgroundColor: '#eef3f1', borderBottomWidth: 1, borderBottomColor: LINE },
  row: { flexDirection: 'row', borderTopWidth: 1, borderTopColor: LINE },
  cell: { paddingVertical: 4, paddingHorizontal: 6 },
  rtl: { direction: 'rtl', textAlign: 'right' },
  segment: { flexDirection: 'row', borderWidth: 1, borderColor: LINE, borderRadius: 3, marginBottom: 5 },
  segmentSide: { width: '24%', padding: 6, backgroundColor: SOFT },
  segmentPart: { width: '38%', padding: 6 },
  time: { fontSize: 13, fontWeight: 700, marginTop: 2 },
  note: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 3 },
  half: { width: '48.5%' },
  footer: {
    position: 'absolute',
    bottom: 18,
    left: 32,
    right: 32,
    flexDirection: 'row',
    justifyContent: 'space-between',
    color: MUTED,
    fontSize: 7.5,
    borderTopWidth: 1,
    borderTopColor: LINE,
    paddingTop: 5,
  },
});

type TextStyle = Parameters<typeof StyleSheet.create>[0][string];

/** An Arabic run: its own Text, right to left, so letters join and words keep their order. */
const Ar = ({ children, style = {} }: { children: string; style?: TextStyle }) => (
  <Text style={[styles.rtl, style]}>{children}</Text>
);

/** English at the left edge, Arabic at the right edge, on one line. */
function Pair({ en, ar, style = {} }: { en: string; ar: string; style?: TextStyle }) {
  return (
    <View style={styles.pair}>
      <Text style={style}>{en}</Text>
      <Ar style={style}>{ar}</Ar>
    </View>
  );
}

/** A bilingual caption above a value. */
const Label = ({ en, ar }: { en: string; ar: string }) => <Pair en={en} ar={ar} style={styles.label} />;

function SectionTitle({ en, ar }: { en: string; ar: string }) {
  return (
    <View style={styles.title} minPresenceAhead={60}>
      <Text style={styles.titleText}>{en}</Text>
      <Ar style={styles.titleText}>{ar}</Ar>
    </View>
  );
}

function Fact({ en, ar, value, valueAr }: { en: string; ar: string; value: string; valueAr?: string }) {
  return (
    <View style={styles.fact}>
      <Label en={en} ar={ar} />
      {valueAr ? <Pair en={value} ar={valueAr} style={styles.factValue} /> : <Text style={styles.factValue}>{value}</Text>}
    </View>
  );
}

const TYPE_LABELS = { adult: ['Adult', 'بالغ'], child: ['Child', 'طفل'], infant: ['Infant', 'رضيع'] } as const;
const SLICE_LABELS = [
  ['Outbound', 'رحلة الذهاب'],
  ['Return', 'رحلة العودة'],
] as const;
const BAG_LABELS = {
  hold_bag: ['Checked bag', 'حقيبة مسجلة'],
  cabin_bag: ['Cabin bag', 'حقيبة مقصورة'],
  personal_item_bag: ['Personal item', 'غرض شخصي'],
} as const;
const CURRENCY_AR: Record<string, string> = {
  SDG: 'جنيه سوداني',
  USD: 'دولار أمريكي',
  EUR: 'يورو',
  SAR: 'ريال سعودي',
  AED: 'درهم إماراتي',
  EGP: 'جنيه مصري',
  QAR: 'ريال قطري',
  TRY: 'ليرة تركية',
};
const PAYMENT_LABELS = { card: ['Card', 'بطاقة'], 'bank-transfer': ['Bank transfer', 'تحويل بنكي'] } as const;

const clock = (local: string) => local.slice(11, 16);
/** A local date-time of the supplier (no zone) shown as the calendar day it names. */
const dayOf = (local: string, language: 'en' | 'ar') =>
  new Intl.DateTimeFormat(language === 'ar' ? 'ar-SD-u-nu-latn' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${local.slice(0, 10)}T12:00:00Z`));
const durationEn = (minutes: number) => `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
const durationAr = (minutes: number) => `${Math.floor(minutes / 60)} س ${String(minutes % 60).padStart(2, '0')} د`;
const amountOf = (amount: number) => {
  const cents = Number.isInteger(amount) ? 0 : 2;
  return amount.toLocaleString('en-US', { minimumFractionDigits: cents, maximumFractionDigits: cents });
};
/** Passport numbers are printed with all but the last four characters hidden. */
const maskDocument = (value: string | null) => (value ? `${'•'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}` : '-');
/** As airlines print it: SURNAME / GIVEN NAMES, the Latin letters of the passport. */
const fullName = (p: Passenger) => `${(p.lastName ?? '').toUpperCase()} / ${(p.firstName ?? '').toUpperCase()}`;
/** The day of issue in Sudan. */
const issueDate = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Khartoum', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

function AirportPart({ code, local, side }: { code: string; local: string; side: 'from' | 'to' }) {
  const airport = findAirport(code);
  return (
    <View style={styles.segmentPart}>
      {side === 'from' ? <Label en="Departure" ar="المغادرة" /> : <Label en="Arrival" ar="الوصول" />}
      <Pair en={dayOf(local, 'en')} ar={dayOf(local, 'ar')} style={{ color: MUTED }} />
      <Text style={styles.time}>
        {clock(local)} {code}
      </Text>
      <Text>{airport ? `${airport.cityNameEn} · ${airport.nameEn}` : code}</Text>
      {airport ? <Ar>{`${airport.cityNameAr} · ${airport.nameAr}`}</Ar> : null}
    </View>
  );
}

function SegmentBlock({ segment, cabin }: { segment: Segment; cabin: { labelEn: string; labelAr: string } | undefined }) {
  return (
    <View style={styles.segment} wrap={false}>
      <View style={styles.segmentSide}>
        <Label en="Flight" ar="الرحلة" />
        <Text style={{ fontSize: 12, fontWeight: 700 }}>{segment.flightNumber.replace(/^([A-Z0-9]{2})(\d+)$/, '$1 $2')}</Text>
        {/* Stacked: a long airline or cabin name in both languages does not fit one line here. */}
        <Text>{segment.airline.nameEn}</Text>
        <Ar>{segment.airline.nameAr}</Ar>
        <View style={{ marginTop: 4 }}>
          <Label en="Duration" ar="المدة" />
          <Pair en={durationEn(segment.durationInMinutes)} ar={durationAr(segment.durationInMinutes)} />
        </View>
        {cabin ? (
          <View style={{ marginTop: 4 }}>
            <Label en="Cabin" ar="الدرجة" />
            <Text>{cabin.labelEn}</Text>
            <Ar>{cabin.labelAr}</Ar>
          </View>
        ) : null}
      </View>
      <AirportPart code={segment.origin} local={segment.departureDate} side="from" />
      <AirportPart code={segment.destination} local={segment.arrivalDate} side="to" />
    </View>
  );
}

/** Included pieces (price 0) and paid extras of one passenger, one line per kind, in both languages. */
function bagLines(options: BaggageOption[]) {
  const pieces = options.filter((b) => b.count > 0);
  if (!pieces.length) return [{ en: 'None', ar: 'لا يوجد' }];
  return pieces.map((b) => {
    const weight = b.weight ? ` ${b.weight} kg` : '';
    return {
      en: `${b.count} × ${BAG_LABELS[b.baggageType][0]}${weight}`,
      ar: `${b.count} × ${BAG_LABELS[b.baggageType][1]}${b.weight ? ` ${b.weight} كغ` : ''}`,
    };
  });
}

/** English above Arabic: a third of the page is too narrow for both on one line. */
function BagCell({ options, width }: { options: BaggageOption[]; width: string }) {
  return (
    <View style={[styles.cell, { width }]}>
      {bagLines(options).map((line, i) => (
        <View key={i}>
          <Text>{line.en}</Text>
          <Ar>{line.ar}</Ar>
        </View>
      ))}
    </View>
  );
}

const NOTES = [
  [
    'This is an electronic ticket: show it (printed or on your phone) with your passport at check-in.',
    'هذه تذكرة إلكترونية: اعرضها مطبوعة أو على هاتفك مع جواز سفرك عند تسجيل الوصول.',
  ],
  [
    'The name on the ticket must match the passport exactly; airlines do not change names after issue.',
    'يجب أن يطابق الاسم في التذكرة جواز السفر تماماً، ولا تسمح شركات الطيران بتغيير الاسم بعد الإصدار.',
  ],
  [
    'Be at the airport 3 hours before international flights (2 hours before domestic ones).',
    'كن في المطار قبل 3 ساعات من موعد الرحلات الدولية (وقبل ساعتين من الرحلات الداخلية).',
  ],
  [
    'Times are local at each airport. Changes of date or destination depend on the fare rules: contact us before your flight.',
    'المواعيد بالتوقيت المحلي لكل مطار. تغيير التاريخ أو الوجهة يخضع لشروط التذكرة: تواصل معنا قبل موعد رحلتك.',
  ],
] as const;

export function ETicketDocument({
  booking,
  agency,
  issuedAt = new Date(),
}: {
  booking: Booking;
  agency: Agency;
  issuedAt?: Date;
}) {
  const currencyAr = CURRENCY_AR[booking.currency] ?? booking.currency;
  const payment = booking.paymentMethod ? PAYMENT_LABELS[booking.paymentMethod] : null;
  return (
    <Document
      title={`Kwenda e-ticket ${booking.bookingReference}`}
      author={agency.name}
      subject={`PNR ${booking.pnr ?? ''}`}
      language="ar"
    >
      <Page size="A4" style={styles.page}>
        <View style={styles.header}>
          <View>
            <Text style={styles.brand}>Kwenda</Text>
            <Text style={styles.slogan}>Be your own travel agency</Text>
          </View>
          <View>
            <Ar style={styles.brand}>كوندا</Ar>
            <Ar style={styles.slogan}>كن وكيل سفرك</Ar>
          </View>
        </View>

        <SectionTitle en="Electronic ticket — itinerary receipt" ar="تذكرة إلكترونية — إيصال خط السير" />
        <View style={styles.facts}>
          <Fact en="Booking reference" ar="رقم الحجز" value={booking.bookingReference} />
          <Fact en="Airline ref. (PNR)" ar="مرجع الطيران" value={booking.pnr ?? '-'} />
          <Fact en="Date of issue" ar="تاريخ الإصدار" value={issueDate(issuedAt)} />
          <Fact en="Status" ar="الحالة" value="Confirmed" valueAr="مؤكد" />
        </View>

        <SectionTitle en="Passengers" ar="المسافرون" />
        <View style={styles.table}>
          <View style={styles.headRow}>
            <View style={[styles.cell, { width: '34%' }]}>
              <Label en="Name as in passport" ar="الاسم كما في الجواز" />
            </View>
            <View style={[styles.cell, { width: '16%' }]}>
              <Label en="Type" ar="الفئة" />
            </View>
            <View style={[styles.cell, { width: '28%' }]}>
              <Label en="E-ticket number" ar="رقم التذكرة" />
            </View>
            <View style={[styles.cell, { width: '22%' }]}>
              <Label en="Passport" ar="رقم الجواز" />
            </View>
          </View>
          {booking.passengers.map((p) => (
            <View key={p.id} style={styles.row} wrap={false}>
              <Text style={[styles.cell, { width: '34%', fontWeight: 700 }]}>{fullName(p)}</Text>
              <View style={[styles.cell, { width: '16%' }]}>
                <Pair en={TYPE_LABELS[p.passengerType][0]} ar={TYPE_LABELS[p.passengerType][1]} />
              </View>
              <Text style={[styles.cell, { width: '28%' }]}>{p.ticketNumber ?? '-'}</Text>
              <Text style={[styles.cell, { width: '22%' }]}>{maskDocument(p.documentNumber)}</Text>
            </View>
          ))}
        </View>

        {booking.slices.map((slice, index) => {
          const [en, ar] =
            booking.tripType === 'round-trip'
              ? (SLICE_LABELS[index] ?? SLICE_LABELS[0])
              : [`Flight ${index + 1}`, `الرحلة ${index + 1}`];
          return (
            <View key={index}>
              {/* In a right-to-left line the two codes keep their order and the arrow points to the destination. */}
              <SectionTitle
                en={`${en}: ${slice.origin} → ${slice.destination}`}
                ar={`${ar}: ${slice.destination} ← ${slice.origin}`}
              />
              {slice.segments.map((segment) => (
                <SegmentBlock
                  key={`${segment.flightNumber}-${segment.departureDate}`}
                  segment={segment}
                  cabin={slice.cabinClasses[0]}
                />
              ))}
            </View>
          );
        })}

        <SectionTitle en="Baggage" ar="الأمتعة" />
        <View style={styles.table}>
          <View style={styles.headRow} wrap={false}>
            <View style={[styles.cell, { width: '34%' }]}>
              <Label en="Passenger" ar="المسافر" />
            </View>
            <View style={[styles.cell, { width: '33%' }]}>
              <Label en="Included in the fare" ar="مشمولة في السعر" />
            </View>
            <View style={[styles.cell, { width: '33%' }]}>
              <Label en="Extra, paid" ar="إضافية مدفوعة" />
            </View>
          </View>
          {booking.passengers.map((p) => (
            <View key={p.id} style={styles.row} wrap={false}>
              <Text style={[styles.cell, { width: '34%' }]}>{fullName(p)}</Text>
              <BagCell options={p.baggage.filter((b) => b.price === 0)} width="33%" />
              <BagCell options={p.baggage.filter((b) => b.price > 0)} width="33%" />
            </View>
          ))}
        </View>

        <View wrap={false}>
          <SectionTitle en="Payment and contact" ar="الدفع والتواصل" />
          <View style={styles.facts}>
            <View style={styles.fact}>
              <Label en="Total paid" ar="المبلغ المدفوع" />
              <Text style={styles.factValue}>{`${amountOf(booking.amount)} ${booking.currency}`}</Text>
              <Ar style={{ fontWeight: 700 }}>{`${amountOf(booking.amount)} ${currencyAr}`}</Ar>
            </View>
            {payment ? <Fact en="Paid by" ar="طريقة الدفع" value={payment[0]} valueAr={payment[1]} /> : null}
            <Fact en="Phone" ar="الهاتف" value={agency.phone} />
          </View>
          <View style={[styles.facts, { marginTop: 6 }]}>
            <Fact en="WhatsApp" ar="واتساب" value={`+${agency.whatsapp}`} />
            <Fact en="E-mail" ar="البريد الإلكتروني" value={agency.email} />
            <Fact en="Manage your booking" ar="إدارة الحجز" value={agency.publicUrl.replace(/^https?:\/\//, '')} />
          </View>
        </View>

        <View>
          <SectionTitle en="Important" ar="معلومات مهمة" />
          {NOTES.map(([en, ar]) => (
            <View key={en} style={styles.note} wrap={false}>
              <Text style={styles.half}>• {en}</Text>
              <Ar style={styles.half}>{`• ${ar}`}</Ar>
            </View>
          ))}
        </View>

        <View style={styles.footer} fixed>
          <Text>
            {agency.name} · {agency.phone} · WhatsApp +{agency.whatsapp} · {agency.email}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `${booking.bookingReference} · ${pageNumber} / ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** The e-ticket PDF (A4, Arabic and English) of a confirmed booking. */
export async function renderETicket(booking: Booking, agency: Agency): Promise<Buffer> {
  return renderToBuffer(<ETicketDocument booking={booking} agency={agency} />);
}
