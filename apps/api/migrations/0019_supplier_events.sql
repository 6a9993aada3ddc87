-- Events the flight suppliers send us (Duffel's webhooks), the airline changes they tell of, and the
-- cancellation quotes travellers and staff are shown before they cancel.

-- Every event received, once: the supplier's event id is the key, so a redelivery changes nothing.
-- The webhook answers as soon as the row is stored; a job processes the rows (several processes may
-- run it: a row is claimed with SKIP LOCKED and pushed a lease into the future while it is worked on).
CREATE TABLE supplier_events (
  supplier text NOT NULL,
  id text NOT NULL,
  event_type text NOT NULL,
  -- The event as received (JSON), for processing and for the record.
  body jsonb NOT NULL,
  received_at timestamptz NOT NULL,
  -- pending: to process; processed: acted on; ignored: nothing to do (an unknown type, no booking).
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processed', 'ignored')),
  attempts integer NOT NULL DEFAULT 0,
  -- When the job may take the row (again); null once it is done.
  next_attempt_at timestamptz,
  processed_at timestamptz,
  -- What processing found (the booking, why it was ignored).
  result jsonb,
  last_error text,
  PRIMARY KEY (supplier, id),
  CHECK ((status = 'pending') = (processed_at IS NULL))
);
CREATE INDEX supplier_events_due ON supplier_events (next_attempt_at) WHERE status = 'pending';

-- A change the airline made to a booking's flights, as the supplier read it when told: the flights as
-- they were and as they are now, and what the traveller decided.
CREATE TABLE booking_airline_changes (
  -- The supplier's id of the change (Duffel: aic_...).
  id text PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  supplier text NOT NULL,
  order_id text NOT NULL,
  removed jsonb NOT NULL,
  added jsonb NOT NULL,
  available_actions jsonb NOT NULL,
  detected_at timestamptz NOT NULL,
  -- accepted, or cancelled (the traveller cancelled the booking instead); null while undecided.
  decision text CHECK (decision IN ('accepted', 'cancelled')),
  decided_at timestamptz,
  decided_by text
);
CREATE INDEX booking_airline_changes_booking ON booking_airline_changes (booking_id, detected_at);

-- What cancelling a booking's order would refund, as the supplier quoted it, with the amount in the
-- booking's currency at the booking's own rates. Confirming a cancellation names one of these.
CREATE TABLE booking_cancellation_quotes (
  -- The supplier's id of the quote (Duffel: ore_...).
  id text PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  supplier text NOT NULL,
  order_id text NOT NULL,
  supplier_amount numeric(12, 2) NOT NULL,
  supplier_currency text NOT NULL,
  -- In the booking's currency; null when the booking's rates cannot convert the supplier's currency.
  amount numeric(12, 2),
  currency text NOT NULL,
  refund_to text NOT NULL,
  expires_at timestamptz NOT NULL,
  requested_by text NOT NULL,
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz
);
CREATE INDEX booking_cancellation_quotes_booking ON booking_cancellation_quotes (booking_id, created_at);
