import type { Migration } from '../db/runMigrations.js'

/**
 * The audit log (createEvents.ts): one row per event, written in the transaction of the change it records, kept
 * FOYER_AUDIT_RETENTION_DAYS days (auditRetentionJob.ts). `data` never holds a secret, token, code or key.
 */
export const auditMigrations: Migration[] = [
  {
    id: 'core/events_001_audit_log',
    sql: `
CREATE TABLE audit_log (
  id text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text,
  event text NOT NULL,
  actor text NOT NULL,
  ip text,
  request_id text,
  at timestamptz NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_app_at ON audit_log (app_id, at);
CREATE INDEX audit_log_user_at ON audit_log (user_id, at);
CREATE INDEX audit_log_at ON audit_log (at);`,
  },
]
