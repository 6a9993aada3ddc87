// A held pay-later booking for Lighthouse's booking page: a guest books the first offer that can be held,
// saves one passenger and chooses pay later. Returns the page's path, the guest's access cookie and the
// Set-Cookie headers that gave it (decision 0025: the browser that made the booking reads it whole; decision
// 0042: the same grant path-scoped to the page, which the server then sends painted).
const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function call(base, method, path, body, cookie) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: await response.json().catch(() => null), setCookie: response.headers.getSetCookie() };
}

/** Surnames for the bench's travellers: one traveller holds one seat per flight, so each run books another. */
const SURNAMES = ['OSMAN', 'AHMED', 'HASSAN', 'IBRAHIM', 'MUSA', 'ELAMIN', 'BABIKER', 'YOUSIF', 'ABDALLA', 'MAHMOUD'];

export async function createHeldBooking(base) {
  const passengers = { adults: 1, children: 0, infants: 0 };
  // Another traveller and contact each time: a server the bench ran on before keeps their holds (at most
  // one per traveller and flight, a few per contact).
  const stamp = Date.now() % 100_000_000;
  const lastName = SURNAMES[stamp % SURNAMES.length];
  const search = await call(base, 'POST', '/offers/request', {
    filters: {
      tripType: 'one-way',
      departureStation: 'PZU',
      destinationStation: 'CAI',
      departureDate: day(21),
      passengers,
      currency: 'USD',
    },
    page: 1,
  });
  for (const offer of search.json?.offers ?? []) {
    const created = await call(base, 'POST', '/bookings', {
      reference: offer.reference,
      payload: { passengers, baggage: { hold: 1, carryOn: 0 }, currency: 'USD' },
    });
    if (created.status !== 201) continue;
    const id = created.json.booking.id;
    const cookie = created.setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('kwenda_booking='));
    const booking = (await call(base, 'GET', `/bookings/${id}`, null, cookie)).json;
    const first = booking.slices[0].departureDate.slice(0, 10);
    const yearsBefore = (years) => `${Number(first.slice(0, 4)) - years}${first.slice(4, 8)}15`;
    const passenger = booking.passengers[0];
    const saved = await call(
      base,
      'PUT',
      `/bookings/${id}`,
      {
        bookingId: id,
        payload: {
          passengers: [
            {
              id: passenger.id,
              firstName: 'AMNA',
              lastName,
              dateOfBirth: yearsBefore(34),
              gender: 'F',
              nationalityCountry: 'SD',
              documentNumber: 'P01234567',
              documentIssuanceCountry: 'SD',
              documentExpiryDate: yearsBefore(-5),
              ...(passenger.requiredFields.includes('documentIssuanceDate') ? { documentIssuanceDate: yearsBefore(2) } : {}),
              ...(passenger.requiredFields.includes('placeOfBirth') ? { placeOfBirth: 'Khartoum' } : {}),
              baggage: [],
            },
          ],
          email: `traveller-${stamp}@example.com`,
          mobile: `+2499${String(stamp).padStart(8, '0')}`,
        },
      },
      cookie,
    );
    // This traveller already holds a seat on that flight: the next offer.
    if (saved.status === 409 && saved.json?.code === 'PASSENGER_ALREADY_BOOKED') continue;
    if (saved.status !== 200) throw new Error(`held booking: passengers ${saved.status} ${JSON.stringify(saved.json)}`);
    // An instant-payment fare cannot be held: try the next offer.
    const held = await call(base, 'PUT', `/bookings/${id}/pay`, { payLater: true }, cookie);
    if (held.status === 200) return { path: `/booking/${id}`, cookie, setCookies: created.setCookie };
  }
  throw new Error('held booking: no offer PZU-CAI could be held');
}

/**
 * Set-Cookie headers sent by `base` as Playwright cookies (BrowserContext.addCookies), so a browser holds
 * them as if the server had set them there: its own requests and its service worker's carry them.
 */
export function browserCookies(base, setCookies) {
  const { hostname, protocol } = new URL(base);
  return setCookies.map((header) => {
    const [pair, ...attributes] = header.split(';').map((part) => part.trim());
    const index = pair.indexOf('=');
    const attribute = (name) => attributes.find((a) => a.toLowerCase().startsWith(`${name.toLowerCase()}=`))?.split('=')[1];
    const has = (name) => attributes.some((a) => a.toLowerCase() === name.toLowerCase());
    return {
      name: pair.slice(0, index),
      value: pair.slice(index + 1),
      domain: hostname,
      path: attribute('Path') ?? '/',
      httpOnly: has('HttpOnly'),
      secure: has('Secure') && protocol === 'https:',
      sameSite: 'Lax',
      expires: Math.floor(Date.now() / 1000) + Number(attribute('Max-Age') ?? 3600),
    };
  });
}
