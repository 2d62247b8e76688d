import type { Migration } from '../../../core/server/index.js'

/**
 * The console's operators (users of the admin app, ADMIN_APP_ID) with their role, the admin sessions they verified with
 * TOTP, an index for the overview's figures (events of one app in a time window, by type), and app secrets' labels.
 */
export const adminMigrations: Migration[] = [
  {
    id: 'admin-console/001_operators',
    sql: `
CREATE TABLE admin_operators (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'viewer')),
  created_at timestamptz NOT NULL,
  created_by text NOT NULL
);
CREATE TABLE admin_sessions (
  session_id text PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  verified_at timestamptz NOT NULL
);
CREATE INDEX audit_log_app_event_at ON audit_log (app_id, event, at);`,
  },
  {
    // The label an operator gives an app secret in the console (core's app_secrets keeps none).
    id: 'admin-console/002_secret_labels',
    sql: `
CREATE TABLE admin_secret_labels (
  secret_id text PRIMARY KEY REFERENCES app_secrets(id) ON DELETE CASCADE,
  label text NOT NULL
);`,
  },
]
