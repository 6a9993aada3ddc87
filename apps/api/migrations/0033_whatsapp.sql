-- WhatsApp as a channel (the Cloud API) and the mobile number as a way to sign in.

-- The WhatsApp outbox: each message queued in the transaction that decided it, sent by the
-- whatsapp job at least once and never twice for one dedupe_key. `biz_opaque_callback_data` of the
-- send is the row's id, so a status webhook names the row even when the process that sent it died
-- before recording the Cloud API's answer.
CREATE TABLE whatsapp_messages (
  id text PRIMARY KEY,
  dedupe_key text UNIQUE,
  to_phone text NOT NULL,
  template text NOT NULL,
  language text NOT NULL,
  params jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- A document header ({filename, contentType, content: base64}), uploaded as media when sent.
  document jsonb,
  booking_id text,
  user_id text,
  -- 'booking' (updates: the opt-out applies), 'auth' (a code the traveller asked for), 'reply' (the opt-out's answer).
  purpose text NOT NULL,
  -- The e-mail held in mail_outbox, released if this message cannot be delivered.
  fallback_mail_id text,
  status text NOT NULL DEFAULT 'pending',
  wamid text UNIQUE,
  error_code integer,
  last_error text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  -- Not sent after this (a sign-in code is useless once expired).
  expires_at timestamptz,
  -- 'cloud-api' or 'dev-outbox'.
  transport text,
  -- A staff member's resend: 'staff:<user id>'.
  requested_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  delivered_at timestamptz,
  read_at timestamptz,
  failed_at timestamptz
);
CREATE INDEX whatsapp_messages_due ON whatsapp_messages (next_attempt_at) WHERE status = 'pending';
CREATE INDEX whatsapp_messages_booking ON whatsapp_messages (booking_id, created_at) WHERE booking_id IS NOT NULL;
CREATE INDEX whatsapp_messages_dead ON whatsapp_messages (created_at) WHERE status = 'failed';

-- Numbers that replied STOP («إيقاف»): no more business messages to them, told so once.
CREATE TABLE whatsapp_opt_outs (
  phone text PRIMARY KEY,
  opted_out_at timestamptz NOT NULL,
  told_at timestamptz
);

-- Inbound messages already handled, by the Cloud API's id: a replayed webhook changes nothing.
-- Only what was understood is kept (stop / other), never the text.
CREATE TABLE whatsapp_inbound (
  wamid text PRIMARY KEY,
  from_phone text NOT NULL,
  intent text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- An e-mail held as a WhatsApp message's fallback: status 'held' until that message fails
-- (then 'pending') or is sent ('skipped').
ALTER TABLE mail_outbox ADD COLUMN held_for text;
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check CHECK (status IN ('pending', 'held', 'sent', 'failed', 'skipped'));
CREATE INDEX mail_outbox_held ON mail_outbox (held_for) WHERE held_for IS NOT NULL;

-- The booking's WhatsApp number and whether the traveller wants updates there.
ALTER TABLE bookings ADD COLUMN whatsapp text;
ALTER TABLE bookings ADD COLUMN whatsapp_updates boolean NOT NULL DEFAULT false;
CREATE INDEX bookings_guest_whatsapp ON bookings (whatsapp) WHERE user_id IS NULL AND whatsapp IS NOT NULL;
CREATE INDEX bookings_guest_mobile ON bookings (mobile) WHERE user_id IS NULL AND mobile IS NOT NULL;
CREATE INDEX bookings_guest_email ON bookings (lower(email)) WHERE user_id IS NULL AND email IS NOT NULL;

-- An account may sign in with a verified mobile number, an e-mail, or both.
ALTER TABLE users ALTER COLUMN email DROP NOT NULL;
ALTER TABLE users ADD COLUMN phone text UNIQUE;
ALTER TABLE users ADD COLUMN phone_verified_at timestamptz;

-- Codes sent to prove a number or an address: sign-in by mobile number (by WhatsApp), and a
-- signed-in traveller adding a number or an e-mail. Only an HMAC of the code is kept.
CREATE TABLE contact_codes (
  id text PRIMARY KEY,
  -- 'sign-in' (a number, with or without an account), 'add-phone', 'add-email'.
  purpose text NOT NULL,
  channel text NOT NULL,
  target text NOT NULL,
  user_id text,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  resend_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_codes_target ON contact_codes (target, created_at);
CREATE INDEX contact_codes_expires ON contact_codes (expires_at);
