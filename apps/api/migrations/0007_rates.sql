-- Every exchange rate the agency set, never updated in place: the rate of a currency at a time is
-- the latest row (by effective_at, then set_at) that had taken effect by then and was not canceled.
-- A rate may be set to take effect later; until then it can be canceled.
CREATE TABLE exchange_rate_changes (
  id text PRIMARY KEY,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  units_per_usd numeric(18, 6) NOT NULL CHECK (units_per_usd > 0),
  effective_at timestamptz NOT NULL,
  -- The staff member who set it; null for the starting rates.
  set_by text REFERENCES users (id) ON DELETE SET NULL,
  set_at timestamptz NOT NULL DEFAULT now(),
  canceled_at timestamptz,
  canceled_by text REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX exchange_rate_changes_currency_idx ON exchange_rate_changes (currency, effective_at DESC, set_at DESC);

-- The starting rates become the first entry of each currency's history.
INSERT INTO exchange_rate_changes (id, currency, units_per_usd, effective_at, set_at)
SELECT 'rate_start_' || lower(currency), currency, units_per_usd, updated_at, updated_at FROM exchange_rates;

-- The table of one rate per currency is now the view of the rates in effect.
DROP TABLE exchange_rates;
CREATE VIEW exchange_rates AS
SELECT DISTINCT ON (currency) currency, units_per_usd, effective_at AS updated_at, id AS rate_id
FROM exchange_rate_changes
WHERE effective_at <= now() AND canceled_at IS NULL
ORDER BY currency, effective_at DESC, set_at DESC;

-- Markup on every offer shown: percent of each passenger's fare and/or fixed US dollars per passenger,
-- for any trip or only an airline, origin, destination, cabin. The most specific active rule applies.
CREATE TABLE markup_rules (
  id text PRIMARY KEY,
  percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (percent >= 0 AND percent <= 100),
  fixed_usd numeric(10, 2) NOT NULL DEFAULT 0 CHECK (fixed_usd >= 0),
  airline text CHECK (airline ~ '^[A-Z0-9]{2}$'),
  origin text CHECK (origin ~ '^[A-Z]{3}$'),
  destination text CHECK (destination ~ '^[A-Z]{3}$'),
  cabin text,
  active boolean NOT NULL DEFAULT true,
  note text,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Two active rules for the same trips would leave which one applies to chance.
CREATE UNIQUE INDEX markup_rules_active_criteria_idx
  ON markup_rules (coalesce(airline, ''), coalesce(origin, ''), coalesce(destination, ''), coalesce(cabin, ''))
  WHERE active;

-- The rate and markup a booking was priced with (BookingPricing); null for bookings made before.
ALTER TABLE bookings ADD COLUMN pricing jsonb;
