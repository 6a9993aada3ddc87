-- Private booking data (issue 15): a booking's link shows only its limited view; whoever made it
-- (the account, or the guest's browser) sees it whole. Secrets are stored hashed (SHA-256), never as
-- sent: a copy of this table opens no booking.

-- A guest's access to a booking: the browser that created it, or a device that proved the booking's
-- e-mail with Find my booking. The browser keeps the token in an HttpOnly cookie scoped to the
-- booking's API path.
CREATE TABLE booking_access_grants (
  id text PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  source text NOT NULL CHECK (source IN ('created', 'code')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX booking_access_grants_booking ON booking_access_grants (booking_id);

-- The one live Find my booking code of a booking: a new code replaces the last one. Wrong tries are
-- counted in the same statement that judges them, so tries sent at once cannot overrun the limit.
CREATE TABLE booking_access_codes (
  booking_id text PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
