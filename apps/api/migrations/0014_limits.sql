-- Limits on business flows (issue 15): throttle counters that concurrency cannot overrun, who holds
-- seats without paying (caps on unpaid holds, and the staff's lifts of them), and idempotency keys.

-- One row per throttle key ("login:ip:1.2.3.4", "login:account-ip:x@y:1.2.3.4"): the attempts taken in
-- the window that ends at window_ends_at. Taking an attempt is one INSERT ... ON CONFLICT DO UPDATE
-- that refuses once the window is full, so thirty requests at once cannot all pass a limit of five.
CREATE TABLE throttle_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits >= 0),
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX throttle_counters_ended ON throttle_counters (window_ends_at);

-- The per-attempt rows the counters replace (they were read, then written: concurrent attempts
-- were all let through).
DROP TABLE auth_attempts;

-- The client address a booking's seats were held from (the booking has its e-mail and mobile):
-- unpaid holds are counted per address. An IPv6 address is kept as its /64 network.
CREATE TABLE hold_clients (
  booking_id text PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  address text NOT NULL,
  held_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hold_clients_address ON hold_clients (address);
-- Unpaid holds by contact, and the holds in force.
CREATE INDEX bookings_unpaid_holds ON bookings (hold_expires_at) WHERE status = 'pending-payment';

-- A staff member lifted the cap on unpaid holds for one e-mail, mobile or address, for some hours,
-- with a reason. A lift ends at expires_at, or earlier when staff end it (ended_at, ended_by).
CREATE TABLE hold_cap_lifts (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('email', 'mobile', 'address')),
  value text NOT NULL,
  reason text NOT NULL,
  created_by text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  ended_by text REFERENCES users (id),
  CHECK (expires_at > created_at)
);
CREATE INDEX hold_cap_lifts_live ON hold_cap_lifts (kind, value, expires_at) WHERE ended_at IS NULL;

-- Idempotency keys of the booking requests (Idempotency-Key header), per caller (an account, or a
-- guest's address): the first request's fingerprint (method, path, body) and, once it finished, its
-- answer, replayed to a retry for 24 hours. A request still running holds its key until
-- locked_until (a process that died mid-request frees it then); claim_id names the request that holds it.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'done')),
  claim_id text NOT NULL,
  locked_until timestamptz,
  response_status integer,
  -- The headers a retry needs as the first request had them (content-type, set-cookie: a new guest
  -- booking's access cookie, location): a day of answers, each to its own caller.
  response_headers jsonb,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
