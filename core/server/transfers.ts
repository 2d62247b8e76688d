import { NON_TRANSFERABLE_ACCOUNT_TYPES } from '../protocol/index.js'
import type { Db } from './db/Db.js'
import type { Migration } from './db/runMigrations.js'
import type { Secrets } from './secrets.js'

/** How long a transfer nonce stays valid: 10 minutes, like sign-in codes and nonces. */
export const TRANSFER_NONCE_TTL_SECONDS = 600

/** What a transfer nonce is bound to: the app, the requesting user, the account and the user owning it when it was issued. */
export interface TransferBinding {
  appId: string
  userId: string
  type: string
  identifier: string
  ownerId: string
}

/** Issues, checks and spends account-transfer nonces. */
export interface TransferNonces {
  readonly ttlSeconds: number
  /** A fresh nonce for `binding`; nothing is written (see why below). */
  issue(binding: TransferBinding): string
  /** True when the nonce was issued for exactly `binding` and hasn't expired; spends nothing. */
  verify(nonce: string, binding: TransferBinding): boolean
  /** Spends the nonce inside the caller's transaction; false when it was spent before (a racing use loses). */
  consume(tx: Db, appId: string, nonce: string): Promise<boolean>
}

/** Spent nonces (hashes only) until they expire: the single-use half of a transfer nonce. */
export const transferMigrations: Migration[] = [
  {
    id: 'core/transfers_001_spent_nonces',
    sql: `
CREATE TABLE account_transfer_nonces (
  nonce_hash text PRIMARY KEY,
  app_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz NOT NULL
);
CREATE INDEX account_transfer_nonces_expiry ON account_transfer_nonces (expires_at);`,
  },
]

const NONCE = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

/** True for account types a link conflict may offer to transfer (§5: never custom, guest or passkey). */
export function isTransferableType(type: string): boolean {
  return !(NON_TRANSFERABLE_ACCOUNT_TYPES as readonly string[]).includes(type)
}

/**
 * Transfer nonces are `<128 random bits>.<expiry>.<HMAC>`: the HMAC (server secret) binds the nonce to app,
 * requesting user, account type + identifier and the owning user, so nothing is stored when a link is refused.
 * That matters: the refusal is thrown inside the link route's transaction, which rolls back — a stored nonce
 * would vanish with it. Single use is the spent-nonce table (hashes, PRIMARY KEY), written in the transfer's
 * own transaction. Because the owner is in the HMAC, a nonce dies as soon as the account changes hands.
 */
export function createTransferNonces(deps: { secrets: Secrets; now: () => number }, ttlSeconds = TRANSFER_NONCE_TTL_SECONDS): TransferNonces {
  const { secrets, now } = deps
  const mac = (id: string, expires: string, b: TransferBinding) =>
    secrets.hmac(JSON.stringify(['foyer-transfer-nonce', id, expires, b.appId, b.userId, b.type, b.identifier, b.ownerId]))

  return {
    ttlSeconds,
    issue(binding) {
      const id = secrets.random(16)
      const expires = String(Math.floor(now() / 1000) + ttlSeconds)
      return `${id}.${expires}.${mac(id, expires, binding)}`
    },
    verify(nonce, binding) {
      const match = NONCE.exec(nonce)
      if (!match) return false
      const [, id, expires, given] = match
      if (Number(expires) * 1000 <= now()) return false
      return secrets.equal(given!, mac(id!, expires!, binding))
    },
    async consume(tx, appId, nonce) {
      const expires = Number(NONCE.exec(nonce)?.[2] ?? 0)
      const at = new Date(now())
      // Rows past expiry can't be replayed anyway (verify refuses them), so they go.
      await tx.query('DELETE FROM account_transfer_nonces WHERE expires_at < $1', [at])
      // PRIMARY KEY + ON CONFLICT: of parallel transfers with one nonce exactly one inserts.
      const rows = await tx.query(
        `INSERT INTO account_transfer_nonces (nonce_hash, app_id, expires_at, consumed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (nonce_hash) DO NOTHING RETURNING 1`,
        [secrets.sha256(`transfer-nonce\n${nonce}`), appId, new Date(expires * 1000), at],
      )
      return rows.length > 0
    },
  }
}
