-- Due work that is given up on is dead: never taken again, counted on the desk's Today screen for a
-- person to look at (jobs/claim-due.ts). The mail outbox and the gateway's webhooks already mark it
-- (status 'failed'); the other three tables record when.

-- A supplier call the reconciliation job could not settle within its attempts. It stays without an
-- answer, so the booking cannot make a second call of its kind while nobody knows what the supplier did.
ALTER TABLE supplier_calls ADD COLUMN dead_at timestamptz;
CREATE INDEX supplier_calls_dead ON supplier_calls (dead_at) WHERE dead_at IS NOT NULL AND answered_at IS NULL;

-- A supplier event whose processing failed on every attempt (it stays pending).
ALTER TABLE supplier_events ADD COLUMN dead_at timestamptz;
CREATE INDEX supplier_events_dead ON supplier_events (dead_at) WHERE dead_at IS NOT NULL;

-- A checkout still unresolved three days after it opened: given up (settled_at is set with it).
-- Asked about again when its booking closes its checkouts, which clears it.
ALTER TABLE payment_checks ADD COLUMN dead_at timestamptz;
CREATE INDEX payment_checks_dead ON payment_checks (dead_at) WHERE dead_at IS NOT NULL;

-- Counted without reading every message or event ever sent.
CREATE INDEX mail_outbox_dead ON mail_outbox (created_at) WHERE status = 'failed';
CREATE INDEX gateway_webhooks_dead ON gateway_webhooks (created_at) WHERE status = 'failed';
