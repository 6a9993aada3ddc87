-- A paid booking whose tickets the airline would not issue is ticketed by hand by the agency: the
-- traveller is promised a time (set once, at the first refused ticketing) and told it on the page
-- and by e-mail.
ALTER TABLE bookings ADD COLUMN manual_ticketing_by timestamptz;
