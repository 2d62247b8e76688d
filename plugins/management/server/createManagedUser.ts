import type { Db, ServerContext } from '../../../core/server/index.js'
import { HttpError } from '../../../core/server/index.js'
import type { CustomMetadata, NewLinkedAccount } from '../schema.js'
import { phoneIdentifier, walletIdentifier } from './accountIdentifiers.js'
import { customMetadataStore } from './customMetadataStore.js'

/** A linked account ready to store: the core's (type, identifier, data). */
interface StoredAccount {
  type: string
  identifier: string
  data: Record<string, unknown>
}

/** Types a user has at most one of (wallets: many). */
const ONE_PER_USER = new Set(['email', 'phone', 'farcaster', 'telegram'])

/** Checks and normalizes the body's accounts before anything is written: 400 invalid_data naming the bad one. */
export function storedAccounts(accounts: readonly NewLinkedAccount[]): StoredAccount[] {
  const stored = accounts.map((account, i): StoredAccount => {
    const bad = (what: string) => new HttpError(400, 'invalid_data', `linked_accounts.${i}: ${what}`)
    switch (account.type) {
      case 'email':
        return { type: 'email', identifier: account.address, data: { address: account.address } }
      case 'phone': {
        const e164 = phoneIdentifier(account.number)
        if (!e164) throw bad('Invalid phone number')
        return { type: 'phone', identifier: e164, data: { number: e164 } }
      }
      case 'wallet': {
        const wallet = walletIdentifier(account.address, { strict: true })
        if (!wallet || wallet.chainType !== account.chain_type) throw bad(`Invalid ${account.chain_type} address`)
        // An external wallet: its key stays with its owner, who signs in with it (SIWE/SIWS) as this user.
        const data = { address: wallet.address, chainType: wallet.chainType, walletClientType: 'unknown', connectorType: 'unknown', imported: false, delegated: false, walletIndex: null }
        return { type: 'wallet', identifier: wallet.identifier, data }
      }
      case 'farcaster': {
        const owner = account.owner_address === undefined ? null : walletIdentifier(account.owner_address, { strict: true })
        if (owner === null && account.owner_address !== undefined) throw bad('Invalid owner_address')
        if (owner && owner.chainType !== 'ethereum') throw bad('Invalid owner_address')
        return { type: 'farcaster', identifier: String(account.fid), data: { fid: account.fid, ownerAddress: owner?.identifier ?? null } }
      }
      case 'telegram':
        return { type: 'telegram', identifier: account.telegram_user_id, data: { telegramUserId: account.telegram_user_id } }
    }
  })
  const seen = new Set<string>()
  const types = new Set<string>()
  stored.forEach((account, i) => {
    const key = `${account.type}\u0000${account.identifier}`
    if (seen.has(key)) throw new HttpError(400, 'invalid_data', `linked_accounts.${i}: The same account twice`)
    if (ONE_PER_USER.has(account.type) && types.has(account.type)) throw new HttpError(400, 'invalid_data', `linked_accounts.${i}: At most one ${account.type} account`)
    seen.add(key)
    types.add(account.type)
  })
  return stored
}

const linkedElsewhere = (type: string) =>
  new HttpError(409, 'account_already_linked', `A ${type} account in the request is already linked to another user.`, { account_type: type })

/**
 * Creates a user of `appId` with `accounts` (already checked by storedAccounts) and its custom metadata, in one
 * transaction: an account another user holds is 409 `account_already_linked` and nothing is stored. An unproven claim
 * of the account (stored on a client's word) gives way, as it does to a proven sign-in. Answers the user's id.
 * `inChange` runs last in the same transaction (the `user.created` event): the user and it commit together.
 */
export async function createManagedUser(
  ctx: ServerContext,
  appId: string,
  accounts: readonly StoredAccount[],
  metadata: CustomMetadata | undefined,
  inChange?: (tx: Db, userId: string) => Promise<void>,
): Promise<string> {
  return ctx.db.tx(async (tx: Db) => {
    const at = new Date(ctx.now())
    const userId = await ctx.users.create(appId, tx, at)
    for (const account of accounts) {
      await ctx.users.releaseUnproven(appId, account.type, account.identifier, tx)
      // A concurrent holder (another create, a sign-in) makes the insert do nothing: the same refusal, nothing kept.
      const inserted = await tx.query(
        `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $6) ON CONFLICT (app_id, type, identifier) DO NOTHING RETURNING id`,
        [userId, appId, account.type, account.identifier, JSON.stringify(account.data), at],
      )
      if (!inserted.length) throw linkedElsewhere(account.type)
    }
    if (metadata) await customMetadataStore.set(tx, userId, metadata, at)
    await inChange?.(tx, userId)
    return userId
  })
}
