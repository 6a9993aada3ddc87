-- The desk's actions on a booking: transfers approved or refused with a reason, holds extended up
-- to the airline's own deadline, refunds recorded (issue 14).

-- The airline's own deadline for a held order (Duffel: payment_required_by), kept when seats are
-- held: staff may extend Kwenda's shorter hold once, never past it. Null for holds made before.
ALTER TABLE bookings ADD COLUMN supplier_hold_deadline timestamptz;

-- Why staff refused a transfer receipt (a reason the traveller reads in their language, and the
-- staff member's own words, if any).
ALTER TABLE payment_receipts ADD COLUMN decision_reason text
  CHECK (decision_reason IN ('not-received', 'amount-mismatch', 'unreadable', 'wrong-receipt', 'other'));
ALTER TABLE payment_receipts ADD COLUMN decision_note text;
-- The transfers queue: receipts waiting, oldest first.
CREATE INDEX payment_receipts_waiting ON payment_receipts (uploaded_at) WHERE status = 'submitted';

-- Money the agency sent back, in the booking's currency. Never updated or deleted: a booking's
-- refundable amount is what it received (payments succeeded, refund-required or refunded) less the
-- sum of these rows. A refund may name the payment it returns (a refund-required payment).
CREATE TABLE booking_refunds (
  id text PRIMARY KEY,
  booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  payment_id text REFERENCES payments (id),
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  method text NOT NULL CHECK (method IN ('bank-transfer', 'card', 'cash', 'other')),
  reference text NOT NULL,
  note text,
  -- 'staff:<user id>', as the booking's audit trail names the staff member.
  recorded_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX booking_refunds_booking ON booking_refunds (booking_id, created_at);
CREATE INDEX booking_refunds_recent ON booking_refunds (created_at DESC);

-- The refunds screen: money that arrived for a booking that could not take it.
CREATE INDEX payments_refund_required ON payments (created_at) WHERE status = 'refund-required';
-- The ticketing desk: paid bookings not yet ticketed.
CREATE INDEX bookings_unticketed ON bookings (updated_at) WHERE status = 'payment-confirmed';
