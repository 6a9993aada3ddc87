-- Page views (issue 5): one row per page seen, counted per day and path by the back-office.
-- Deliberately nothing personal: no IP address, no user id, no user agent, no query string;
-- the path has booking ids and reset tokens replaced by placeholders before it is stored.

CREATE TABLE page_views (
  id bigserial PRIMARY KEY,
  -- The visitor's day in Sudan (Africa/Khartoum), so a day's count matches the agency's day.
  day date NOT NULL,
  path text NOT NULL CHECK (length(path) BETWEEN 1 AND 200),
  language text NOT NULL CHECK (language IN ('ar', 'en')),
  referral_code text,
  -- Origin only (https://www.google.com), or '' for none.
  referrer_origin text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_views_day_path ON page_views (day, path);
