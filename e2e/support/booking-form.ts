import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { daysAhead, expect } from '../fixtures';
import { tr, trPattern } from '../i18n';
import { firstAvailableOffer } from './offers-answer';

/** The booking journeys' shared steps: a booking made through the API, and the passenger form filled as a person does. */

export const year = (offset: number) => new Date().getUTCFullYear() + offset;

/** Passenger names are unique per journey and project: two journeys never book the same people twice. */
export function familyName(project: string, journey: string) {
  const letters = `${project}${journey}`.toUpperCase().replace(/[^A-Z]/g, '');
  return `Osman ${letters}`;
}

type Party = { adults: number; children: number; infants: number };

/** A search of Port Sudan -> Cairo `days` ahead, one checked bag each, as POST /offers/request takes it. */
export function offersSearchBody(days: number, { currency = 'SDG', passengers = { adults: 1, children: 0, infants: 0 } } = {}) {
  return {
    filters: {
      tripType: 'one-way',
      departureStation: 'PZU',
      destinationStation: 'CAI',
      departureDate: daysAhead(days),
      cabinClass: null,
      passengers,
      baggage: { hold: 1, carryOn: 0 },
      currency,
    },
    page: 1,
    order: 'lowest',
  };
}

/**
 * A guest booking of Port Sudan -> Cairo made straight through the API (the search and offers
 * pages have journeys of their own): the first offer the sandbox sells as shown, by its id; made
 * through an agent's link when `referralCode` is given.
 */
export async function bookThroughApi(request: APIRequestContext, days: number, passengers: Party, referralCode?: string) {
  const search = await request.post('/api/v1/offers/request', { data: offersSearchBody(days, { passengers }) });
  expect(search.status(), await search.text()).toBe(200);
  const { offers } = (await search.json()) as { offers: { reference: string }[] };
  const offer = offers[firstAvailableOffer(offers)]!;
  const created = await request.post('/api/v1/bookings', {
    data: {
      reference: offer.reference,
      payload: { passengers, baggage: { hold: 1, carryOn: 0 }, currency: 'SDG', ...(referralCode ? { referralCode } : {}) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { booking: { id: string } }).booking.id;
}

/** The offer at `index` on the offers page booked by a guest: its button, "continue as a guest", its booking page. */
export async function bookAsGuest(page: Page, language: string, index: number) {
  await page
    .getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') })
    .nth(index)
    .click();
  // Logged out, booking asks to log in or continue as a guest; a guest it is.
  const prompt = page.getByRole('dialog', { name: tr(language, 'offers:loginPrompt.title') });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: tr(language, 'offers:loginPrompt.guest') }).click();
  await page.waitForURL(/\/booking\/bk_/);
}

export async function pickDate(section: Locator, language: string, labelKey: string, date: string) {
  const label = tr(language, labelKey);
  const [y, m, d] = date.split('-');
  await section.getByLabel(`${label}: ${tr(language, 'booking:fields.day')}`).selectOption(d!);
  await section.getByLabel(`${label}: ${tr(language, 'booking:fields.month')}`).selectOption(m!);
  await section.getByLabel(`${label}: ${tr(language, 'booking:fields.year')}`).selectOption(y!);
}

export async function pickCountry(page: Page, section: Locator, language: string, labelKey: string, code: string) {
  const input = section.getByRole('combobox', { name: tr(language, labelKey) });
  await input.click();
  await input.fill(code);
  const option = page.getByRole('option', { name: new RegExp(`\\(${code}\\)`) }).first();
  // The list hides while its field is out of view: should the page scroll meanwhile (a section loading
  // above it), the field is brought back into view (and the list opened again) before the next try.
  await expect(async () => {
    await input.scrollIntoViewIfNeeded();
    if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click();
    await option.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(input).toHaveAttribute('aria-expanded', 'false');
}

export type Person = { first: string; last: string; born: string; gender: 'M' | 'F'; passport?: string };

export function passengerSection(page: Page, language: string, type: 'adult' | 'child' | 'infant', n = 1) {
  return page.getByRole('region', { name: tr(language, `booking:passengers.${type}`, { n }) });
}

export async function fillPassenger(page: Page, language: string, type: 'adult' | 'child' | 'infant', person: Person) {
  const section = passengerSection(page, language, type);
  await section.getByRole('textbox', { name: tr(language, 'booking:fields.firstName') }).fill(person.first);
  await section.getByRole('textbox', { name: tr(language, 'booking:fields.lastName') }).fill(person.last);
  await pickDate(section, language, 'booking:fields.dateOfBirth', person.born);
  await section.getByRole('radio', { name: tr(language, `booking:gender.${person.gender}`), exact: true }).check();
  await pickCountry(page, section, language, 'booking:fields.nationalityCountry', 'SD');
  await section
    .getByRole('textbox', { name: tr(language, 'booking:fields.documentNumber') })
    .fill(person.passport ?? `P0${Math.floor(1_000_000 + Math.random() * 8_000_000)}`);
  await pickCountry(page, section, language, 'booking:fields.documentIssuanceCountry', 'SD');
  // Egypt asks for the passport's issue date (the sandbox supplier's requiredFields).
  await pickDate(section, language, 'booking:fields.documentIssuanceDate', `${year(-2)}-03-10`);
  await pickDate(section, language, 'booking:fields.documentExpiryDate', `${year(5)}-03-09`);
  return section;
}

/** The adult's details an e2e booking sends through the API; each test overrides its own. */
export type ApiPassenger = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: 'M' | 'F';
  documentNumber: string;
};

/**
 * Saves every passenger of a booking (the same person for each) and the contact, as the booking page
 * would, sending only the fields the booking requires.
 */
export async function savePassengersThroughApi(
  request: APIRequestContext,
  id: string,
  person: ApiPassenger,
  contact: { email: string; mobile?: string },
) {
  const booking = (await (await request.get(`/api/v1/bookings/${id}`)).json()) as {
    passengers: { id: string; requiredFields: string[] }[];
  };
  const values: Record<string, string> = {
    ...person,
    placeOfBirth: 'KHARTOUM',
    nationalityCountry: 'SD',
    documentIssuanceCountry: 'SD',
    documentIssuanceDate: `${year(-2)}-03-10`,
    documentExpiryDate: `${year(5)}-03-09`,
  };
  const passengers = booking.passengers.map((p) => ({
    id: p.id,
    ...Object.fromEntries(p.requiredFields.map((field) => [field, values[field]])),
    baggage: [],
  }));
  const saved = await request.put(`/api/v1/bookings/${id}`, {
    data: { bookingId: id, payload: { passengers, email: contact.email, mobile: contact.mobile ?? '+249912345678' } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/**
 * Chooses card at the payment step and pays on the sandbox gateway's page with its documented test
 * card, back on the booking page (`?payment=return`).
 */
export async function payOnSandboxGateway(page: Page, language: string) {
  await page.getByRole('radio', { name: tr(language, 'booking:payment.card') }).check();
  await page.getByRole('button', { name: new RegExp(tr(language, 'booking:payment.continue')) }).click();
  await expect(page).toHaveURL(/\/gateway\/sandbox\/checkout\/cs_/);
  await payWithTestCard(page);
}

/** On the sandbox gateway's own checkout page: pays with its test card and returns to the booking. */
export async function payWithTestCard(page: Page) {
  await page.locator('#cardNumber').fill('4242 4242 4242 4242');
  await page.locator('#expiry').fill('12/30');
  await page.locator('#cvc').fill('123');
  await page.locator('#name').fill('AMNA OSMAN');
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/booking\/bk_[^?]+\?payment=return/);
}
