/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BaggageOption, Booking, Passenger, Segment } from '@kwenda/contracts';
import { formatAgencyDate, formatCalendarDate, formatDuration } from '@kwenda/contracts/display';
import { Document, Font, Link, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { findAirport } from '../../data/airports.js';
import { spacedFlightNumber } from '../mail/itinerary-view.js';
import { fill, mailStrings } from '../mail/locales/index.js';
import type { MailContext } from '../mail/mail-context.js';

/**
 * The e-ticket, Arabic and English side by side: English reads from the left edge, Arabic from the
 * right. Only @react-pdf with IBM Plex Sans Arabic and direction rtl shapes Arabic correctly (STACK.md:
 * pdfkit misplaces spaces, pdf-lib does not join letters), so every Arabic run is its own Text. Its
 * words come from the mail catalogs (mail/locales), its dates and durations from the same writers as
 * the site and the e-mails (contracts display-time, display-duration), its links from PUBLIC_URL.
 */

const AR = mailStrings('ar').eTicketPdf;
const EN = mailStrings('en').eTicketPdf;

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
  trial: {
    marginTop: 6,
    paddingVertical: 6,
    paddingHorizontal: 10,
    backgroundColor: '#ffe8a3',
    color: '#4a3500',
    borderWidth: 1,
    borderColor: '#e0b94a',
    borderRadius: 4,
  },
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

const clock = (local: string) => local.slice(11, 16);
/** A local date-time of the supplier (no zone) shown as the calendar day it names. */
const dayOf = (local: string, language: 'en' | 'ar') =>
  formatCalendarDate(local, language, { weekday: 'short', month: 'short', year: true });
const amountOf = (amount: number) => {
  const cents = Number.isInteger(amount) ? 0 : 2;
  return amount.toLocaleString('en-US', { minimumFractionDigits: cents, maximumFractionDigits: cents });
};
/** Passport numbers are printed with all but the last four characters hidden. */
const maskDocument = (value: string | null) => (value ? `${'•'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}` : '-');
/** As airlines print it: SURNAME / GIVEN NAMES, the Latin letters of the passport. */
const fullName = (p: Passenger) => `${(p.lastName ?? '').toUpperCase()} / ${(p.firstName ?? '').toUpperCase()}`;

function AirportPart({ code, local, side }: { code: string; local: string; side: 'from' | 'to' }) {
  const airport = findAirport(code);
  return (
    <View style={styles.segmentPart}>
      {side === 'from' ? <Label en={EN.departure} ar={AR.departure} /> : <Label en={EN.arrival} ar={AR.arrival} />}
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
        <Label en={EN.flight} ar={AR.flight} />
        <Text style={{ fontSize: 12, fontWeight: 700 }}>{spacedFlightNumber(segment.flightNumber)}</Text>
        {/* Stacked: a long airline or cabin name in both languages does not fit one line here. */}
        <Text>{segment.airline.nameEn}</Text>
        <Ar>{segment.airline.nameAr}</Ar>
        <View style={{ marginTop: 4 }}>
          <Label en={EN.duration} ar={AR.duration} />
          <Pair en={formatDuration(segment.durationInMinutes, 'en')} ar={formatDuration(segment.durationInMinutes, 'ar')} />
        </View>
        {cabin ? (
          <View style={{ marginTop: 4 }}>
            <Label en={EN.cabin} ar={AR.cabin} />
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
  if (!pieces.length) return [{ en: EN.none, ar: AR.none }];
  return pieces.map((b) => ({
    en: `${b.count} × ${EN.bags[b.baggageType]}${b.weight ? ` ${b.weight} ${EN.kg}` : ''}`,
    ar: `${b.count} × ${AR.bags[b.baggageType]}${b.weight ? ` ${b.weight} ${AR.kg}` : ''}`,
  }));
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

const NOTE_KEYS = ['electronic', 'name', 'airport', 'times'] as const;

export function ETicketDocument({
  booking,
  context,
  issuedAt = new Date(),
}: {
  booking: Booking;
  context: MailContext;
  issuedAt?: Date;
}) {
  const { agency, links } = context;
  const currencyAr = (mailStrings('ar').currencies as Record<string, string>)[booking.currency] ?? booking.currency;
  const payment = booking.paymentMethod;
  const manageUrl = links.booking(booking.id);
  // The day of issue on the agency's clock, as every instant a traveller reads.
  const issued = formatAgencyDate(issuedAt, 'en', { month: 'short', year: true });
  return (
    <Document
      title={`Kwenda e-ticket ${booking.bookingReference}`}
      author={agency.nameEn}
      subject={`PNR ${booking.pnr ?? ''}`}
      language="ar"
    >
      <Page size="A4" style={styles.page}>
        <View style={styles.header}>
          <View>
            <Text style={styles.brand}>{mailStrings('en').layout.brand}</Text>
            <Text style={styles.slogan}>{mailStrings('en').layout.slogan}</Text>
          </View>
          <View>
            <Ar style={styles.brand}>{mailStrings('ar').layout.brand}</Ar>
            <Ar style={styles.slogan}>{mailStrings('ar').layout.slogan}</Ar>
          </View>
        </View>

        {context.trial ? (
          // A trial server's e-ticket says, as every page and e-mail does, that the booking is not real.
          <View style={styles.trial}>
            <Text>{`${mailStrings('en').layout.trialLabel}: ${mailStrings('en').layout.trialBody}`}</Text>
            <Ar>{`${mailStrings('ar').layout.trialLabel}: ${mailStrings('ar').layout.trialBody}`}</Ar>
          </View>
        ) : null}

        <SectionTitle en={EN.title} ar={AR.title} />
        <View style={styles.facts}>
          <Fact en={EN.bookingReference} ar={AR.bookingReference} value={booking.bookingReference} />
          <Fact en={EN.pnr} ar={AR.pnr} value={booking.pnr ?? '-'} />
          <Fact en={EN.issued} ar={AR.issued} value={issued} />
          <Fact en={EN.status} ar={AR.status} value={EN.confirmed} valueAr={AR.confirmed} />
        </View>

        <SectionTitle en={EN.passengers} ar={AR.passengers} />
        <View style={styles.table}>
          <View style={styles.headRow} wrap={false} fixed>
            <View style={[styles.cell, { width: '34%' }]}>
              <Label en={EN.nameAsInPassport} ar={AR.nameAsInPassport} />
            </View>
            <View style={[styles.cell, { width: '16%' }]}>
              <Label en={EN.type} ar={AR.type} />
            </View>
            <View style={[styles.cell, { width: '28%' }]}>
              <Label en={EN.ticketNumber} ar={AR.ticketNumber} />
            </View>
            <View style={[styles.cell, { width: '22%' }]}>
              <Label en={EN.passport} ar={AR.passport} />
            </View>
          </View>
          {booking.passengers.map((p) => (
            <View key={p.id} style={styles.row} wrap={false}>
              <Text style={[styles.cell, { width: '34%', fontWeight: 700 }]}>{fullName(p)}</Text>
              <View style={[styles.cell, { width: '16%' }]}>
                <Pair en={mailStrings('en').passengers[p.passengerType]} ar={mailStrings('ar').passengers[p.passengerType]} />
              </View>
              <Text style={[styles.cell, { width: '28%' }]}>{p.ticketNumber ?? '-'}</Text>
              <Text style={[styles.cell, { width: '22%' }]}>{maskDocument(p.documentNumber)}</Text>
            </View>
          ))}
        </View>

        {booking.slices.map((slice, index) => {
          const [en, ar] =
            booking.tripType === 'round-trip'
              ? index === 0
                ? [EN.outbound, AR.outbound]
                : [EN.return, AR.return]
              : [fill(EN.flightN, { n: index + 1 }), fill(AR.flightN, { n: index + 1 })];
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

        <SectionTitle en={EN.baggage} ar={AR.baggage} />
        <View style={styles.table}>
          {/* Fixed inside the table: repeated at the top of every page the table runs onto (a large family). */}
          <View style={styles.headRow} wrap={false} fixed>
            <View style={[styles.cell, { width: '34%' }]}>
              <Label en={EN.passenger} ar={AR.passenger} />
            </View>
            <View style={[styles.cell, { width: '33%' }]}>
              <Label en={EN.included} ar={AR.included} />
            </View>
            <View style={[styles.cell, { width: '33%' }]}>
              <Label en={EN.extra} ar={AR.extra} />
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
          <SectionTitle en={EN.paymentAndContact} ar={AR.paymentAndContact} />
          <View style={styles.facts}>
            <View style={styles.fact}>
              <Label en={EN.totalPaid} ar={AR.totalPaid} />
              <Text style={styles.factValue}>{`${amountOf(booking.amount)} ${booking.currency}`}</Text>
              <Ar style={{ fontWeight: 700 }}>{`${amountOf(booking.amount)} ${currencyAr}`}</Ar>
            </View>
            {payment ? <Fact en={EN.paidBy} ar={AR.paidBy} value={EN.payment[payment]} valueAr={AR.payment[payment]} /> : null}
            <Fact en={EN.phone} ar={AR.phone} value={agency.phone} />
          </View>
          <View style={[styles.facts, { marginTop: 6 }]}>
            <Fact en={EN.whatsapp} ar={AR.whatsapp} value={`+${agency.whatsapp}`} />
            <Fact en={EN.email} ar={AR.email} value={agency.email} />
            <View style={styles.fact}>
              <Label en={EN.manage} ar={AR.manage} />
              {/* The booking's own page on the site (PUBLIC_URL), as a link; the host is what fits. */}
              <Link src={manageUrl} style={[styles.factValue, { color: ACCENT, textDecoration: 'none' }]}>
                {links.origin.replace(/^https?:\/\//, '')}
              </Link>
            </View>
          </View>
        </View>

        <View>
          <SectionTitle en={EN.important} ar={AR.important} />
          {NOTE_KEYS.map((key) => (
            <View key={key} style={styles.note} wrap={false}>
              <Text style={styles.half}>• {EN.notes[key]}</Text>
              <Ar style={styles.half}>{`• ${AR.notes[key]}`}</Ar>
            </View>
          ))}
        </View>

        <View style={styles.footer} fixed>
          <Text>
            {agency.nameEn} · {agency.phone} · WhatsApp +{agency.whatsapp} · {agency.email} ·{' '}
            {links.origin.replace(/^https?:\/\//, '')}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `${booking.bookingReference} · ${pageNumber} / ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** The e-ticket PDF (A4, Arabic and English) of a confirmed booking; its links lead to PUBLIC_URL. */
export async function renderETicket(booking: Booking, context: MailContext, issuedAt: Date = new Date()): Promise<Buffer> {
  return renderToBuffer(<ETicketDocument booking={booking} context={context} issuedAt={issuedAt} />);
}
