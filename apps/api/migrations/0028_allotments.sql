-- The agency's own seats (issue 28): seats an airline allocated to the agency on its flights, at
-- net fares, which the agency sells beside its supplier's offers and tickets in the airline's own
-- system. Seats are counted here, in the database: a hold takes its seats in the transaction that
-- records it and can never take more than are left.

-- One flight over a period, as the airline publishes it (one line of its sheet): the same flight on
-- the given days of the week from from_date to to_date, each date with `seats` seats at the same net
-- fares. Times are local at each airport; an arrival earlier than the departure is the next day
-- (arrival_day_offset 1). Fares and penalties are in `currency`. created_by and updated_by are
-- staff user ids.
CREATE TABLE allotment_flights (
  id text PRIMARY KEY,
  airline text NOT NULL CHECK (airline ~ '^[A-Z0-9]{2}$'),
  flight_number text NOT NULL CHECK (flight_number ~ '^[0-9]{1,4}[A-Z]?$'),
  origin text NOT NULL CHECK (origin ~ '^[A-Z]{3}$'),
  destination text NOT NULL CHECK (destination ~ '^[A-Z]{3}$'),
  departure_time text NOT NULL CHECK (departure_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  arrival_time text NOT NULL CHECK (arrival_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  arrival_day_offset smallint NOT NULL DEFAULT 0 CHECK (arrival_day_offset IN (0, 1)),
  -- Days of the week the flight operates, Monday = 1 ... Sunday = 7.
  days smallint[] NOT NULL CHECK (cardinality(days) BETWEEN 1 AND 7 AND days <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[]),
  from_date date NOT NULL,
  to_date date NOT NULL,
  cabin text NOT NULL CHECK (cabin IN ('economy', 'premium-economy', 'business', 'first')),
  -- Seats the airline allocated for each date.
  seats integer NOT NULL CHECK (seats >= 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'SDG')),
  adult_fare numeric(14, 2) NOT NULL CHECK (adult_fare > 0),
  child_fare numeric(14, 2) NOT NULL CHECK (child_fare > 0),
  infant_fare numeric(14, 2) NOT NULL CHECK (infant_fare > 0),
  hold_pieces smallint NOT NULL CHECK (hold_pieces >= 0),
  hold_kg smallint NOT NULL CHECK (hold_kg >= 0),
  cabin_kg smallint NOT NULL CHECK (cabin_kg >= 0),
  refundable boolean NOT NULL,
  refund_penalty numeric(14, 2) CHECK (refund_penalty >= 0),
  changeable boolean NOT NULL,
  change_penalty numeric(14, 2) CHECK (change_penalty >= 0),
  -- Days before departure at which unsold seats go back to the airline (sales stop then).
  release_days smallint NOT NULL CHECK (release_days >= 0),
  on_sale boolean NOT NULL DEFAULT true,
  created_by text NOT NULL,
  updated_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (origin <> destination),
  CHECK (to_date >= from_date)
);
-- A search asks for a route: its flights, then their dates.
CREATE INDEX allotment_flights_route ON allotment_flights (origin, destination);
CREATE INDEX allotment_flights_flight ON allotment_flights (airline, flight_number, from_date);

-- One date of a flight, which staff can change on its own: times, seats, fares (null: the flight's),
-- on sale, cancelled. Seats allocated are never fewer than those held and sold.
CREATE TABLE allotment_dated_flights (
  id text PRIMARY KEY,
  flight_id text NOT NULL REFERENCES allotment_flights (id) ON DELETE RESTRICT,
  -- Local date at the origin.
  departure_date date NOT NULL,
  departure_time text NOT NULL CHECK (departure_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  arrival_time text NOT NULL CHECK (arrival_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  arrival_day_offset smallint NOT NULL DEFAULT 0 CHECK (arrival_day_offset IN (0, 1)),
  seats_allocated integer NOT NULL,
  seats_held integer NOT NULL DEFAULT 0,
  seats_sold integer NOT NULL DEFAULT 0,
  adult_fare numeric(14, 2) CHECK (adult_fare > 0),
  child_fare numeric(14, 2) CHECK (child_fare > 0),
  infant_fare numeric(14, 2) CHECK (infant_fare > 0),
  on_sale boolean NOT NULL DEFAULT true,
  cancelled_at timestamptz,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (flight_id, departure_date),
  CONSTRAINT allotment_dated_flights_seats CHECK (
    seats_held >= 0 AND seats_sold >= 0 AND seats_held + seats_sold <= seats_allocated
  )
);
-- Dates of any flight in a period (the fare calendar, the seats screen); a route's dates are found
-- through its flights and the (flight_id, departure_date) key.
CREATE INDEX allotment_dated_flights_date ON allotment_dated_flights (departure_date) WHERE cancelled_at IS NULL;

-- The seats a booking holds on a dated flight: taken while held, counted as sold once paid, given
-- back when released (an expired hold, a failed payment, a cancellation). Infants sit on a lap and
-- take no seat.
CREATE TABLE allotment_seat_holds (
  id bigserial PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  dated_flight_id text NOT NULL REFERENCES allotment_dated_flights (id) ON DELETE RESTRICT,
  seats integer NOT NULL CHECK (seats > 0),
  infants integer NOT NULL DEFAULT 0 CHECK (infants >= 0),
  state text NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'sold', 'released')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When it was sold or released.
  settled_at timestamptz,
  UNIQUE (booking_id, dated_flight_id)
);
-- The passengers of a dated flight (the manifest).
CREATE INDEX allotment_seat_holds_dated_flight ON allotment_seat_holds (dated_flight_id) WHERE state <> 'released';
