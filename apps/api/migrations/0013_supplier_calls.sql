-- Supplier calls that survive crashes, and the sandbox airline's order book in tables
-- (docs/decisions/0023-supplier-calls-journal.md).

-- Every call to the flight supplier that changes something: hold seats, issue tickets, cancel an
-- order. The row is committed before the call is made and answered after it, so a process that
-- dies in between leaves a call without an answer, which the reconciliation job settles by asking
-- the supplier what it did (a hold by its client reference, which is the call's id; a ticket or a
-- cancel by its order). Never deleted.
CREATE TABLE supplier_calls (
  id text PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('hold', 'ticket', 'cancel')),
  supplier text NOT NULL,
  -- The order ticketed or cancelled; for a hold, the order it made once known.
  order_id text,
  details jsonb NOT NULL DEFAULT '{}',
  requested_at timestamptz NOT NULL,
  answered_at timestamptz,
  outcome text CHECK (
    outcome IN (
      'held', 'price-changed', 'unavailable', 'expired', 'adopted', 'released', 'not-found',
      'ticketed', 'refused', 'not-ticketed', 'cancelled'
    )
  ),
  attempts integer NOT NULL DEFAULT 1,
  -- When the reconciliation job may take the call up; null while the process that made it may still
  -- answer (then due SUPPLIER_CALL_LEASE_SECONDS after requested_at).
  next_attempt_at timestamptz,
  last_error text,
  CHECK ((answered_at IS NULL) = (outcome IS NULL)),
  CHECK (kind = 'hold' OR order_id IS NOT NULL)
);
-- One hold and one ticketing in flight per booking: two pays at once make one hold, two ticketing
-- attempts at once (a webhook and the retry job) one set of tickets.
CREATE UNIQUE INDEX supplier_calls_open_hold ON supplier_calls (booking_id) WHERE kind = 'hold' AND answered_at IS NULL;
CREATE UNIQUE INDEX supplier_calls_open_ticket ON supplier_calls (booking_id) WHERE kind = 'ticket' AND answered_at IS NULL;
CREATE UNIQUE INDEX supplier_calls_open_cancel ON supplier_calls (order_id) WHERE kind = 'cancel' AND answered_at IS NULL;
CREATE INDEX supplier_calls_unanswered ON supplier_calls (requested_at) WHERE answered_at IS NULL;
CREATE INDEX supplier_calls_booking ON supplier_calls (booking_id, requested_at);

-- The sandbox airline's side (suppliers/sandbox/order-book.ts), kept in memory until now: every
-- process and a restart see the same orders. A real airline keeps this; Kwenda only reads it through
-- the Supplier interface.
CREATE TABLE sandbox_orders (
  id text PRIMARY KEY,
  client_reference text UNIQUE,
  state text NOT NULL CHECK (state IN ('held', 'ticketed', 'cancelled')),
  validating_carrier text NOT NULL,
  offer_reference text NOT NULL,
  total_usd numeric(12, 2) NOT NULL,
  payment_required_by timestamptz NOT NULL,
  -- [{ id, passengerType }] in the offer's order: ticket numbers derive from the order id and these.
  passengers jsonb NOT NULL,
  ticketing_refusals integer NOT NULL DEFAULT 0,
  pnr text,
  tickets jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  ticketed_at timestamptz,
  cancelled_at timestamptz,
  CHECK ((state = 'ticketed') = (pnr IS NOT NULL))
);

-- Seats each order takes on each flight (adults and children; infants sit on a lap). A flight's held
-- seats are those of its orders not cancelled.
CREATE TABLE sandbox_order_seats (
  order_id text NOT NULL REFERENCES sandbox_orders (id) ON DELETE CASCADE,
  flight_number text NOT NULL,
  departure_date date NOT NULL,
  seats integer NOT NULL CHECK (seats > 0),
  PRIMARY KEY (order_id, flight_number, departure_date)
);
CREATE INDEX sandbox_order_seats_flight ON sandbox_order_seats (flight_number, departure_date);
