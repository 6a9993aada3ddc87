-- Social sign-in (Google, Facebook): which provider account belongs to which user, and the
-- one-time tickets that carry a finished sign-in from the callback to the web page (stored hashed).

CREATE TABLE user_identities (
  provider text NOT NULL CHECK (provider IN ('google', 'facebook')),
  -- The provider's stable id of the person (Google "sub", Facebook app-scoped user id), never the e-mail.
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX user_identities_user ON user_identities (user_id);

CREATE TABLE login_tickets (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_tickets_expiry ON login_tickets (expires_at);
