import { randomBytes } from 'node:crypto'
import type { LinkedAccount, RawUser } from '../protocol/index.js'
import type { Db } from './db/Db.js'
import { HttpError } from './HttpError.js'

/** An account a login method proves: `identifier` is normalized (e.g. a lower-cased e-mail). */
export interface AccountInput {
  type: string
  identifier: string
  /** Spec fields sent with the account (e.g. `{ address }`); stored as jsonb. */
  data?: Record<string, unknown>
}

interface AccountRow {
  user_id: string
  type: string
  identifier: string
  data: Record<string, unknown>
  verified_at: Date
  first_verified_at: Date | null
  latest_verified_at: Date | null
}

interface UserRow {
  id: string
  created_at: Date
  has_accepted_terms: boolean
  is_guest: boolean
}

const seconds = (date: Date | null) => (date ? Math.floor(new Date(date).getTime() / 1000) : null)

/** Reads users and their accounts in the User JSON shape. */
export interface Users {
  /** The user as the wire sends it; 401 unauthorized when gone (deleted while a token lived). */
  get(userId: string, db?: Db): Promise<RawUser>
  /**
   * The users of `userIds` as `get` answers each, in a constant number of queries (a listing's page): in the ids'
   * order, a user that is gone left out.
   */
  getMany(userIds: readonly string[], db?: Db): Promise<RawUser[]>
  /** Creates a user row; callers create its first account in the same transaction. */
  create(appId: string, db: Db, now: Date): Promise<string>
  /** Finds the owner of an account in an app. */
  findAccountOwner(appId: string, type: string, identifier: string, db?: Db): Promise<string | null>
  /**
   * Drops an unproven claim of this account (stored before its key proved it): called right before a proven sign-in
   * or link stores the same account, which takes its place.
   */
  releaseUnproven(appId: string, type: string, identifier: string, db: Db): Promise<void>
  /**
   * Deletes the app's user with everything it owns, in one transaction (joining `db`'s): its rows in every table that
   * references users (sessions and refresh tokens, accounts, wallets' roots and shares: ON DELETE CASCADE) and the rows
   * plugins keep of it otherwise (ServerPlugin.forgetUser). False when the app has no such user.
   */
  delete(appId: string, userId: string, db?: Db): Promise<boolean>
}

/** What the plugins add to a user: its enrolled MFA methods and their own fields. */
export interface UserExtras {
  mfaMethods(db: Db, userId: string): Promise<string[]>
  fields(db: Db, userId: string): Promise<Record<string, unknown>>
  /** `mfaMethods` and `fields` of many users at once, for getMany (without them: per user). */
  mfaMethodsOf?(db: Db, userIds: readonly string[]): Promise<Map<string, string[]>>
  fieldsOf?(db: Db, userIds: readonly string[]): Promise<Map<string, Record<string, unknown>>>
  /** Deletes what plugins keep of a user without a foreign key (ServerPlugin.forgetUser), in the caller's transaction. */
  forget?(db: Db, userId: string): Promise<void>
}

/** Creates the users service over `db`. */
export function createUsers(root: Db, extras: UserExtras): Users {
  return {
    async get(userId, db = root) {
      const [user] = await db.query<UserRow>(
        'SELECT id, created_at, has_accepted_terms, is_guest FROM users WHERE id = $1',
        [userId],
      )
      if (!user) throw new HttpError(401, 'unauthorized', 'User not found')
      const accounts = await db.query<AccountRow>(
        `SELECT user_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at
         FROM linked_accounts WHERE user_id = $1 ORDER BY id`,
        [userId],
      )
      return {
        id: user.id,
        createdAt: seconds(user.created_at)!,
        linkedAccounts: accounts.map(toLinkedAccount),
        mfaMethods: await extras.mfaMethods(db, userId),
        hasAcceptedTerms: user.has_accepted_terms,
        isGuest: user.is_guest,
        ...(await extras.fields(db, userId)),
      }
    },
    async getMany(userIds, db = root) {
      if (!userIds.length) return []
      const ids = [...new Set(userIds)]
      const users = await db.query<UserRow>('SELECT id, created_at, has_accepted_terms, is_guest FROM users WHERE id = ANY($1)', [ids])
      const found = users.map((u) => u.id)
      const accounts = await db.query<AccountRow>(
        `SELECT user_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at
         FROM linked_accounts WHERE user_id = ANY($1) ORDER BY id`,
        [found],
      )
      const mfa = extras.mfaMethodsOf ? await extras.mfaMethodsOf(db, found) : await eachOf(found, (id) => extras.mfaMethods(db, id))
      const fields = extras.fieldsOf ? await extras.fieldsOf(db, found) : await eachOf(found, (id) => extras.fields(db, id))
      const accountsOf = new Map(found.map((id) => [id, [] as LinkedAccount[]]))
      for (const row of accounts) accountsOf.get(row.user_id)?.push(toLinkedAccount(row))
      const byId = new Map(users.map((u) => [u.id, u]))
      return userIds.flatMap((id) => {
        const user = byId.get(id)
        if (!user) return []
        return [{
          id: user.id,
          createdAt: seconds(user.created_at)!,
          linkedAccounts: accountsOf.get(id)!,
          mfaMethods: mfa.get(id) ?? [],
          hasAcceptedTerms: user.has_accepted_terms,
          isGuest: user.is_guest,
          ...fields.get(id),
        }]
      })
    },
    async create(appId, db, now) {
      const id = `did:foyer:${randomBytes(15).toString('hex')}`
      await db.query('INSERT INTO users (id, app_id, created_at) VALUES ($1, $2, $3)', [id, appId, now])
      return id
    },
    async findAccountOwner(appId, type, identifier, db = root) {
      const [row] = await db.query<{ user_id: string }>(
        'SELECT user_id FROM linked_accounts WHERE app_id = $1 AND type = $2 AND identifier = $3 AND NOT unproven',
        [appId, type, identifier],
      )
      return row?.user_id ?? null
    },
    delete: (appId, userId, db = root) =>
      db.tx(async (tx) => {
        const deleted = await tx.query('DELETE FROM users WHERE id = $1 AND app_id = $2 RETURNING id', [userId, appId])
        if (!deleted.length) return false
        await extras.forget?.(tx, userId)
        return true
      }),
    async releaseUnproven(appId, type, identifier, db) {
      await db.query('DELETE FROM linked_accounts WHERE app_id = $1 AND type = $2 AND identifier = $3 AND unproven', [appId, type, identifier])
    },
  }
}

/** `read` of each id, one after the other (a transaction's queries go one at a time). */
async function eachOf<T>(ids: readonly string[], read: (id: string) => Promise<T>): Promise<Map<string, T>> {
  const out = new Map<string, T>()
  for (const id of ids) out.set(id, await read(id))
  return out
}

function toLinkedAccount(row: AccountRow): LinkedAccount {
  return {
    type: row.type,
    ...row.data,
    verifiedAt: seconds(row.verified_at)!,
    firstVerifiedAt: seconds(row.first_verified_at),
    latestVerifiedAt: seconds(row.latest_verified_at),
  }
}
