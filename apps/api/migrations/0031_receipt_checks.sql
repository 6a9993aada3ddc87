-- Transfer receipts read by the server in the background (the receipt-reading job): the transaction
-- number the traveller typed, what the reader found, and each check's verdict for the traveller and the desk.
ALTER TABLE payment_receipts ADD COLUMN typed_transaction_number text;
-- reading: waiting for the job; read: read, with its checks; unreadable: nothing could be read (or the
-- reader failed on every attempt): the checks that need no reading still ran.
ALTER TABLE payment_receipts ADD COLUMN reading_state text NOT NULL DEFAULT 'reading'
  CHECK (reading_state IN ('reading', 'read', 'unreadable'));
-- { source, values, boxes, size, unread, amountDue, currencyDue }: what was read and what the amount was compared with.
ALTER TABLE payment_receipts ADD COLUMN reading jsonb;
-- The transaction number read on the receipt (normalized), kept apart to be searched.
ALTER TABLE payment_receipts ADD COLUMN read_transaction_number text;
-- [{ check, verdict, otherReceiptId? }] in the contract's order; the number's reuse is decided at the upload.
ALTER TABLE payment_receipts ADD COLUMN checks jsonb NOT NULL DEFAULT '[]';
ALTER TABLE payment_receipts ADD COLUMN all_passed boolean NOT NULL DEFAULT false;
ALTER TABLE payment_receipts ADD COLUMN possible_fraud boolean NOT NULL DEFAULT false;
ALTER TABLE payment_receipts ADD COLUMN image_fingerprint text;
ALTER TABLE payment_receipts ADD COLUMN read_at timestamptz;
-- The job's due work (jobs/claim-due.ts): attempts so far, when it may be taken (again), the last failure.
ALTER TABLE payment_receipts ADD COLUMN reading_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE payment_receipts ADD COLUMN reading_next_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE payment_receipts ADD COLUMN reading_error text;

-- Receipts sent before: those still waiting for a decision are read (the desk gets their checks within
-- minutes); decided ones are not (a person already decided them; reading every past receipt would
-- keep the server's two cores busy for hours for nothing anyone looks at again).
UPDATE payment_receipts SET reading_state = 'unreadable', read_at = reviewed_at WHERE status <> 'submitted';

CREATE INDEX payment_receipts_reading_due ON payment_receipts (reading_next_at) WHERE reading_state = 'reading';
CREATE INDEX payment_receipts_typed_number ON payment_receipts (typed_transaction_number)
  WHERE typed_transaction_number IS NOT NULL;
CREATE INDEX payment_receipts_read_number ON payment_receipts (read_transaction_number)
  WHERE read_transaction_number IS NOT NULL;
CREATE INDEX payment_receipts_fingerprinted ON payment_receipts (uploaded_at) WHERE image_fingerprint IS NOT NULL;

-- A transaction number pays one booking: the first receipt to claim it (typed at the upload, or read by
-- the job) holds it; another booking's receipt with it fails its numberReused check naming that one.
-- The primary key makes the claim atomic: of two uploads at once, one inserts and the other finds it.
CREATE TABLE receipt_transaction_numbers (
  transaction_number text PRIMARY KEY,
  receipt_id text NOT NULL REFERENCES payment_receipts (id) ON DELETE CASCADE,
  booking_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
