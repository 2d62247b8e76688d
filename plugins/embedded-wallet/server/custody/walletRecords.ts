import { nonceTableSql, type Db, type Migration } from '../../../../core/server/index.js'
import { EMBEDDED_CONNECTOR_TYPE, EMBEDDED_IMPORTED_CONNECTOR_TYPE, EMBEDDED_WALLET_CLIENT_TYPE, type RecoveryMethod, type WalletChainType } from '../../walletConstants.js'
import type { SealedShare, ShareKind } from './shareStore.js'

/** The table of custody nonces. */
export const CUSTODY_NONCES_TABLE = 'embedded_wallet_custody_nonces'

/** The plugin's tables: a root per secret, its two encrypted server-held shares. Wallets are linked accounts. */
export const embeddedWalletMigrations: Migration[] = [
  {
    id: 'embedded-wallet/001_roots_and_shares',
    sql: `
CREATE TABLE embedded_wallet_roots (
  id text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  chain_type text NOT NULL CHECK (chain_type IN ('ethereum', 'solana')),
  imported boolean NOT NULL DEFAULT false,
  recovery_method text NOT NULL CHECK (recovery_method IN ('privy', 'user-passcode', 'google-drive', 'icloud')),
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX embedded_wallet_roots_user_chain ON embedded_wallet_roots (user_id, chain_type);
CREATE TABLE embedded_wallet_shares (
  root_id text NOT NULL REFERENCES embedded_wallet_roots(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('auth', 'recovery')),
  ciphertext text NOT NULL,
  iv text NOT NULL,
  key_id text NOT NULL,
  wrapped_key text,
  wrapped_key_iv text,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (root_id, kind)
);`,
  },
  {
    // A recovery share under a user-owned key (a password's argon2id key) is stored as the frame encrypted it:
    // key_id names the method, no wrapped key, and the KDF parameters beside the ciphertext.
    id: 'embedded-wallet/002_user_owned_recovery',
    sql: `ALTER TABLE embedded_wallet_shares ADD COLUMN kdf text;`,
  },
  {
    // The single-use nonces a wallet signs into each custody write (custodyStatement.ts), bound to the user.
    id: 'embedded-wallet/003_custody_nonces',
    sql: nonceTableSql(CUSTODY_NONCES_TABLE),
  },
  // embedded-wallet/004_password_guards: recovery-password's (its server half lists it).
  {
    // Wallets stored before custody proofs: the server never saw their keys sign. They keep working, sign nobody in
    // (core's `unproven`), and are proven by the frame at their next unlock (POST prove).
    id: 'embedded-wallet/005_unproven_wallets',
    sql: `UPDATE linked_accounts SET unproven = true WHERE type = 'wallet' AND data->>'rootId' IS NOT NULL;`,
  },
]

/** A recovery share as the frame encrypted it under a user-owned key, with how that key is derived. */
export interface UserRecoveryRow {
  ciphertext: string
  iv: string
  method: RecoveryMethod
  kdf: unknown
}

/** A root of a user. */
export interface RootRow {
  id: string
  chain_type: WalletChainType
  imported: boolean
  recovery_method: RecoveryMethod
}

/** One embedded wallet: its linked account joined with its root. */
export interface WalletRow {
  identifier: string
  address: string
  walletIndex: number
  /** Stored before custody proofs, not proven since (core's linked_accounts.unproven). */
  unproven: boolean
  root: RootRow
}

/** A new embedded wallet's linked-account data: the spec's wallet fields plus the root it derives from. */
export function walletAccountData(input: { address: string; root: RootRow; walletIndex: number; chainId: string | null }) {
  return {
    address: input.address,
    chainType: input.root.chain_type,
    ...(input.chainId ? { chainId: input.chainId } : {}),
    walletClientType: EMBEDDED_WALLET_CLIENT_TYPE,
    connectorType: input.root.imported ? EMBEDDED_IMPORTED_CONNECTOR_TYPE : EMBEDDED_CONNECTOR_TYPE,
    walletIndex: input.walletIndex,
    imported: input.root.imported,
    recoveryMethod: input.root.recovery_method,
    delegated: false,
    rootId: input.root.id,
  }
}

// An account is an embedded wallet when its data names a root of the same user (a wallet account moved or left
// behind by something else is not one).
const WALLETS = `
SELECT la.identifier, la.data->>'address' AS address, (la.data->>'walletIndex')::int AS wallet_index, la.unproven,
       r.id, r.chain_type, r.imported, r.recovery_method
FROM embedded_wallet_roots r
JOIN linked_accounts la ON la.user_id = r.user_id AND la.type = 'wallet' AND la.data->>'rootId' = r.id`

type Joined = RootRow & { identifier: string; address: string; wallet_index: number; unproven: boolean }
const toWallet = (row: Joined): WalletRow => ({
  identifier: row.identifier,
  address: row.address,
  walletIndex: row.wallet_index,
  unproven: row.unproven,
  root: { id: row.id, chain_type: row.chain_type, imported: row.imported, recovery_method: row.recovery_method },
})

/** The plugin's queries; each takes the Db (or transaction) to run on. */
export const walletRecords = {
  /** Locks the user row: one custody write per user at a time. */
  async lockUser(db: Db, userId: string) {
    await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId])
  },
  async roots(db: Db, userId: string): Promise<RootRow[]> {
    return db.query<RootRow>('SELECT id, chain_type, imported, recovery_method FROM embedded_wallet_roots WHERE user_id = $1', [userId])
  },
  /** The user's embedded wallet with this account identifier, or null. */
  async wallet(db: Db, userId: string, identifier: string): Promise<WalletRow | null> {
    const [row] = await db.query<Joined>(`${WALLETS} WHERE r.user_id = $1 AND la.identifier = $2`, [userId, identifier])
    return row ? toWallet(row) : null
  },
  /** Every wallet of a root, walletIndex order. */
  async rootWallets(db: Db, userId: string, rootId: string): Promise<WalletRow[]> {
    const rows = await db.query<Joined>(`${WALLETS} WHERE r.user_id = $1 AND r.id = $2 ORDER BY wallet_index`, [userId, rootId])
    return rows.map(toWallet)
  },
  /** The address an account transfer discloses: the Ethereum wallet 0, else the first Solana one. */
  async firstAddress(db: Db, userId: string): Promise<string | null> {
    const [row] = await db.query<Joined>(`${WALLETS} WHERE r.user_id = $1 ORDER BY (r.chain_type = 'ethereum') DESC, wallet_index LIMIT 1`, [userId])
    return row?.address ?? null
  },
  /** The owner of an account of type wallet in the app, or null. */
  async accountOwner(db: Db, appId: string, identifier: string): Promise<string | null> {
    const [row] = await db.query<{ user_id: string }>("SELECT user_id FROM linked_accounts WHERE app_id = $1 AND type = 'wallet' AND identifier = $2 AND NOT unproven", [appId, identifier])
    return row?.user_id ?? null
  },
  /** The root's wallets' signatures were checked: their accounts sign in like any proven wallet. */
  async markProven(db: Db, userId: string, rootId: string) {
    await db.query("UPDATE linked_accounts SET unproven = false WHERE user_id = $1 AND type = 'wallet' AND data->>'rootId' = $2 AND unproven", [userId, rootId])
  },
  async insertRoot(db: Db, root: RootRow & { appId: string; userId: string; at: Date }) {
    await db.query(
      'INSERT INTO embedded_wallet_roots (id, app_id, user_id, chain_type, imported, recovery_method, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [root.id, root.appId, root.userId, root.chain_type, root.imported, root.recovery_method, root.at],
    )
  },
  /** Inserts or replaces the root's share of `kind`. */
  async putShare(db: Db, rootId: string, kind: ShareKind, sealed: SealedShare, at: Date) {
    await db.query(
      `INSERT INTO embedded_wallet_shares (root_id, kind, ciphertext, iv, key_id, wrapped_key, wrapped_key_iv, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (root_id, kind) DO UPDATE SET ciphertext = excluded.ciphertext, iv = excluded.iv, key_id = excluded.key_id,
         wrapped_key = excluded.wrapped_key, wrapped_key_iv = excluded.wrapped_key_iv, kdf = NULL, updated_at = excluded.updated_at`,
      [rootId, kind, sealed.ciphertext, sealed.iv, sealed.keyId, sealed.wrappedKey, sealed.wrappedKeyIv, at],
    )
  },
  async share(db: Db, rootId: string, kind: ShareKind): Promise<SealedShare | null> {
    const [row] = await db.query<{ ciphertext: string; iv: string; key_id: string; wrapped_key: string | null; wrapped_key_iv: string | null }>(
      'SELECT ciphertext, iv, key_id, wrapped_key, wrapped_key_iv FROM embedded_wallet_shares WHERE root_id = $1 AND kind = $2',
      [rootId, kind],
    )
    return row ? { ciphertext: row.ciphertext, iv: row.iv, keyId: row.key_id, wrappedKey: row.wrapped_key, wrappedKeyIv: row.wrapped_key_iv } : null
  },
  /**
   * Replaces the root's recovery share with one encrypted under a user-owned key: the old ciphertext (and for
   * 'privy' its wrapped key) is overwritten in the same statement, so no trace of the server-openable one is left.
   */
  async putUserRecoveryShare(db: Db, rootId: string, share: UserRecoveryRow, at: Date) {
    await db.query(
      `INSERT INTO embedded_wallet_shares (root_id, kind, ciphertext, iv, key_id, wrapped_key, wrapped_key_iv, kdf, updated_at)
       VALUES ($1, 'recovery', $2, $3, $4, NULL, NULL, $5, $6)
       ON CONFLICT (root_id, kind) DO UPDATE SET ciphertext = excluded.ciphertext, iv = excluded.iv, key_id = excluded.key_id,
         wrapped_key = NULL, wrapped_key_iv = NULL, kdf = excluded.kdf, updated_at = excluded.updated_at`,
      [rootId, share.ciphertext, share.iv, share.method, JSON.stringify(share.kdf), at],
    )
  },
  /** The root's user-owned recovery ciphertext, or null (none, or a server-sealed one). */
  async userRecoveryShare(db: Db, rootId: string): Promise<UserRecoveryRow | null> {
    const [row] = await db.query<{ ciphertext: string; iv: string; key_id: string; kdf: string | null }>(
      "SELECT ciphertext, iv, key_id, kdf FROM embedded_wallet_shares WHERE root_id = $1 AND kind = 'recovery' AND wrapped_key IS NULL",
      [rootId],
    )
    return row && row.kdf ? { ciphertext: row.ciphertext, iv: row.iv, method: row.key_id as RecoveryMethod, kdf: JSON.parse(row.kdf) } : null
  },
  /** Sets the root's recovery method, on the root and on each of its wallets' linked accounts. */
  async setRecoveryMethod(db: Db, userId: string, rootId: string, method: RecoveryMethod) {
    await db.query('UPDATE embedded_wallet_roots SET recovery_method = $1 WHERE id = $2 AND user_id = $3', [method, rootId, userId])
    await db.query(
      `UPDATE linked_accounts SET data = jsonb_set(data::jsonb, '{recoveryMethod}', to_jsonb($1::text))
       WHERE user_id = $2 AND type = 'wallet' AND data->>'rootId' = $3`,
      [method, userId, rootId],
    )
  },
  async insertAccount(db: Db, account: { userId: string; appId: string; identifier: string; data: Record<string, unknown>; at: Date }) {
    // A proven wallet takes the place of an unproven claim of its address (core's releaseUnproven, for wallets).
    await db.query("DELETE FROM linked_accounts WHERE app_id = $1 AND type = 'wallet' AND identifier = $2 AND unproven", [account.appId, account.identifier])
    await db.query(
      `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at)
       VALUES ($1, $2, 'wallet', $3, $4, $5, $5, $5)`,
      [account.userId, account.appId, account.identifier, JSON.stringify(account.data), account.at],
    )
  },
}
