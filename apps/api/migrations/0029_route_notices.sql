-- Notices staff write for travellers of a route, an airport or an airline over a period, in Arabic
-- and English (Sudanese carriers cannot land in the UAE; a transit rule; an airport closed).
-- Travellers see the notices that match their flights on the offers page and before paying.
CREATE TABLE route_notices (
  id text PRIMARY KEY,
  -- route: origin and destination (either way round); airport: flights from or to it; airline: its flights.
  scope text NOT NULL CHECK (scope IN ('route', 'airport', 'airline')),
  origin text,
  destination text,
  airport text,
  airline text,
  -- Both included, days at the agency (Khartoum): the notice shows for flights leaving in the period.
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  text_ar text NOT NULL CHECK (length(text_ar) BETWEEN 1 AND 600),
  text_en text NOT NULL CHECK (length(text_en) BETWEEN 1 AND 600),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Withdrawn by staff: kept for the audit, never shown again.
  withdrawn_at timestamptz,
  CHECK (ends_on >= starts_on),
  CHECK (
    (scope = 'route' AND origin IS NOT NULL AND destination IS NOT NULL AND airport IS NULL AND airline IS NULL)
    OR (scope = 'airport' AND airport IS NOT NULL AND origin IS NULL AND destination IS NULL AND airline IS NULL)
    OR (scope = 'airline' AND airline IS NOT NULL AND origin IS NULL AND destination IS NULL AND airport IS NULL)
  )
);
CREATE INDEX route_notices_live ON route_notices (ends_on) WHERE withdrawn_at IS NULL;
