import type { Db, Migration } from '../../../core/server/index.js'
import type { DelegationEnvelope } from '../delegationEnvelope.js'

/**
 * The plugin's table: one row per delegated wallet, holding its key sealed to the delegation signer key (never the
 * plaintext). The linked account's `delegated` flag is set in the same transaction that writes or deletes a row.
 */
export const delegatedActionsMigrations: Migration[] = [
  {
    id: 'delegated-actions/001_delegated_wallets',
    sql: `
CREATE TABLE delegated_wallets (
  app_id text NOT NULL,
  address text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  chain_type text NOT NULL CHECK (chain_type = 'solana'),
  key_id text NOT NULL,
  envelope text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (app_id, address)
);
CREATE INDEX delegated_wallets_user ON delegated_wallets (user_id);`,
  },
]

/** A delegated wallet as stored. */
export interface DelegationRow {
  appId: string
  userId: string
  address: string
  keyId: string
  envelope: DelegationEnvelope
}

type Raw = { app_id: string; user_id: string; address: string; key_id: string; envelope: string }
const toRow = (r: Raw): DelegationRow => ({ appId: r.app_id, userId: r.user_id, address: r.address, keyId: r.key_id, envelope: JSON.parse(r.envelope) as DelegationEnvelope })

/** Sets the `delegated` flag of the user's embedded wallet accounts (those that carry it): one address, or all. */
async function setDelegated(db: Db, userId: string, delegated: boolean, identifier?: string) {
  await db.query(
    `UPDATE linked_accounts SET data = jsonb_set(data::jsonb, '{delegated}', to_jsonb($1::boolean))
     WHERE user_id = $2 AND type = 'wallet' AND jsonb_exists(data::jsonb, 'delegated') AND ($3::text IS NULL OR identifier = $3)`,
    [delegated, userId, identifier ?? null],
  )
}

/** The plugin's queries; each takes the Db (or transaction) to run on. */
export const delegationRecords = {
  async find(db: Db, appId: string, address: string): Promise<DelegationRow | null> {
    const [row] = await db.query<Raw>('SELECT app_id, user_id, address, key_id, envelope FROM delegated_wallets WHERE app_id = $1 AND address = $2', [appId, address])
    return row ? toRow(row) : null
  },
  async ofUser(db: Db, userId: string): Promise<string[]> {
    return (await db.query<{ address: string }>('SELECT address FROM delegated_wallets WHERE user_id = $1 ORDER BY address', [userId])).map((r) => r.address)
  },
  /** Stores the sealed key and sets the account's `delegated: true` (call inside a transaction). */
  async insert(db: Db, row: DelegationRow & { at: Date }) {
    await db.query(
      "INSERT INTO delegated_wallets (app_id, address, user_id, chain_type, key_id, envelope, created_at) VALUES ($1, $2, $3, 'solana', $4, $5, $6)",
      [row.appId, row.address, row.userId, row.keyId, JSON.stringify(row.envelope), row.at],
    )
    await setDelegated(db, row.userId, true, row.address)
  },
  /** Deletes every delegation of the user and sets `delegated: false` on all their wallets (inside a transaction); answers how many. */
  async revokeAll(db: Db, userId: string): Promise<number> {
    const deleted = await db.query<{ address: string }>('DELETE FROM delegated_wallets WHERE user_id = $1 RETURNING address', [userId])
    await setDelegated(db, userId, false)
    return deleted.length
  },
}
