-- Offers searches (issue 14): how many times each route was searched on each day, so the back-office
-- sees which routes travellers look for and do not book. A counter per day and route and nothing else,
-- as for page views: no visitor, no time of day, no travel dates, no passengers.

CREATE TABLE route_searches (
  -- The searcher's day in Sudan (Africa/Khartoum), as page_views.day.
  day date NOT NULL,
  -- The first flight of the search (a round trip counts its outbound, a multi-city trip its first leg).
  origin text NOT NULL CHECK (origin ~ '^[A-Z]{3}$'),
  destination text NOT NULL CHECK (destination ~ '^[A-Z]{3}$'),
  searches integer NOT NULL DEFAULT 1 CHECK (searches > 0),
  PRIMARY KEY (day, origin, destination)
);
