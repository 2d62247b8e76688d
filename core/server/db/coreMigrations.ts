import type { Migration } from './runMigrations.js'

/** Tables of the kernel. Everything a second instance would need lives here, not in memory. */
export const coreMigrations: Migration[] = [
  {
    id: 'core/001_init',
    sql: `
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE users (
  id text PRIMARY KEY,
  app_id text NOT NULL,
  created_at timestamptz NOT NULL,
  has_accepted_terms boolean NOT NULL DEFAULT false,
  is_guest boolean NOT NULL DEFAULT false
);
CREATE TABLE linked_accounts (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  app_id text NOT NULL,
  type text NOT NULL,
  identifier text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  verified_at timestamptz NOT NULL,
  first_verified_at timestamptz,
  latest_verified_at timestamptz,
  UNIQUE (app_id, type, identifier)
);
CREATE INDEX linked_accounts_user ON linked_accounts (user_id);
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  app_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  rotated_at timestamptz,
  successor_hash text
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_start timestamptz NOT NULL
);
CREATE TABLE dev_outbox (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  code text,
  created_at timestamptz NOT NULL
);
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  event_name text NOT NULL,
  client_id text,
  payload jsonb,
  created_at timestamptz NOT NULL
);
`,
  },
  {
    // Device-bound sessions (deviceKeys.ts): the thumbprint of the key bound at login; proofs' single-use ids.
    id: 'core/002_device_keys',
    sql: `
ALTER TABLE sessions ADD COLUMN device_jkt text;
CREATE TABLE device_proof_ids (
  id_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX device_proof_ids_expiry ON device_proof_ids (expires_at);`,
  },
  {
    // An account stored on a client's word before its key proved it (embedded wallets made before custody proofs):
    // it never signs anybody in, and a proven sign-in or link of the same identifier takes its place.
    id: 'core/003_unproven_accounts',
    sql: `ALTER TABLE linked_accounts ADD COLUMN unproven boolean NOT NULL DEFAULT false;`,
  },
  {
    // Signing keys rotate without restarts (signingKeys.ts): a key signs from activates_at on (NULL: from created_at,
    // the keys made before rotation), and stops being published and accepted once retired_at is set.
    id: 'core/004_signing_key_rotation',
    sql: `
ALTER TABLE signing_keys ADD COLUMN activates_at timestamptz;
ALTER TABLE signing_keys ADD COLUMN retired_at timestamptz;`,
  },
  {
    // One instance runs each repeated job per period (jobs.ts): the one whose claim on the job's row succeeds.
    id: 'core/005_job_leases',
    sql: `
CREATE TABLE job_leases (
  name text PRIMARY KEY,
  claimed_at timestamptz NOT NULL,
  claimed_by text NOT NULL
);`,
  },
]
