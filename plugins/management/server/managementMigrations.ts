import type { Migration } from '../../../core/server/index.js'

/**
 * What the management API needs: the keyset index of user listings (per app, by creation then id), the index of the
 * custom-JWT subject search, and the users' custom metadata (gone with the user).
 */
export const managementMigrations: Migration[] = [
  {
    id: 'management/001_listing_search_metadata',
    sql: `
CREATE INDEX users_app_created ON users (app_id, created_at, id);
CREATE INDEX linked_accounts_custom_auth_subject ON linked_accounts (app_id, (data->>'customUserId')) WHERE type = 'custom_auth';
CREATE TABLE management_custom_metadata (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  custom_metadata jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);`,
  },
]
