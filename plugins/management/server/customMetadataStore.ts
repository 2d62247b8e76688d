import type { Db } from '../../../core/server/index.js'
import type { CustomMetadata } from '../schema.js'

/** The users' custom metadata (one JSON object per user; the user is of one app, so it is per app user). */
export const customMetadataStore = {
  async get(db: Db, userId: string): Promise<CustomMetadata | null> {
    const [row] = await db.query<{ custom_metadata: CustomMetadata }>('SELECT custom_metadata FROM management_custom_metadata WHERE user_id = $1', [userId])
    return row?.custom_metadata ?? null
  },
  /** The metadata of each of `userIds` that has some, in one query (a listing's page). */
  async getMany(db: Db, userIds: readonly string[]): Promise<Map<string, CustomMetadata>> {
    const rows = await db.query<{ user_id: string; custom_metadata: CustomMetadata }>('SELECT user_id, custom_metadata FROM management_custom_metadata WHERE user_id = ANY($1)', [userIds])
    return new Map(rows.map((r) => [r.user_id, r.custom_metadata]))
  },
  /** Replaces the user's metadata (Privy's set); an empty object removes it. */
  async set(db: Db, userId: string, metadata: CustomMetadata, at: Date): Promise<void> {
    if (!Object.keys(metadata).length) {
      await db.query('DELETE FROM management_custom_metadata WHERE user_id = $1', [userId])
      return
    }
    await db.query(
      `INSERT INTO management_custom_metadata (user_id, custom_metadata, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET custom_metadata = EXCLUDED.custom_metadata, updated_at = EXCLUDED.updated_at`,
      [userId, JSON.stringify(metadata), at],
    )
  },
}
