-- Sign-ups waiting for their e-mailed code (issue 26). Each sign-up keeps its own name, password hash
-- and code, so confirming a code activates exactly the password chosen with it; a second sign-up for
-- the same e-mail is a second row and changes nothing else. The account row is written only when a
-- code is confirmed. The per-account codes go: a sign-up that was waiting for one signs up again.
CREATE TABLE pending_registrations (
  id text PRIMARY KEY,
  email text NOT NULL CHECK (email = lower(email)),
  full_name text NOT NULL,
  password_hash text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  -- The code is derived from the secret, the sign-up and this instant (it can be e-mailed again).
  code_issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_registrations_email ON pending_registrations (email, created_at);
CREATE INDEX pending_registrations_expires ON pending_registrations (expires_at);

DROP TABLE email_codes;
