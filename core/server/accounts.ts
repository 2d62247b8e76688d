import type { RawUser } from '../protocol/index.js'
import type { Db } from './db/Db.js'
import { HttpError } from './HttpError.js'
import { rerunOnLostRace } from './db/retryLostRaces.js'
import { accountOf } from './events/accountOf.js'
import type { Events } from './events/createEvents.js'
import { isTransferableType, type TransferNonces } from './transfers.js'
import type { AccountInput, Users } from './users.js'

/** What a link route passes so that a conflict with another user offers a transfer (§7 'Account transfer'). */
export interface LinkTransferInfo {
  /** Body fields of the plugin's /transfer call, nonce excluded (e.g. `{ email }`): the client sends them back. */
  account: Record<string, unknown>
  /** The handle the prompt shows; default the account's identifier. */
  displayName?: string
}

/** Options of `accounts.link`. */
export interface LinkOptions {
  /** 1 except for types like passkeys and wallets. */
  maxPerType?: number
  db?: Db
  /** Given (and the type transferable): an account owned by another user answers 400 account_transfer_required with a nonce, else linked_to_another_user. */
  transfer?: LinkTransferInfo
}

/** What the accounts service needs to offer and carry out transfers. */
export interface TransferDeps {
  nonces: TransferNonces
  /** The other user's embedded wallet address the prompt discloses (server plugins' describeUserForTransfer), or null. */
  embeddedWalletOf(db: Db, userId: string): Promise<string | null>
}

/** Links, unlinks and replaces accounts of an existing user. Each call is one transaction. */
export interface Accounts {
  /** Links `account` to the user; `maxPerType` is 1 except for types like passkeys. Answers the user. */
  link(userId: string, account: AccountInput, options?: LinkOptions): Promise<RawUser>
  /** Removes one account; the last login method of a user can't go. Answers the user. */
  unlink(userId: string, type: string, identifier: string, options?: { db?: Db }): Promise<RawUser>
  /** Swaps the user's account `oldIdentifier` for `account` (updating an e-mail or phone). Answers the user. */
  replace(userId: string, oldIdentifier: string, account: AccountInput, options?: { db?: Db }): Promise<RawUser>
  /**
   * Moves `account` (type + identifier; `data` fields, if any, are merged over the stored ones) from the user
   * the nonce was issued against to `userId`, then deletes that user with everything it owns; one transaction.
   * A wrong, expired, spent or other user's nonce is 400 invalid_transfer_nonce and nothing changes.
   */
  transfer(userId: string, account: AccountInput, nonce: string, options?: { maxPerType?: number; db?: Db }): Promise<RawUser>
}

const linkedElsewhere = () => new HttpError(400, 'linked_to_another_user', 'This account has already been linked to another user.')
const invalidNonce = () => new HttpError(400, 'invalid_transfer_nonce', 'Invalid or expired transfer nonce')

/** Creates the accounts service. */
export function createAccounts(root: Db, users: Users, now: () => number, events: Events, transfers: TransferDeps): Accounts {
  const appOf = async (db: Db, userId: string) => {
    const [row] = await db.query<{ app_id: string }>('SELECT app_id FROM users WHERE id = $1 FOR UPDATE', [userId])
    if (!row) throw new HttpError(401, 'unauthorized', 'User not found')
    return row.app_id
  }
  const ownerCheck = async (db: Db, appId: string, userId: string, account: AccountInput) => {
    const owner = await users.findAccountOwner(appId, account.type, account.identifier, db)
    if (owner && owner !== userId) throw linkedElsewhere()
    return owner
  }
  const countOfType = async (db: Db, userId: string, type: string) => {
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM linked_accounts WHERE user_id = $1 AND type = $2',
      [userId, type],
    )
    return n
  }
  const tooMany = (type: string) => new HttpError(400, 'cannot_link_more_of_type', `User already has an account of type ${type} linked.`)

  /** The error a link gets for an account another user owns: a transfer offer when possible. */
  const conflict = async (db: Db, appId: string, userId: string, ownerId: string, account: AccountInput, options: LinkOptions) => {
    if (!options.transfer || !isTransferableType(account.type)) return linkedElsewhere()
    // Offering a transfer the per-type limit would then refuse helps no one.
    if ((await countOfType(db, userId, account.type)) >= (options.maxPerType ?? 1)) return tooMany(account.type)
    const nonce = transfers.nonces.issue({ appId, userId, type: account.type, identifier: account.identifier, ownerId })
    return new HttpError(400, 'account_transfer_required', 'This account is linked to another user. It can be transferred to this one.', {
      nonce,
      account_type: account.type,
      display_name: options.transfer.displayName ?? account.identifier,
      embedded_wallet_address: await transfers.embeddedWalletOf(db, ownerId),
      account: options.transfer.account,
    })
  }

  const linkIn = async (tx: Db, userId: string, account: AccountInput, options: LinkOptions) => {
    const maxPerType = options.maxPerType ?? 1
    const appId = await appOf(tx, userId)
    const at = new Date(now())
    const owner = await users.findAccountOwner(appId, account.type, account.identifier, tx)
    if (owner && owner !== userId) throw await conflict(tx, appId, userId, owner, account, options)
    if (owner) {
      // Linking an account the user already has only refreshes its verification time.
      await tx.query(
        'UPDATE linked_accounts SET latest_verified_at = $4 WHERE app_id = $1 AND type = $2 AND identifier = $3',
        [appId, account.type, account.identifier, at],
      )
      return users.get(userId, tx)
    }
    if ((await countOfType(tx, userId, account.type)) >= maxPerType) throw tooMany(account.type)
    await users.releaseUnproven(appId, account.type, account.identifier, tx)
    await tx.query(
      `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $6)`,
      [userId, appId, account.type, account.identifier, JSON.stringify(account.data ?? {}), at],
    )
    // A guest who links a real login method becomes a full user (guest accounts only log in, never link).
    await tx.query('UPDATE users SET is_guest = false WHERE id = $1 AND is_guest', [userId])
    const user = await users.get(userId, tx)
    await events.emit('user.linked_account', { appId, userId, data: { user_id: userId, account: accountOf(account) }, user, db: tx })
    return user
  }

  return {
    link: (userId, account, options = {}) =>
      (options.db ?? root).tx(async (tx) => {
        try {
          return await linkIn(tx, userId, account, options)
        } catch (error) {
          // A parallel sign-in or link stored the account first: the rerun finds it (refreshed, or a clean conflict).
          throw rerunOnLostRace(error)
        }
      }),

    unlink: (userId, type, identifier, { db = root } = {}) =>
      db.tx(async (tx) => {
        const appId = await appOf(tx, userId)
        const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM linked_accounts WHERE user_id = $1',
          [userId],
        )
        const [found] = await tx.query<{ data: Record<string, unknown> }>(
          'SELECT data FROM linked_accounts WHERE user_id = $1 AND type = $2 AND identifier = $3',
          [userId, type, identifier],
        )
        if (!found) throw new HttpError(404, 'not_found', 'Account not found')
        if (n <= 1) throw new HttpError(400, 'not_allowed', 'Cannot unlink the last login method of this account.')
        await tx.query('DELETE FROM linked_accounts WHERE user_id = $1 AND type = $2 AND identifier = $3', [
          userId,
          type,
          identifier,
        ])
        const user = await users.get(userId, tx)
        await events.emit('user.unlinked_account', { appId, userId, data: { user_id: userId, account: accountOf({ type, identifier, data: found.data }) }, user, db: tx })
        return user
      }),

    replace: (userId, oldIdentifier, account, { db = root } = {}) =>
      db.tx(async (tx) => {
        const appId = await appOf(tx, userId)
        const [old] = await tx.query<{ data: Record<string, unknown> }>(
          'SELECT data FROM linked_accounts WHERE user_id = $1 AND type = $2 AND identifier = $3',
          [userId, account.type, oldIdentifier],
        )
        if (!old) throw new HttpError(400, 'invalid_data', `User has no ${account.type} account to update`)
        await ownerCheck(tx, appId, userId, account)
        await users.releaseUnproven(appId, account.type, account.identifier, tx)
        const at = new Date(now())
        await tx.query(
          `UPDATE linked_accounts SET identifier = $4, data = $5, verified_at = $6, first_verified_at = $6, latest_verified_at = $6
           WHERE user_id = $1 AND type = $2 AND identifier = $3`,
          [userId, account.type, oldIdentifier, account.identifier, JSON.stringify(account.data ?? {}), at],
        )
        const user = await users.get(userId, tx)
        const data = { user_id: userId, account: accountOf(account), previous_account: accountOf({ type: account.type, identifier: oldIdentifier, data: old.data }) }
        await events.emit('user.updated_account', { appId, userId, data, user, db: tx })
        return user
      }),

    transfer: (userId, account, nonce, { maxPerType = 1, db = root } = {}) =>
      db.tx(async (tx) => {
        if (!isTransferableType(account.type)) throw new HttpError(400, 'invalid_data', 'Invalid transfer account type')
        const appId = await appOf(tx, userId)
        // Locking the account row: a parallel transfer waits here, then sees the new owner and fails the HMAC.
        const [row] = await tx.query<{ user_id: string; data: Record<string, unknown> }>(
          'SELECT user_id, data FROM linked_accounts WHERE app_id = $1 AND type = $2 AND identifier = $3 FOR UPDATE',
          [appId, account.type, account.identifier],
        )
        const ownerId = row?.user_id
        if (!row || !ownerId || ownerId === userId) throw invalidNonce()
        if (!transfers.nonces.verify(nonce, { appId, userId, type: account.type, identifier: account.identifier, ownerId })) throw invalidNonce()
        if (!(await transfers.nonces.consume(tx, appId, nonce))) throw invalidNonce()
        if ((await countOfType(tx, userId, account.type)) >= maxPerType) throw tooMany(account.type)
        const at = new Date(now())
        await tx.query(
          `UPDATE linked_accounts SET user_id = $4, data = $5, latest_verified_at = $6
           WHERE app_id = $1 AND type = $2 AND identifier = $3`,
          [appId, account.type, account.identifier, userId, JSON.stringify({ ...row.data, ...account.data }), at],
        )
        // The other user goes entirely: its remaining accounts, sessions and refresh tokens (and plugin rows) cascade.
        await users.delete(appId, ownerId, tx)
        await tx.query('UPDATE users SET is_guest = false WHERE id = $1 AND is_guest', [userId])
        const user = await users.get(userId, tx)
        const moved = accountOf({ ...account, data: { ...row.data, ...account.data } })
        await events.emit('user.transferred_account', {
          appId, userId, user, db: tx,
          data: { user_id: userId, from_user_id: ownerId, to_user_id: userId, account: moved, deleted_user: true },
        })
        await events.emit('user.deleted', { appId, userId: ownerId, actor: userId, data: { user_id: ownerId, reason: 'account_transferred' }, db: tx })
        return user
      }),
  }
}
