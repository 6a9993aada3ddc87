/**
 * Calendar dates in the traveller's language are written by @kwenda/contracts' display-date, the one
 * writer of dates for the web app, the e-mails and the e-ticket (its test compares every day of two
 * years with Intl).
 */
export { formatCalendarDate, type CalendarDateStyle } from '@kwenda/contracts/rules';
