import type { Db, ServerContext } from '../../../core/server/index.js'
import { MAX_PASSKEYS_PER_USER, passkeyTexts } from '../schema.js'
import type { StoredCredential, VerifiedRegistration } from './webauthnCeremonies.js'

/**
 * The registered passkeys (`passkey_credentials`, migration passkey/001_tables): public key,
 * signature counter and user handle of each; the user's linked account of type 'passkey' mirrors it.
 */
export function createCredentialStore(ctx: Pick<ServerContext, 'db' | 'HttpError' | 'now'>) {
  const { HttpError } = ctx

  return {
    /** The credential an assertion names, if it belongs to a user of the app. */
    async find(appId: string, credentialId: string): Promise<StoredCredential | undefined> {
      const [stored] = await ctx.db.query<StoredCredential>(
        'SELECT public_key, counter, transports FROM passkey_credentials WHERE credential_id = $1 AND app_id = $2 AND user_id IS NOT NULL',
        [credentialId, appId],
      )
      return stored
    },

    /** The user's passkeys, oldest first. */
    listOfUser(userId: string) {
      return ctx.db.query<{ credential_id: string; transports: string[]; user_handle: string }>(
        'SELECT credential_id, transports, user_handle FROM passkey_credentials WHERE user_id = $1 ORDER BY created_at',
        [userId],
      )
    },

    /**
     * Claims the credential id before anything else in the transaction: a second registration of
     * the same id (replayed, or racing) hits the primary key and is refused, never logged in.
     */
    async claim(
      tx: Db,
      info: VerifiedRegistration,
      owner: { appId: string; rpId: string; userId: string | null; userHandle: string },
    ): Promise<void> {
      const { credential } = info
      const existing = await tx.query('SELECT 1 FROM linked_accounts WHERE type = $1 AND identifier = $2', ['passkey', credential.id])
      const inserted = existing.length
        ? []
        : await tx.query(
            `INSERT INTO passkey_credentials (credential_id, app_id, user_id, user_handle, public_key, counter, transports, aaguid, rp_id, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (credential_id) DO NOTHING RETURNING 1`,
            [
              credential.id,
              owner.appId,
              owner.userId,
              owner.userHandle,
              Buffer.from(credential.publicKey).toString('base64url'),
              credential.counter,
              JSON.stringify(credential.transports ?? []),
              info.aaguid,
              owner.rpId,
              new Date(ctx.now()),
            ],
          )
      if (!inserted.length) throw new HttpError(400, 'credential_already_registered', 'This passkey is already registered.')
    },

    /** Gives a credential claimed at signup to the user the signup made. */
    async setOwner(tx: Db, credentialId: string, userId: string): Promise<void> {
      await tx.query('UPDATE passkey_credentials SET user_id = $2 WHERE credential_id = $1', [credentialId, userId])
    },

    /** Locks the user's row and refuses a passkey beyond the limit; held until `tx` ends. */
    async lockAndCount(tx: Db, userId: string): Promise<void> {
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId])
      const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM linked_accounts WHERE user_id = $1 AND type = 'passkey'",
        [userId],
      )
      if (n >= MAX_PASSKEYS_PER_USER) throw new HttpError(400, 'cannot_link_more_of_type', passkeyTexts.cannotLinkMore)
    },

    /**
     * Records a use. The counter moves only from the value just verified against: a racing use of
     * the same assertion loses (false).
     */
    async recordUse(tx: Db, credentialId: string, from: number, to: number): Promise<boolean> {
      const moved = await tx.query(
        'UPDATE passkey_credentials SET counter = $3, last_used_at = $4 WHERE credential_id = $1 AND counter = $2 RETURNING 1',
        [credentialId, from, to, new Date(ctx.now())],
      )
      return moved.length > 0
    },

    /** Deletes the user's credential (unlink). */
    async remove(tx: Db, credentialId: string, userId: string): Promise<void> {
      await tx.query('DELETE FROM passkey_credentials WHERE credential_id = $1 AND user_id = $2', [credentialId, userId])
    },
  }
}

/** The credential store createCredentialStore makes. */
export type CredentialStore = ReturnType<typeof createCredentialStore>
