-- Card payments that survive a crash at any moment (docs/decisions/0022-payments-survive-crashes.md).

-- The sandbox gateway's notifications, written in the transaction that completes or declines its
-- session and delivered from here by a job, at least once, with backoff over three days (a real
-- gateway keeps the same on its side). The body is fixed; each attempt signs it afresh.
CREATE TABLE gateway_webhooks (
  id text PRIMARY KEY,
  session_id text NOT NULL REFERENCES gateway_sessions (id),
  event_type text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  -- Attempts made so far, the one in progress included: a result is recorded only by the attempt
  -- that claimed it, so a slow attempt overtaken by a later one changes nothing.
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_attempt_at timestamptz,
  -- HTTP status of the last answer; null when nothing answered.
  last_status integer,
  last_error text,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz
);
CREATE INDEX gateway_webhooks_due ON gateway_webhooks (next_attempt_at) WHERE status = 'pending';
CREATE INDEX gateway_webhooks_session ON gateway_webhooks (session_id);

-- The sandbox gateway's idempotency keys (Stripe's Idempotency-Key): the same key opens the same
-- session, so a checkout interrupted between its steps resumes instead of opening a second one.
CREATE TABLE gateway_idempotency_keys (
  key text PRIMARY KEY,
  session_id text NOT NULL REFERENCES gateway_sessions (id),
  -- What the key was first used for (amount, currency, booking): another request under it is refused.
  request_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Our questions to the payment provider about checkouts it has not told us the end of: asked a few
-- minutes after the checkout opened, then with backoff, until the provider says paid or expired.
CREATE TABLE payment_checks (
  payment_id text PRIMARY KEY REFERENCES payments (id) ON DELETE CASCADE,
  next_check_at timestamptz NOT NULL,
  checks integer NOT NULL DEFAULT 0,
  last_checked_at timestamptz,
  -- What the provider last said: open, paid, expired, or error.
  last_state text,
  last_error text,
  -- Nothing more to ask: the payment is settled (or it was given up on after three days).
  settled_at timestamptz
);
CREATE INDEX payment_checks_due ON payment_checks (next_check_at) WHERE settled_at IS NULL;

-- Checkouts opened before this migration are asked about too.
INSERT INTO payment_checks (payment_id, next_check_at)
SELECT id, now() FROM payments
WHERE status IN ('open', 'expired') AND provider IN ('sandbox', 'stripe') AND provider_session_id IS NOT NULL;
