-- The receipt's content as read (its words and numbers, reading/content-fingerprint.ts): a re-saved,
-- resized, cropped or edited copy of another booking's receipt reads as the same content, where a
-- picture's pixel hash cannot tell such a copy from another transfer of the same app's layout.
ALTER TABLE payment_receipts ADD COLUMN content_fingerprint text;
CREATE INDEX payment_receipts_content_fingerprinted ON payment_receipts (uploaded_at) WHERE content_fingerprint IS NOT NULL;
