CREATE TABLE exchange_rates (
  currency text PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
  units_per_usd numeric(18, 6) NOT NULL CHECK (units_per_usd > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Starting rates (units per US dollar). The agency updates them; SDG follows the
-- rate Sudanese banks quote, not the old official peg.
INSERT INTO exchange_rates (currency, units_per_usd) VALUES
  ('USD', 1),
  ('SDG', 2600),
  ('EUR', 0.86),
  ('SAR', 3.75),
  ('AED', 3.6725),
  ('EGP', 47.5),
  ('QAR', 3.64),
  ('TRY', 42.5);
