-- The staff's bookings table: one search box finds a booking by reference, PNR, ticket number,
-- e-mail, mobile or a passenger's last name, and a booking's page lists every e-mail it sent.
-- Plain btree and expression indexes only: pg_trgm is not available on the embedded PGlite.

-- PNRs and e-mails are compared without case (an e-mail by its beginning too); a ticket number
-- with or without its dash.
CREATE INDEX bookings_pnr_upper ON bookings (upper(pnr)) WHERE pnr IS NOT NULL;
CREATE INDEX bookings_email_lower ON bookings (lower(email) text_pattern_ops) WHERE email IS NOT NULL;
CREATE INDEX bookings_mobile ON bookings (mobile) WHERE mobile IS NOT NULL;
CREATE INDEX bookings_created ON bookings (created_at DESC, id DESC);
CREATE INDEX bookings_referral_lower ON bookings (lower(referral_code)) WHERE referral_code IS NOT NULL;
CREATE INDEX bookings_route ON bookings ((offer -> 'slices' -> 0 ->> 'origin'), (offer -> 'slices' -> 0 ->> 'destination'));
-- A last name is found by its beginning (text_pattern_ops lets LIKE 'prefix%' use the index
-- whatever the database's collation).
CREATE INDEX booking_passengers_last_name ON booking_passengers (lower(last_name) text_pattern_ops)
  WHERE last_name IS NOT NULL;
CREATE INDEX booking_passengers_ticket ON booking_passengers (replace(ticket_number, '-', ''))
  WHERE ticket_number IS NOT NULL;

-- The e-mails of a booking: every booking e-mail names its booking in its de-duplication key
-- ('<kind>:<booking id>[:<more>]', e.g. 'paid:bk_...', 'refund:bk_...:rf_...').
CREATE INDEX mail_outbox_booking ON mail_outbox (split_part(dedupe_key, ':', 2)) WHERE dedupe_key IS NOT NULL;
