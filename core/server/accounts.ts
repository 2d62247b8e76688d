import type { RawUser } from '../protocol/index.js'
import type { Db } from './db/Db.js'
import { HttpError } from './HttpError.js'
import type { AccountInput, Users } from './users.js'

/** Links, unlinks and replaces accounts of an existing user. Each call is one transaction. */
export interface Accounts {
  /** Links `account` to the user; `maxPerType` is 1 except for types like passkeys. Answers the user. */
  link(userId: string, account: AccountInput, options?: { maxPerType?: number; db?: Db }): Promise<RawUser>
  /** Removes one account; the last login method of a user can't go. Answers the user. */
  unlink(userId: string, type: string, identifier: string, options?: { db?: Db }): Promise<RawUser>
  /** Swaps the user's account `oldIdentifier` for `account` (updating an e-mail or phone). Answers the user. */
  replace(userId: string, oldIdentifier: string, account: AccountInput, options?: { db?: Db }): Promise<RawUser>
}

/** Creates the accounts service. */
export function createAccounts(root: Db, users: Users, now: () => number): Accounts {
  const appOf = async (db: Db, userId: string) => {
    const [row] = await db.query<{ app_id: string }>('SELECT app_id FROM users WHERE id = $1 FOR UPDATE', [userId])
    if (!row) throw new HttpError(401, 'unauthorized', 'User not found')
    return row.app_id
  }
  const ownerCheck = async (db: Db, appId: string, userId: string, account: AccountInput) => {
    const owner = await users.findAccountOwner(appId, account.type, account.identifier, db)
    if (owner && owner !== userId) {
      throw new HttpError(409, 'linked_to_another_user', 'This account has already been linked to another user.')
    }
    return owner
  }

  return {
    link: (userId, account, { maxPerType = 1, db = root } = {}) =>
      db.tx(async (tx) => {
        const appId = await appOf(tx, userId)
        const at = new Date(now())
        if (await ownerCheck(tx, appId, userId, account)) {
          // Linking an account the user already has only refreshes its verification time.
          await tx.query(
            'UPDATE linked_accounts SET latest_verified_at = $4 WHERE app_id = $1 AND type = $2 AND identifier = $3',
            [appId, account.type, account.identifier, at],
          )
          return users.get(userId, tx)
        }
        const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM linked_accounts WHERE user_id = $1 AND type = $2',
          [userId, account.type],
        )
        if (n >= maxPerType) {
          throw new HttpError(400, 'cannot_link_more_of_type', `User already has an account of type ${account.type} linked.`)
        }
        await tx.query(
          `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at)
           VALUES ($1, $2, $3, $4, $5, $6, $6, $6)`,
          [userId, appId, account.type, account.identifier, JSON.stringify(account.data ?? {}), at],
        )
        // A guest who links a real login method becomes a full user (guest accounts only log in, never link).
        await tx.query('UPDATE users SET is_guest = false WHERE id = $1 AND is_guest', [userId])
        return users.get(userId, tx)
      }),

    unlink: (userId, type, identifier, { db = root } = {}) =>
      db.tx(async (tx) => {
        await appOf(tx, userId)
        const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM linked_accounts WHERE user_id = $1',
          [userId],
        )
        const [found] = await tx.query(
          'SELECT 1 FROM linked_accounts WHERE user_id = $1 AND type = $2 AND identifier = $3',
          [userId, type, identifier],
        )
        if (!found) throw new HttpError(404, 'not_found', 'Account not found')
        if (n <= 1) throw new HttpError(400, 'not_allowed', 'Cannot unlink the last login method of this account.')
        await tx.query('DELETE FROM linked_accounts WHERE user_id = $1 AND type = $2 AND identifier = $3', [
          userId,
          type,
          identifier,
        ])
        return users.get(userId, tx)
      }),

    replace: (userId, oldIdentifier, account, { db = root } = {}) =>
      db.tx(async (tx) => {
        const appId = await appOf(tx, userId)
        const [old] = await tx.query(
          'SELECT 1 FROM linked_accounts WHERE user_id = $1 AND type = $2 AND identifier = $3',
          [userId, account.type, oldIdentifier],
        )
        if (!old) throw new HttpError(400, 'invalid_data', `User has no ${account.type} account to update`)
        await ownerCheck(tx, appId, userId, account)
        const at = new Date(now())
        await tx.query(
          `UPDATE linked_accounts SET identifier = $4, data = $5, verified_at = $6, first_verified_at = $6, latest_verified_at = $6
           WHERE user_id = $1 AND type = $2 AND identifier = $3`,
          [userId, account.type, oldIdentifier, account.identifier, JSON.stringify(account.data ?? {}), at],
        )
        return users.get(userId, tx)
      }),
  }
}
