import type { AccountInput } from '../core/server/users.js'
import type { ServerContext } from '../core/server/types.js'
import { toUser } from '../core/protocol/toUser.js'
import type { User } from '../core/protocol/user.js'
import { walletChainsOf, type TestWalletChain, type TestWalletMaker, type TestWalletOption } from './createTestWallets.js'

/** Options of `createUser`. At least one of `email` and `phone`. */
export interface CreateTestUserOptions {
  /** The user's e-mail account (stored lower-cased, as an e-mail sign-in would). */
  email?: string
  /** The user's phone account, in E.164 form (`+12025550100`). */
  phone?: string
  /** The app the user belongs to; default the kit's first app. */
  appId?: string
  /**
   * Also an embedded wallet, made by the wallet frame's own code against the server's custody routes (as a first
   * sign-in with `createOnLogin` would): `true` or 'ethereum' an Ethereum wallet, 'solana' a Solana one, or both in a
   * list. Automatic recovery: a browser signing in as the user recovers it by itself. Needs
   * `startFoyerTestServer({ wallets: true })` (or the embedded-wallet server plugin and an app with its section).
   */
  wallet?: TestWalletOption
}

/** A user the kit made: its id, its accounts, and the user as the server answers it. */
export interface TestUser {
  id: string
  email: string | null
  phone: string | null
  /** The user as the server answers it (with its wallet accounts when `wallet` made some). */
  user: User
  /** The embedded wallets' addresses by chain (`{}` without `wallet`). Only addresses: no key leaves the frame's code. */
  wallets: Partial<Record<TestWalletChain, string>>
  /** The first wallet's address (the Ethereum one when there is one), or null. */
  wallet: string | null
}

/**
 * Makes a user of `appId` through the server's own services (ctx.users, ctx.accounts, ctx.events), in one
 * transaction, with the `user.created` event a sign-up records. The user has no session: sign in to get one.
 */
export async function createTestUser(ctx: ServerContext, appId: string, options: CreateTestUserOptions, wallets?: () => TestWalletMaker): Promise<TestUser> {
  const email = options.email?.trim().toLowerCase() || null
  const phone = options.phone?.trim() || null
  if (!email && !phone) throw new Error('foyer/testing createUser: give an email, a phone, or both')
  if (phone && !/^\+[1-9]\d{6,14}$/.test(phone)) throw new Error(`foyer/testing createUser: phone must be in E.164 form (+12025550100), got ${phone}`)
  if (!ctx.apps.get(appId)) throw new Error(`foyer/testing createUser: no app ${appId}`)
  const chains = walletChainsOf(options.wallet)
  // Checked before the user is made: a server without embedded wallets throws here.
  const makeWallets = chains.length ? wallets?.() : undefined
  if (chains.length && !makeWallets) throw new Error('foyer/testing createUser: this server makes no wallets')
  const accounts: AccountInput[] = [
    ...(email ? [{ type: 'email', identifier: email, data: { address: email } }] : []),
    ...(phone ? [{ type: 'phone', identifier: phone, data: { number: phone } }] : []),
  ]
  const raw = await ctx.db.tx(async (tx) => {
    const userId = await ctx.users.create(appId, tx, new Date(ctx.now()))
    for (const account of accounts) await ctx.accounts.link(userId, account, { db: tx })
    const user = await ctx.users.get(userId, tx)
    const data = { user_id: userId, accounts: accounts.map((a) => ({ ...a.data, type: a.type })), source: 'foyer_testing' }
    await ctx.events.emit('user.created', { appId, userId, data, user, db: tx })
    return user
  })
  if (!makeWallets) return { id: raw.id, email, phone, user: toUser(raw), wallets: {}, wallet: null }
  const made = await makeWallets(raw.id, chains)
  return { id: raw.id, email, phone, user: toUser(await ctx.users.get(raw.id)), wallets: made, wallet: made.ethereum ?? made.solana ?? null }
}
