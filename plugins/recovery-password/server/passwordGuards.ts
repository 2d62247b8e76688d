import type { Db, Migration } from '../../../core/server/index.js'
import type { SealedShare } from '../../embedded-wallet/server.js'

/**
 * A password wallet's guard: the sealed OPRF key the server evaluates with, the hash of the password's verifier, and
 * the count of evaluations not followed by a matching verifier (wrong passwords). A key being set waits as `pending`
 * until set_recovery stores the ciphertext made with it. The id keeps its embedded-wallet/ prefix (databases have it
 * applied under that name); the table references the wallet's roots, so this plugin comes after embedded-wallet.
 */
export const passwordGuardMigration: Migration = {
  id: 'embedded-wallet/004_password_guards',
  sql: `
CREATE TABLE embedded_wallet_password_guards (
  root_id text PRIMARY KEY REFERENCES embedded_wallet_roots(id) ON DELETE CASCADE,
  oprf_key text,
  verifier_hash text,
  pending_key text,
  pending_at timestamptz,
  failures integer NOT NULL DEFAULT 0,
  locked_at timestamptz
);`,
}

/** A root's guard as the routes read it. */
export interface PasswordGuard {
  key: SealedShare | null
  verifierHash: string | null
  pendingKey: SealedShare | null
  pendingAt: Date | null
  failures: number
  lockedAt: Date | null
}

interface GuardRow {
  oprf_key: string | null
  verifier_hash: string | null
  pending_key: string | null
  pending_at: Date | null
  failures: number
  locked_at: Date | null
}

const parse = (text: string | null) => (text ? (JSON.parse(text) as SealedShare) : null)

/** The guard's queries; each takes the Db (or transaction) to run on. */
export const passwordGuards = {
  /** The root's guard (locked for the transaction with `forUpdate`), or null. */
  async get(db: Db, rootId: string, forUpdate = false): Promise<PasswordGuard | null> {
    const [row] = await db.query<GuardRow>(
      `SELECT oprf_key, verifier_hash, pending_key, pending_at, failures, locked_at FROM embedded_wallet_password_guards WHERE root_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [rootId],
    )
    if (!row) return null
    return {
      key: parse(row.oprf_key),
      verifierHash: row.verifier_hash,
      pendingKey: parse(row.pending_key),
      pendingAt: row.pending_at ? new Date(row.pending_at) : null,
      failures: Number(row.failures),
      lockedAt: row.locked_at ? new Date(row.locked_at) : null,
    }
  },
  /** Keeps a new key as pending (replacing any pending one); the active key and the count stay. */
  async putPending(db: Db, rootId: string, key: SealedShare, at: Date) {
    await db.query(
      `INSERT INTO embedded_wallet_password_guards (root_id, pending_key, pending_at) VALUES ($1, $2, $3)
       ON CONFLICT (root_id) DO UPDATE SET pending_key = excluded.pending_key, pending_at = excluded.pending_at`,
      [rootId, JSON.stringify(key), at],
    )
  },
  /** The pending key becomes the active one with its verifier; the count and any lock start over. */
  async activatePending(db: Db, rootId: string, verifierHash: string) {
    await db.query(
      `UPDATE embedded_wallet_password_guards SET oprf_key = pending_key, verifier_hash = $2, pending_key = NULL, pending_at = NULL,
         failures = 0, locked_at = NULL WHERE root_id = $1`,
      [rootId, verifierHash],
    )
  },
  /** Counts one evaluation as a guess; the guess that reaches `max` records when the lock started. */
  async count(db: Db, rootId: string, max: number, at: Date): Promise<number> {
    const [row] = await db.query<{ failures: number }>(
      `UPDATE embedded_wallet_password_guards SET failures = failures + 1, locked_at = CASE WHEN failures + 1 >= $2 THEN $3 ELSE locked_at END
       WHERE root_id = $1 RETURNING failures`,
      [rootId, max, at],
    )
    return Number(row?.failures ?? 0)
  },
  /** A matching verifier (or a new login after the lock): the count and the lock start over. */
  async reset(db: Db, rootId: string) {
    await db.query('UPDATE embedded_wallet_password_guards SET failures = 0, locked_at = NULL WHERE root_id = $1', [rootId])
  },
  /** The root no longer has a password (back to automatic recovery, or a cloud key): the guard goes. */
  async remove(db: Db, rootId: string) {
    await db.query('DELETE FROM embedded_wallet_password_guards WHERE root_id = $1', [rootId])
  },
}
