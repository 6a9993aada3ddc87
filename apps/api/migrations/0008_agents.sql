-- Agents (issue 14): a traveller account with a referral code; the bookings made through its link
-- (bookings.referral_code) earn it a commission once paid and ticketed, reversed when refunded.

CREATE TABLE agents (
  id text PRIMARY KEY,
  -- One agent per account: the account the agent signs in with to see /agent.
  user_id text NOT NULL UNIQUE REFERENCES users (id),
  -- The first path segment of the agent's link (/KW2024/...): 4-16 upper-case letters and digits,
  -- at least one digit, as the web app recognises a referral code.
  referral_code text NOT NULL UNIQUE CHECK (referral_code ~ '^[A-Z0-9]{4,16}$' AND referral_code ~ '[0-9]'),
  -- The terms in force now; every change is also a row of agent_commission_terms, which the
  -- statement reads so a booking keeps the terms it was ticketed under.
  commission_basis text NOT NULL CHECK (commission_basis IN ('markup', 'fare')),
  commission_percent numeric(5, 2) NOT NULL CHECK (commission_percent >= 0 AND commission_percent <= 100),
  active boolean NOT NULL DEFAULT true,
  -- The staff member who created the agent.
  created_by text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Append-only history of an agent's terms: the terms of a booking are the last row in force when it
-- was ticketed; a row with active = false means bookings ticketed from then on earn nothing.
CREATE TABLE agent_commission_terms (
  id bigserial PRIMARY KEY,
  agent_id text NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  commission_basis text NOT NULL CHECK (commission_basis IN ('markup', 'fare')),
  commission_percent numeric(5, 2) NOT NULL CHECK (commission_percent >= 0 AND commission_percent <= 100),
  active boolean NOT NULL,
  effective_at timestamptz NOT NULL DEFAULT now(),
  -- The staff member who set these terms.
  set_by text NOT NULL REFERENCES users (id)
);
CREATE INDEX agent_commission_terms_agent ON agent_commission_terms (agent_id, effective_at, id);

-- The statement reads an agent's bookings by their referral code.
CREATE INDEX IF NOT EXISTS bookings_referral_code ON bookings (referral_code) WHERE referral_code IS NOT NULL;
