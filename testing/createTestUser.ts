import type { AccountInput } from '../core/server/users.js'
import type { ServerContext } from '../core/server/types.js'
import { toUser } from '../core/protocol/toUser.js'
import type { User } from '../core/protocol/user.js'

/** Options of `createUser`. At least one of `email` and `phone`. */
export interface CreateTestUserOptions {
  /** The user's e-mail account (stored lower-cased, as an e-mail sign-in would). */
  email?: string
  /** The user's phone account, in E.164 form (`+12025550100`). */
  phone?: string
  /** The app the user belongs to; default the kit's first app. */
  appId?: string
}

/** A user the kit made: its id, its accounts, and the user as the server answers it. */
export interface TestUser {
  id: string
  email: string | null
  phone: string | null
  user: User
}

/**
 * Makes a user of `appId` through the server's own services (ctx.users, ctx.accounts, ctx.events), in one
 * transaction, with the `user.created` event a sign-up records. The user has no session: sign in to get one.
 */
export async function createTestUser(ctx: ServerContext, appId: string, options: CreateTestUserOptions): Promise<TestUser> {
  const email = options.email?.trim().toLowerCase() || null
  const phone = options.phone?.trim() || null
  if (!email && !phone) throw new Error('foyer/testing createUser: give an email, a phone, or both')
  if (phone && !/^\+[1-9]\d{6,14}$/.test(phone)) throw new Error(`foyer/testing createUser: phone must be in E.164 form (+12025550100), got ${phone}`)
  if (!ctx.apps.get(appId)) throw new Error(`foyer/testing createUser: no app ${appId}`)
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
  return { id: raw.id, email, phone, user: toUser(raw) }
}
