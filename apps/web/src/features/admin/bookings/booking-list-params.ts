import {
  ADMIN_BOOKINGS_LIMITS,
  adminBookingSorts,
  adminPaymentMethodFilters,
  bookingCustomers,
  sortOrders,
  supplierChangeFilters,
  type AdminBookingSort,
  type AdminPaymentMethodFilter,
  type BookingCustomer,
  type SortOrder,
  type SupplierChangeFilter,
} from '@kwenda/contracts/admin';
import { bookingStatuses, type BookingStatus } from '@kwenda/contracts/rules';

/**
 * The bookings table's state (search, filters, sort, page) as it lives in the page's address, so a
 * link shared on WhatsApp opens the same list. Only what differs from the defaults is written; what
 * cannot be read (an old or edited link) is dropped rather than refused.
 */
export interface BookingListParams {
  q: string;
  status: BookingStatus[];
  paymentMethod: AdminPaymentMethodFilter | null;
  customer: BookingCustomer | null;
  from: string;
  to: string;
  origin: string;
  destination: string;
  referralCode: string;
  supplierChange: SupplierChangeFilter | null;
  sort: AdminBookingSort;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [25, 50, 100] as const;

export const DEFAULT_PARAMS: BookingListParams = {
  q: '',
  status: [],
  paymentMethod: null,
  customer: null,
  from: '',
  to: '',
  origin: '',
  destination: '',
  referralCode: '',
  supplierChange: null,
  sort: 'created',
  order: 'desc',
  page: 1,
  pageSize: ADMIN_BOOKINGS_LIMITS.defaultPageSize,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AIRPORT = /^[A-Z]{3}$/;

function wholeNumber(value: string | null, min: number, max: number): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

export function paramsFromSearch(search: URLSearchParams): BookingListParams {
  const text = (name: string) => (search.get(name) ?? '').trim();
  const statuses = search
    .getAll('status')
    .flatMap((value) => value.split(','))
    .map((value) => oneOf(bookingStatuses, value.trim()))
    .filter((value): value is BookingStatus => value !== null);
  const airport = (name: string) => (AIRPORT.test(text(name).toUpperCase()) ? text(name).toUpperCase() : '');
  return {
    q: text('q').slice(0, ADMIN_BOOKINGS_LIMITS.maxSearchLength),
    status: [...new Set(statuses)],
    paymentMethod: oneOf(adminPaymentMethodFilters, search.get('paymentMethod')),
    customer: oneOf(bookingCustomers, search.get('customer')),
    from: DATE.test(text('from')) ? text('from') : '',
    to: DATE.test(text('to')) ? text('to') : '',
    origin: airport('origin'),
    destination: airport('destination'),
    referralCode: /^[A-Za-z0-9_-]{2,32}$/.test(text('referralCode')) ? text('referralCode') : '',
    supplierChange: oneOf(supplierChangeFilters, search.get('supplierChange')),
    sort: oneOf(adminBookingSorts, search.get('sort')) ?? DEFAULT_PARAMS.sort,
    order: oneOf(sortOrders, search.get('order')) ?? DEFAULT_PARAMS.order,
    page: wholeNumber(search.get('page'), 1, ADMIN_BOOKINGS_LIMITS.maxPage) ?? 1,
    pageSize: wholeNumber(search.get('pageSize'), 1, ADMIN_BOOKINGS_LIMITS.maxPageSize) ?? DEFAULT_PARAMS.pageSize,
  };
}

/** The address's query: only what differs from the defaults, in a fixed order. */
export function searchFromParams(params: BookingListParams): URLSearchParams {
  const search = new URLSearchParams();
  const put = (name: keyof BookingListParams, value: string | number | null) => {
    if (value !== null && value !== '' && value !== DEFAULT_PARAMS[name]) search.set(name, String(value));
  };
  put('q', params.q.trim());
  if (params.status.length) search.set('status', params.status.join(','));
  // In a fixed order, so one list has one address.
  const rest = [
    'paymentMethod',
    'customer',
    'from',
    'to',
    'origin',
    'destination',
    'referralCode',
    'supplierChange',
    'sort',
    'order',
    'page',
    'pageSize',
  ] as const satisfies readonly Exclude<keyof BookingListParams, 'q' | 'status'>[];
  for (const name of rest) put(name, params[name]);
  return search;
}

/** How many filters (not the search box, sort or page) are set: shown on the phone's filters button. */
export function activeFilterCount(params: BookingListParams): number {
  return [
    params.status.length > 0,
    params.paymentMethod,
    params.customer,
    params.from,
    params.to,
    params.origin,
    params.destination,
    params.referralCode,
    params.supplierChange,
  ].filter(Boolean).length;
}

/** A change of search or filters starts again at the first page. */
export function withFilters(params: BookingListParams, patch: Partial<BookingListParams>): BookingListParams {
  return { ...params, ...patch, page: patch.page ?? 1 };
}
