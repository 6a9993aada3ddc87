import { createRequire } from 'node:module';
import path from 'node:path';
import type { Booking, Passenger, Segment } from '@kwenda/contracts';
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

const styles = StyleSheet.create({
  page: { fontFamily: 'Plex', fontSize: 9, color: INK, paddingVertical: 28, paddingHorizontal: 32 },
  header: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', backgroundColor: ACCENT, color: '#ffffff', padding: 12, borderRadius: 4 },
  brand: { fontSize: 18, fontWeight: 700 },
  brandAr: { fontSize: 18, fontWeight: 700, direction: 'rtl', textAlign: 'right' },
  slogan: { fontSize: 9 },
  sloganAr: { fontSize: 9, direction: 'rtl', textAlign: 'right' },
  title: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 14, marginBottom: 6, borderBottomWidth: 1, borderBottomColor: ACCENT, paddingBottom: 3 },
  titleEn: { fontSize: 12, fontWeight: 700, color: ACCENT },
  titleAr: { fontSize: 12, fontWeight: 700, color: ACCENT, direction: 'rtl', textAlign: 'right' },
  facts: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 10 },
  fact: { width: '25%', paddingRight: 8, marginBottom: 6 },
  factLabel: { color: MUTED, fontSize: 7.5 },
  factValue: { fontSize: 12, fontWeight: 700, marginTop: 1 },
  table: { borderWidth: 1, borderColor: LINE, borderRadius: 3 },
  headRow: { flexDirection: 'row', backgroundColor: '#eef3f1', borderBottomWidth: 1, borderBottomColor: LINE },
  row: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: LINE },
  cell: { padding: 5 },
  headCell: { padding: 5, fontSize: 7.5, color: MUTED },
  rtl: { direction: 'rtl', textAlign: 'right' },
  segment: { flexDirection: 'row', borderWidth: 1, borderColor: LINE, borderRadius: 3, marginBottom: 6 },
  segmentSide: { width: '22%', padding: 6, backgroundColor: '#f7f9fb' },
  segmentPart: { width: '39%', padding: 6 },
  time: { fontSize: 13, fontWeight: 700 },
  note: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 4 },
  noteEn: { width: '48%' },
  noteAr: { width: '48%', direction: 'rtl', textAlign: 'right' },
  footer: { position: 'absolute', bottom: 18, left: 32, right: 32, flexDirection: 'row', justifyContent: 'space-between', color: MUTED, fontSize: 7.5, borderTopWidth: 1, borderTopColor: LINE, paddingTop: 5 },
});

type TextStyle = Parameters<typeof StyleSheet.create>[0][string];
const Ar = ({ children, style = {} }: { children: string; style?: TextStyle }) => <Text style={[styles.rtl, style]}>{children}</Text>;

/** English above, Arabic below: the boxes are too narrow for both on one line. */
function Label({ en, ar }: { en: string; ar: string }) {
  return (
    <View style={styles.factLabel}>
      <Text>{en}</Text>
      <Ar style={{ textAlign: 'left' }}>{ar}</Ar>
    </View>
  );
}

function SectionTitle({ en, ar }: { en: string; ar: string }) {
  return (
    <View style={styles.title}>
      <Text style={styles.titleEn}>{en}</Text>
      <Ar style={styles.titleAr}>{ar}</Ar>
    </View>
  );
}

const TYPE_LABELS = { adult: ['Adult', 'بالغ'], child: ['Child', 'طفل'], infant: ['Infant', 'رضيع'] } as const;
const SLICE_LABELS = [
  ['Outbound', 'رحلة الذهاب'],
  ['Return', 'رحلة العودة'],
] as const;
const BAG_LABELS = { hold_bag: ['Checked bag', 'حقيبة مسجلة'], cabin_bag: ['Cabin bag', 'حقيبة مقصورة'], personal_item_bag: ['Personal item', 'غرض شخصي'] } as const;

const clock = (local: string) => local.slice(11, 16);
const dayOf = (local: string, language: 'en' | 'ar') =>
  new Intl.DateTimeFormat(language === 'ar' ? 'ar-SD-u-nu-latn' : 'en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${local.slice(0, 10)}T12:00:00Z`));
const duration = (minutes: number) => `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
const money = (amount: number, currency: string) => `${amount.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })} ${currency}`;
/** Passport numbers are printed with all but the last four characters hidden. */
const maskDocument = (value: string | null) => (value ? `${'•'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}` : '-');
const fullName = (p: Passenger) => `${(p.lastName ?? '').toUpperCase()} / ${(p.firstName ?? '').toUpperCase()}`;

function Airport({ code, local, align }: { code: string; local: string; align: 'from' | 'to' }) {
  const airport = findAirport(code);
  return (
    <View style={styles.segmentPart}>
      <Text style={{ color: MUTED, fontSize: 7.5 }}>{align === 'from' ? 'Departs · ' : 'Arrives · '}{dayOf(local, 'en')}</Text>
      <Text style={styles.time}>
        {clock(local)} {code}
      </Text>
      <Text>{airport ? `${airport.cityNameEn}, ${airport.nameEn}` : code}</Text>
      {airport ? <Ar>{`${airport.cityNameAr}، ${airport.nameAr}`}</Ar> : null}
    </View>
  );
}

function SegmentBlock({ segment, cabin }: { segment: Segment; cabin: { labelEn: string; labelAr: string } | undefined }) {
  return (
    <View style={styles.segment} wrap={false}>
      <View style={styles.segmentSide}>
        <Text style={{ fontSize: 11, fontWeight: 700 }}>{segment.flightNumber.replace(/^([A-Z0-9]{2})(\d+)$/, '$1 $2')}</Text>
        <Text>{segment.airline.nameEn}</Text>
        <Ar>{segment.airline.nameAr}</Ar>
        <Text style={{ color: MUTED, marginTop: 3 }}>{duration(segment.durationInMinutes)}</Text>
        {cabin ? (
          <>
            <Text style={{ color: MUTED }}>{cabin.labelEn}</Text>
            <Ar style={{ color: MUTED }}>{cabin.labelAr}</Ar>
          </>
        ) : null}
      </View>
      <Airport code={segment.origin} local={segment.departureDate} align="from" />
      <Airport code={segment.destination} local={segment.arrivalDate} align="to" />
    </View>
  );
}

function baggageLine(p: Passenger) {
  const pieces = p.baggage.filter((b) => b.count > 0);
  if (!pieces.length) return { en: 'No checked baggage (infant on lap)', ar: 'بلا أمتعة (رضيع في الحضن)' };
  const en = pieces.map((b) => `${b.count} × ${BAG_LABELS[b.baggageType][0]}${b.weight ? ` ${b.weight} kg` : ''}${b.price > 0 ? ' (extra)' : ''}`).join(', ');
  const ar = pieces.map((b) => `${BAG_LABELS[b.baggageType][1]}${b.weight ? ` ${b.weight} كغ` : ''} × ${b.count}${b.price > 0 ? ' (إضافية)' : ''}`).join('، ');
  return { en, ar };
}

export function ETicketDocument({ booking, agency }: { booking: Booking; agency: Agency }) {
  const issued = new Date().toISOString().slice(0, 10);
  return (
    <Document title={`Kwenda e-ticket ${booking.bookingReference}`} author="Kwenda" language="ar">
      <Page size="A4" style={styles.page}>
        <View style={styles.header}>
          <View>
            <Text style={styles.brand}>Kwenda</Text>
            <Text style={styles.slogan}>Be your own travel agency</Text>
          </View>
          <View>
            <Ar style={styles.brandAr}>كوندا</Ar>
            <Ar style={styles.sloganAr}>كن وكيل سفرك</Ar>
          </View>
        </View>

        <SectionTitle en="Electronic ticket — itinerary receipt" ar="تذكرة إلكترونية — إيصال خط السير" />
        <View style={styles.facts}>
          <View style={styles.fact}>
            <Label en="Booking reference" ar="رقم الحجز" />
            <Text style={styles.factValue}>{booking.bookingReference}</Text>
          </View>
          <View style={styles.fact}>
            <Label en="Airline reference (PNR)" ar="مرجع شركة الطيران" />
            <Text style={styles.factValue}>{booking.pnr ?? '-'}</Text>
          </View>
          <View style={styles.fact}>
            <Label en="Issued" ar="تاريخ الإصدار" />
            <Text style={styles.factValue}>{issued}</Text>
          </View>
          <View style={styles.fact}>
            <Label en="Status" ar="الحالة" />
            <View style={{ flexDirection: 'row', justifyContent: 'space-between' }}>
              <Text style={styles.factValue}>Confirmed</Text>
              <Ar style={styles.factValue}>مؤكد</Ar>
            </View>
          </View>
        </View>

        <SectionTitle en="Passengers" ar="المسافرون" />
        <View style={styles.table}>
          <View style={styles.headRow}>
            <Text style={[styles.headCell, { width: '36%' }]}>Name (as in passport) · الاسم</Text>
            <Text style={[styles.headCell, { width: '16%' }]}>Type · النوع</Text>
            <Text style={[styles.headCell, { width: '28%' }]}>E-ticket number · رقم التذكرة</Text>
            <Text style={[styles.headCell, { width: '20%' }]}>Passport · الجواز</Text>
          </View>
          {booking.passengers.map((p) => (
            <View key={p.id} style={styles.row} wrap={false}>
              <Text style={[styles.cell, { width: '36%', fontWeight: 700 }]}>{fullName(p)}</Text>
              <View style={[styles.cell, { width: '16%', flexDirection: 'row', justifyContent: 'space-between' }]}>
                <Text>{TYPE_LABELS[p.passengerType][0]}</Text>
                <Ar>{TYPE_LABELS[p.passengerType][1]}</Ar>
              </View>
              <Text style={[styles.cell, { width: '28%' }]}>{p.ticketNumber ?? '-'}</Text>
              <Text style={[styles.cell, { width: '20%' }]}>{maskDocument(p.documentNumber)}</Text>
            </View>
          ))}
        </View>

        {booking.slices.map((slice, index) => {
          const [en, ar] = booking.tripType === 'round-trip' ? SLICE_LABELS[index] ?? SLICE_LABELS[0] : [`Flight ${index + 1}`, `الرحلة ${index + 1}`];
          return (
            <View key={index}>
              <SectionTitle en={`${en}: ${slice.origin} → ${slice.destination}`} ar={`${ar}: ${slice.destination} ← ${slice.origin}`} />
              {slice.segments.map((segment) => (
                <SegmentBlock key={`${segment.flightNumber}-${segment.departureDate}`} segment={segment} cabin={slice.cabinClasses[0]} />
              ))}
            </View>
          );
        })}

        <SectionTitle en="Baggage" ar="الأمتعة" />
        {booking.passengers.map((p) => {
          const line = baggageLine(p);
          return (
            <View key={p.id} style={styles.note} wrap={false}>
              <Text style={styles.noteEn}>
                {fullName(p)}: {line.en}
              </Text>
              <Ar style={styles.noteAr}>{line.ar}</Ar>
            </View>
          );
        })}

        <SectionTitle en="Payment" ar="الدفع" />
        <View style={styles.note}>
          <Text style={styles.noteEn}>Total paid: {money(booking.amount, booking.currency)}</Text>
          <Ar style={styles.noteAr}>{`المبلغ المدفوع: ${money(booking.amount, booking.currency)}`}</Ar>
        </View>

        <SectionTitle en="Important" ar="معلومات مهمة" />
        {[
          ['The name on the ticket must match the passport exactly; airlines do not change names after issue.', 'يجب أن يطابق الاسم في التذكرة جواز السفر تماماً، ولا تسمح شركات الطيران بتغيير الاسم بعد الإصدار.'],
          ['Be at the airport 3 hours before international flights and 2 hours before domestic ones, with this ticket and your passport.', 'احضر إلى المطار قبل 3 ساعات من الرحلات الدولية وساعتين من الرحلات الداخلية، ومعك هذه التذكرة وجواز سفرك.'],
          ['Liquids in hand baggage: at most 100 ml each, 1 litre in all, in a clear resealable bag.', 'السوائل في حقيبة اليد: 100 مل كحد أقصى لكل عبوة، ولتر واحد إجمالاً، في كيس شفاف قابل للإغلاق.'],
          ['Changes of date or destination depend on the fare rules: contact us before your flight.', 'تغيير التاريخ أو الوجهة يخضع لشروط التذكرة: تواصل معنا قبل موعد رحلتك.'],
        ].map(([en, ar]) => (
          <View key={en} style={styles.note} wrap={false}>
            <Text style={styles.noteEn}>• {en}</Text>
            <Ar style={styles.noteAr}>{`• ${ar}`}</Ar>
          </View>
        ))}

        <View style={styles.footer} fixed>
          <Text>
            {agency.name} · {agency.phone} · WhatsApp +{agency.whatsapp} · {agency.email}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `${pageNumber} / ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

export async function renderETicket(booking: Booking, agency: Agency): Promise<Buffer> {
  return renderToBuffer(<ETicketDocument booking={booking} agency={agency} />);
}
