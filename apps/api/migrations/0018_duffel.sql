-- The Duffel adapter's own state (suppliers/duffel), shared by every API process.

-- Recent search results, so paging and a second look answer without asking Duffel again. Keyed by a
-- hash of the search; `offers` holds the offers as Kwenda maps them, valid until `valid_until`
-- (about 20 minutes, and before the first offer expires).
CREATE TABLE duffel_searches (
  search_key text PRIMARY KEY,
  offer_request_id text NOT NULL,
  offers jsonb NOT NULL,
  timed_out boolean NOT NULL DEFAULT false,
  searched_at timestamptz NOT NULL,
  valid_until timestamptz NOT NULL
);
CREATE INDEX duffel_searches_valid_until_idx ON duffel_searches (valid_until);

-- The total each offer was last shown at, so re-pricing it tells a changed price (previousTotal).
CREATE TABLE duffel_offer_totals (
  offer_id text PRIMARY KEY,
  total_amount numeric NOT NULL,
  total_currency text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX duffel_offer_totals_expires_at_idx ON duffel_offer_totals (expires_at);

-- Every order asked of Duffel (a hold, or an instant order paid at once), written before it is asked:
-- Duffel has no idempotency key, so an order whose answer was lost is looked up (among the orders of
-- its offer, by the client reference kept in the order's metadata) instead of being asked again. Also
-- maps Duffel's passenger ids to Kwenda's, for the tickets.
CREATE TABLE duffel_orders (
  client_reference text PRIMARY KEY,
  offer_id text NOT NULL,
  order_id text UNIQUE,
  passenger_ids jsonb NOT NULL,
  held_total numeric,
  held_currency text,
  requested_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
