-- Every booking remembers which supplier holds it: each later step (re-price, hold, ticket, cancel,
-- seat map, airline change) goes back to that supplier, whatever SUPPLIER is set to now. Bookings
-- made before suppliers had names were all the sandbox's.
ALTER TABLE bookings ADD COLUMN supplier text NOT NULL DEFAULT 'sandbox';
ALTER TABLE bookings ALTER COLUMN supplier DROP DEFAULT;
CREATE INDEX bookings_supplier_order_idx ON bookings (supplier, supplier_order_id) WHERE supplier_order_id IS NOT NULL;

-- The supplier's own id of each passenger of the offer (Duffel: pas_...), which its orders must name.
ALTER TABLE booking_passengers ADD COLUMN supplier_passenger_id text;
