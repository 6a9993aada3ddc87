/**
 * The account calls' answers' schemas, imported with the first call that needs one (auth-api.ts,
 * phone-auth-api.ts): with the log-in page's code, zod and these schemas were built in the task that
 * hydrated the page, one task of 25-30 ms on this machine, over 100 ms on a slow phone.
 */
import { bookingSchema } from '@kwenda/contracts';

export {
  accountSchema,
  addContactResponseSchema,
  adoptGuestBookingsResponseSchema,
  authResponseSchema,
  guestBookingOffersSchema,
  okResponseSchema,
  phoneCodeResponseSchema,
  registerResponseSchema,
  updateAccountResponseSchema,
  verifyContactResponseSchema,
} from '@kwenda/contracts';

export const bookingListSchema = bookingSchema.array();
