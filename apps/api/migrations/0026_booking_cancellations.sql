-- What a cancellation leaves owed to the traveller (issue 26): what the booking had received, what
-- the airline refunds of it in the booking's currency (null when the airline refunds it whole: a
-- hold or an unticketed order, or when its figure could not be converted), the airline's fee, the
-- agency's own fee (no owner rule yet: 0), and what is owed. The refunds list shows a canceled
-- booking until what was recorded reaches `owed`; money that arrives later is owed whole.
CREATE TABLE booking_cancellations (
  booking_id text PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  currency text NOT NULL,
  paid numeric(14, 2) NOT NULL CHECK (paid >= 0),
  airline_refund numeric(14, 2),
  airline_fee numeric(14, 2) NOT NULL CHECK (airline_fee >= 0),
  agency_fee numeric(14, 2) NOT NULL DEFAULT 0 CHECK (agency_fee >= 0),
  owed numeric(14, 2) NOT NULL CHECK (owed >= 0 AND owed <= paid),
  -- The airline's own figure, as it quoted it (null without a quote).
  supplier_refund_amount numeric(12, 2),
  supplier_refund_currency text,
  refund_to text,
  quote_id text,
  trigger text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Bookings already canceled at an airline's quote: owed what the airline refunds (at most what was
-- received); the others keep owing all they received, as before.
INSERT INTO booking_cancellations (
  booking_id, currency, paid, airline_refund, airline_fee, agency_fee, owed,
  supplier_refund_amount, supplier_refund_currency, refund_to, quote_id, trigger, created_at
)
SELECT b.id, b.currency, coalesce(p.paid, 0), q.amount,
       coalesce(p.paid, 0) - least(coalesce(p.paid, 0), q.amount), 0, least(coalesce(p.paid, 0), q.amount),
       q.supplier_amount, q.supplier_currency, q.refund_to, q.id, b.status_trigger, q.confirmed_at
FROM bookings b
JOIN LATERAL (
  SELECT * FROM booking_cancellation_quotes c
  WHERE c.booking_id = b.id AND c.confirmed_at IS NOT NULL
  ORDER BY c.confirmed_at DESC
  LIMIT 1
) q ON true
LEFT JOIN (
  SELECT booking_id, sum(amount) AS paid FROM payments
  WHERE status IN ('succeeded', 'refund-required', 'refunded')
  GROUP BY booking_id
) p ON p.booking_id = b.id
WHERE b.status IN ('canceled', 'refunded') AND q.amount IS NOT NULL;
