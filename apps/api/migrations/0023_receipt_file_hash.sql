-- A receipt's file is looked up by its SHA-256 (kept for every receipt since 0002_bookings.sql): an
-- upload whose file was already sent for another booking is flagged to the desk.
CREATE INDEX payment_receipts_sha256 ON payment_receipts (sha256);
