-- Bookings, their passengers and audit trail, payments, transfer receipts, webhook
-- de-duplication, the sandbox gateway's sessions and the mail outbox (issue 3).

CREATE TABLE bookings (
  id text PRIMARY KEY,
  booking_reference text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('created', 'offer-unavailable', 'pending-payment', 'payment-confirmed',
    'confirmed', 'price-changed', 'rescheduled', 'canceled', 'refunded')),
  status_trigger text NOT NULL,
  user_id text,
  language text NOT NULL DEFAULT 'ar' CHECK (language IN ('ar', 'en')),
  referral_code text,
  offer_reference text NOT NULL,
  -- The supplier's offer as last priced (USD), slices included: the booking's own copy.
  offer jsonb NOT NULL,
  offer_expires_at timestamptz NOT NULL,
  requested_date date,
  passenger_counts jsonb NOT NULL,
  requested_baggage jsonb NOT NULL,
  currency text NOT NULL,
  -- Units of currency per USD when booked: the amount never moves with later rate updates.
  exchange_rate numeric(18, 6) NOT NULL,
  amount numeric(14, 2) NOT NULL CHECK (amount >= 0),
  previous_amount numeric(14, 2),
  email text,
  mobile text,
  -- flight numbers and dates of every segment, to find a passenger booked twice on the same flights
  segments_key text NOT NULL,
  supplier_order_id text,
  pnr text,
  hold_expires_at timestamptz,
  payment_method text CHECK (payment_method IN ('card', 'bank-transfer')),
  payment_error text,
  ticketed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bookings_user ON bookings (user_id, created_at DESC) WHERE user_id IS NOT NULL;
CREATE INDEX bookings_held ON bookings (hold_expires_at) WHERE status = 'pending-payment';
CREATE INDEX bookings_segments ON bookings (segments_key);

CREATE TABLE booking_passengers (
  id text PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  position integer NOT NULL,
  passenger_type text NOT NULL CHECK (passenger_type IN ('adult', 'child', 'infant')),
  required_fields jsonb NOT NULL,
  -- what the supplier priced and sells this passenger (USD), kept with the booking
  fare_usd numeric(12, 2) NOT NULL,
  baggage_options jsonb NOT NULL,
  first_name text,
  last_name text,
  date_of_birth date,
  gender text CHECK (gender IN ('M', 'F')),
  place_of_birth text,
  nationality_country text,
  document_number text,
  document_issuance_country text,
  document_issuance_date date,
  document_expiry_date date,
  -- paid extras: option reference -> pieces
  extra_baggage jsonb NOT NULL DEFAULT '{}',
  ticket_number text,
  UNIQUE (booking_id, position)
);

-- Every status change: from, to, why, who. Written in the same transaction as the change.
CREATE TABLE booking_events (
  id bigserial PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  status_trigger text NOT NULL,
  actor text NOT NULL,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX booking_events_booking ON booking_events (booking_id, id);

CREATE TABLE payments (
  id text PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe', 'bank-transfer')),
  status text NOT NULL CHECK (status IN ('open', 'succeeded', 'failed', 'expired', 'refund-required', 'refunded')),
  amount numeric(14, 2) NOT NULL,
  currency text NOT NULL,
  provider_session_id text,
  provider_payment_id text,
  checkout_url text,
  failure_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, provider_session_id)
);
-- At most one open checkout and one successful payment per booking, whatever races.
CREATE UNIQUE INDEX payments_one_open ON payments (booking_id) WHERE status = 'open';
CREATE UNIQUE INDEX payments_one_succeeded ON payments (booking_id) WHERE status = 'succeeded';

-- A provider's event is handled once: a replayed or retried delivery finds its id here.
CREATE TABLE webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

CREATE TABLE payment_receipts (
  id text PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  sha256 text NOT NULL,
  storage_path text NOT NULL,
  status text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'accepted', 'rejected')),
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  reviewed_by text
);
CREATE INDEX payment_receipts_booking ON payment_receipts (booking_id, uploaded_at);

-- The embedded card gateway's own state (a real gateway keeps this on its side).
CREATE TABLE gateway_sessions (
  id text PRIMARY KEY,
  amount numeric(14, 2) NOT NULL,
  currency text NOT NULL,
  description text NOT NULL,
  client_reference text NOT NULL,
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  language text NOT NULL DEFAULT 'ar',
  expires_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  attempts integer NOT NULL DEFAULT 0,
  last_decline text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);

-- Outgoing mail: written in the transaction that decides to send, delivered by the mail job
-- with retries; an SMTP outage delays mail but never loses it. dedupe_key stops a second copy.
CREATE TABLE mail_outbox (
  id text PRIMARY KEY,
  dedupe_key text UNIQUE,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  attachments jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  transport text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'pending';
