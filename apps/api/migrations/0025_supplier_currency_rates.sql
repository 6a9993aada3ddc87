-- Rates for the currencies airlines flying to Sudan sell in that the agency had no rate for: their
-- offers were left out of every search (Qatar Airways' fares in pounds sterling among them). Units per
-- US dollar, reference rates as of 2026-11-28 (mid-market; the three pegged to the dollar at their peg:
-- OMR 0.3845, BHD 0.376, JOD 0.709). The owner replaces them from the desk's rates page like any rate.
INSERT INTO exchange_rate_changes (id, currency, units_per_usd, effective_at, set_at) VALUES
  ('rate_start_gbp', 'GBP', 0.79, '2026-11-28T00:00:00Z', '2026-11-28T00:00:00Z'),
  ('rate_start_kes', 'KES', 129.2, '2026-11-28T00:00:00Z', '2026-11-28T00:00:00Z'),
  ('rate_start_etb', 'ETB', 132.5, '2026-11-28T00:00:00Z', '2026-11-28T00:00:00Z'),
  ('rate_start_ugx', 'UGX', 3650, '2026-11-28T00:00:00Z', '2026-11-28T00:00:00Z'),
  ('rate_start_omr', 'OMR', 0.3845, '2026-11-28T00:00:00Z', '2026-11-28T00:00:00Z'),
  ('rate_start_kwd', 'KWD', 0.307, '2026-11-28T00:00:00Z', '2026-11-28T00:00:00Z'),
  ('rate_start_bhd', 'BHD', 0.376, '2026-11-28T00:00:00Z', '2026-11-28T00:00:00Z'),
  ('rate_start_jod', 'JOD', 0.709, '2026-11-28T00:00:00Z', '2026-11-28T00:00:00Z')
ON CONFLICT (id) DO NOTHING;

-- Offers left out of searches because their currency had no rate, per currency: how many, since when,
-- last when. Written in batches (once a second per process), read by the desk's Today screen.
CREATE TABLE unpriced_offer_currencies (
  currency text PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
  offers bigint NOT NULL DEFAULT 0 CHECK (offers >= 0),
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
