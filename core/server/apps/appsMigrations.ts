import type { Migration } from '../db/runMigrations.js'

/**
 * Apps in the database (AppStore.ts): one row per app, its entry as a config file declares it (secret fields sealed),
 * and one global revision every change bumps in its transaction, so each instance's poll sees deletions too.
 */
export const appsMigrations: Migration[] = [
  {
    id: 'core/apps_001',
    sql: `
CREATE TABLE apps (
  id text PRIMARY KEY,
  name text NOT NULL,
  entry jsonb NOT NULL,
  source text NOT NULL CHECK (source IN ('config', 'console')),
  seed_hash text,
  revision integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE TABLE apps_revision (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  revision integer NOT NULL
);
INSERT INTO apps_revision (id, revision) VALUES (true, 0);`,
  },
]
