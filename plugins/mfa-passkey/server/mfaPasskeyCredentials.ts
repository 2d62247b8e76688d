import type { Db } from '../../../core/server/index.js'

/** A passkey enrolled in MFA with what an assertion is verified against (the passkey plugin's `passkey_credentials`). */
export interface MfaCredential {
  credential_id: string
  public_key: string
  counter: string | number
  transports: string[]
  rp_id: string
}

/** The linked-account flag the passkey plugin's unlink refuses on, and users see as `enrolledInMfa`. */
const ENROLLED = `a.data @> '{"enrolledInMfa": true}'::jsonb`

/** The ids of every user with a passkey enrolled in MFA (the method's `enrolledUsersSql`). */
export const MFA_PASSKEY_USERS_SQL = `SELECT a.user_id FROM linked_accounts a WHERE a.type = 'passkey' AND ${ENROLLED}`

/** Whether the user has a passkey enrolled in MFA. */
export async function hasMfaPasskey(db: Db, userId: string): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM linked_accounts a WHERE a.user_id = $1 AND a.type = 'passkey' AND ${ENROLLED} LIMIT 1`, [userId])).length > 0
}

/** Which of `userIds` have a passkey enrolled in MFA (a listing's page, one query). */
export async function usersWithMfaPasskey(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ user_id: string }>(`SELECT DISTINCT a.user_id FROM linked_accounts a WHERE a.user_id = ANY($1) AND a.type = 'passkey' AND ${ENROLLED}`, [userIds])
  return new Set(rows.map((r) => r.user_id))
}

/** The user's passkeys enrolled in MFA (all of them, or the one `credentialId`), newest first. */
export function mfaCredentials(db: Db, userId: string, credentialId?: string): Promise<MfaCredential[]> {
  return db.query<MfaCredential>(
    `SELECT c.credential_id, c.public_key, c.counter, c.transports, c.rp_id
     FROM linked_accounts a JOIN passkey_credentials c ON c.credential_id = a.identifier AND c.user_id = a.user_id
     WHERE a.user_id = $1 AND a.type = 'passkey' AND ${ENROLLED} AND ($2::text IS NULL OR c.credential_id = $2)
     ORDER BY c.created_at DESC`,
    [userId, credentialId ?? null],
  )
}

/**
 * Makes exactly `credentialIds` the user's MFA passkeys (an empty list unenrolls all). False, with nothing changed,
 * when one of them isn't a passkey of the user. Locks the user's row, so it can't race an unlink.
 */
export async function setMfaPasskeys(tx: Db, userId: string, credentialIds: readonly string[]): Promise<boolean> {
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId])
  const wanted = [...new Set(credentialIds)]
  const owned = await tx.query<{ identifier: string }>(
    "SELECT identifier FROM linked_accounts WHERE user_id = $1 AND type = 'passkey' AND identifier = ANY($2::text[])",
    [userId, wanted],
  )
  if (owned.length !== wanted.length) return false
  await tx.query(
    `UPDATE linked_accounts SET data = jsonb_set(data, '{enrolledInMfa}', to_jsonb(identifier = ANY($2::text[])))
     WHERE user_id = $1 AND type = 'passkey'`,
    [userId, wanted],
  )
  return true
}
