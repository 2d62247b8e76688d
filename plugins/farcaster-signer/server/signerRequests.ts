import type { Db } from '../../../core/server/index.js'
import type { FarcasterSignerStatus } from '../schema.js'

/** Migration: the signed key requests made for users' signer keys (Farcaster's request token, the key, the state). */
export const signerRequestsMigration = {
  id: 'farcaster-signer/001_requests',
  sql: `
CREATE TABLE farcaster_signer_requests (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  app_id text NOT NULL,
  public_key text NOT NULL,
  fid bigint NOT NULL,
  token text NOT NULL,
  approval_url text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending_approval', 'approved', 'revoked')),
  deadline timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  approved_at timestamptz,
  UNIQUE (user_id, public_key)
);`,
}

/** One stored request. */
export interface SignerRequestRow {
  id: string
  public_key: string
  fid: string
  token: string
  approval_url: string
  state: FarcasterSignerStatus
  deadline: Date
}

/** The user's request for `publicKey`, or null. */
export async function findSignerRequest(db: Db, userId: string, publicKey: string): Promise<SignerRequestRow | null> {
  const [row] = await db.query<SignerRequestRow>(
    'SELECT id, public_key, fid::text AS fid, token, approval_url, state, deadline FROM farcaster_signer_requests WHERE user_id = $1 AND public_key = $2',
    [userId, publicKey],
  )
  return row ?? null
}

/** Stores a new request for the key, replacing an earlier one (expired, revoked or for another fid). */
export async function saveSignerRequest(
  db: Db,
  input: { userId: string; appId: string; publicKey: string; fid: number; token: string; approvalUrl: string; deadline: Date; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO farcaster_signer_requests (user_id, app_id, public_key, fid, token, approval_url, state, deadline, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending_approval', $7, $8)
     ON CONFLICT (user_id, public_key) DO UPDATE SET app_id = $2, fid = $4, token = $5, approval_url = $6, state = 'pending_approval',
       deadline = $7, created_at = $8, approved_at = NULL`,
    [input.userId, input.appId, input.publicKey, input.fid, input.token, input.approvalUrl, input.deadline, input.now],
  )
}

/** Marks a pending request revoked (Farcaster no longer knows it, its deadline passed, or another fid approved it). */
export async function revokeSignerRequest(db: Db, id: string): Promise<void> {
  await db.query("UPDATE farcaster_signer_requests SET state = 'revoked' WHERE id = $1 AND state = 'pending_approval'", [id])
}

/**
 * Records the approval: the request's state, and `signerPublicKey` on the user's Farcaster account of `fid` (so the
 * user object carries `farcaster.signerPublicKey`, as the spec's user has it). One transaction.
 */
export async function approveSignerRequest(db: Db, input: { id: string; userId: string; fid: number; publicKey: string; now: Date }): Promise<void> {
  await db.tx(async (tx) => {
    await tx.query("UPDATE farcaster_signer_requests SET state = 'approved', approved_at = $2 WHERE id = $1", [input.id, input.now])
    await tx.query(
      `UPDATE linked_accounts SET data = jsonb_set(data::jsonb, '{signerPublicKey}', to_jsonb($3::text))
       WHERE user_id = $1 AND type = 'farcaster' AND identifier = $2`,
      [input.userId, String(input.fid), input.publicKey],
    )
  })
}
