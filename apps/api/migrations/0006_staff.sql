-- The agency's staff: who may use the workspace under /admin, with which role, their second factor
-- (TOTP), the links that let them set up an account, and an audit row for every staff action.

-- A staff session is separate from a traveller's: it is shorter (8 hours) and only counts once the
-- second factor was given in it (second_factor_at).
ALTER TABLE sessions ADD COLUMN kind text NOT NULL DEFAULT 'traveller' CHECK (kind IN ('traveller', 'staff'));
ALTER TABLE sessions ADD COLUMN second_factor_at timestamptz;
CREATE INDEX sessions_user_kind ON sessions (user_id, kind) WHERE revoked_at IS NULL;

CREATE TABLE staff_members (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('viewer', 'agent-desk', 'owner')),
  -- The language of the e-mails the workspace sends this staff member.
  language text NOT NULL DEFAULT 'ar' CHECK (language IN ('ar', 'en')),
  -- When the set-up or invitation link was used (name and password chosen); null: invited only.
  setup_at timestamptz,
  -- The authenticator's secret, encrypted with a key derived from the server's secret (AES-256-GCM),
  -- never in clear; the pending one is being set up and not in force until a code confirms it.
  totp_secret text,
  totp_pending_secret text,
  totp_enabled_at timestamptz,
  -- The last 30-second step whose code was accepted: a code is never accepted twice.
  totp_last_step bigint,
  disabled_at timestamptz,
  disabled_by text REFERENCES users (id) ON DELETE SET NULL,
  -- null when the command line created this staff member (the first owner).
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_members_active_role ON staff_members (role) WHERE disabled_at IS NULL;

-- Ten single-use codes for a lost phone; stored as a keyed hash, shown once.
CREATE TABLE staff_recovery_codes (
  id bigserial PRIMARY KEY,
  staff_user_id text NOT NULL REFERENCES staff_members (user_id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_recovery_codes_staff ON staff_recovery_codes (staff_user_id);

-- A set-up link (the first owner's, printed by the command line) or an invitation (e-mailed by an
-- owner): single use, valid 24 hours; only the SHA-256 of the token is stored.
CREATE TABLE staff_invitations (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  role text NOT NULL CHECK (role IN ('viewer', 'agent-desk', 'owner')),
  language text NOT NULL DEFAULT 'ar' CHECK (language IN ('ar', 'en')),
  invited_by text REFERENCES users (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_invitations_user ON staff_invitations (user_id, created_at DESC);

-- Every staff action that is not already a booking transition (booking_events records those with
-- actor 'staff:<user id>'): invitations, role changes, viewing a document number, rate changes,
-- failed sign-ins of a staff account...
CREATE TABLE staff_actions (
  id bigserial PRIMARY KEY,
  staff_user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  action text NOT NULL,
  target_type text,
  target_id text,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_actions_staff ON staff_actions (staff_user_id, created_at DESC);
CREATE INDEX staff_actions_target ON staff_actions (target_type, target_id, created_at DESC);
CREATE INDEX staff_actions_created ON staff_actions (created_at DESC);
CREATE INDEX booking_events_actor ON booking_events (actor, created_at DESC);
