-- The agency-seats supplier's own order book: the agency's seats are sold through the same supplier
-- seam as Duffel's, so an order of them is kept here as an airline keeps its own (held, paid, then
-- ticketed by staff in the airline's system, or cancelled). The seats an order holds are counted on
-- its dated flights (allotment_seat_holds), which now belong to the order rather than to a booking:
-- a booking finds its order through bookings.supplier_order_id, as for every supplier.
CREATE TABLE allotment_orders (
  id text PRIMARY KEY,
  -- The client reference the hold was asked with (the supplier call's id): asking again answers this order.
  client_reference text NOT NULL UNIQUE,
  -- held: seats held until payment_required_by; paid: seats sold, the agency issues the tickets;
  -- ticketed: PNR and ticket numbers entered; cancelled: seats given back.
  state text NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'paid', 'ticketed', 'cancelled')),
  offer_reference text NOT NULL,
  total numeric(14, 2) NOT NULL CHECK (total > 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'SDG')),
  -- The order's passengers as the booking sent them: id and type (tickets are per passenger id).
  passengers jsonb NOT NULL,
  payment_required_by timestamptz NOT NULL,
  pnr text CHECK (pnr ~ '^[A-Z0-9]{6}$'),
  -- [{ passengerId, ticketNumber }] once ticketed.
  tickets jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Holds were keyed by booking before any was made; none exists yet, so the key changes in place.
DELETE FROM allotment_seat_holds;
ALTER TABLE allotment_seat_holds DROP COLUMN booking_id;
ALTER TABLE allotment_seat_holds ADD COLUMN order_id text NOT NULL REFERENCES allotment_orders (id) ON DELETE CASCADE;
ALTER TABLE allotment_seat_holds ADD CONSTRAINT allotment_seat_holds_order_dated_flight UNIQUE (order_id, dated_flight_id);

-- Infants sit on a lap and take no seat, up to the airline's limit of infants on each flight.
ALTER TABLE allotment_dated_flights ADD COLUMN infant_limit smallint NOT NULL DEFAULT 10 CHECK (infant_limit >= 0);
ALTER TABLE allotment_dated_flights ADD COLUMN infants_taken integer NOT NULL DEFAULT 0;
ALTER TABLE allotment_dated_flights ADD CONSTRAINT allotment_dated_flights_infants CHECK (
  infants_taken >= 0 AND infants_taken <= infant_limit
);
