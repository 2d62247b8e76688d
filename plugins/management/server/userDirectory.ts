import type { Db, Secrets } from '../../../core/server/index.js'
import { HttpError } from '../../../core/server/index.js'
import { phoneIdentifier, walletIdentifier } from './accountIdentifiers.js'

/** Account types whose identifier is what an operator searches for: e-mail, phone (E.164), wallet, Farcaster fid, Telegram id. */
const SEARCHED_TYPES = ['email', 'phone', 'wallet', 'farcaster', 'telegram']

/** What GET /api/v1/users filters by (validated). */
export interface UserListing {
  cursor?: string | undefined
  limit: number
  createdAfter?: number | undefined
  createdBefore?: number | undefined
  loginMethod?: string | undefined
  search?: string | undefined
}

/**
 * A position in the listing: the last user's creation time as the database writes it (exact to the microsecond) and its
 * id, signed with the server's secret, so a cursor is only ever one this server made (a forged one is 400, never SQL).
 */
type Cursor = [createdAt: string, id: string]

const encodeCursor = (secrets: Secrets, cursor: Cursor) => {
  const body = Buffer.from(JSON.stringify(cursor)).toString('base64url')
  return `${body}.${secrets.hmac(`users-cursor:${body}`)}`
}
function decodeCursor(secrets: Secrets, value: string): Cursor {
  const [body = '', mac = '', ...rest] = value.split('.')
  if (!rest.length && body && secrets.equal(mac, secrets.hmac(`users-cursor:${body}`))) {
    const parsed: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') return [parsed[0], parsed[1]]
  }
  throw new HttpError(400, 'invalid_data', 'cursor: Invalid cursor')
}

/**
 * One page of the app's users, oldest first: keyset pagination on (created_at, id), so users created or deleted between
 * pages neither repeat nor push others out. Answers the ids and the next page's cursor (null on the last page).
 */
export async function listUserIds(db: Db, secrets: Secrets, appId: string, listing: UserListing): Promise<{ ids: string[]; nextCursor: string | null }> {
  const params: unknown[] = [appId]
  const param = (value: unknown) => `$${params.push(value)}`
  const where = ['u.app_id = $1']
  if (listing.createdAfter !== undefined) where.push(`u.created_at >= ${param(new Date(listing.createdAfter * 1000))}`)
  if (listing.createdBefore !== undefined) where.push(`u.created_at < ${param(new Date(listing.createdBefore * 1000))}`)
  if (listing.loginMethod !== undefined) where.push(`EXISTS (SELECT 1 FROM linked_accounts t WHERE t.user_id = u.id AND t.type = ${param(listing.loginMethod)})`)
  if (listing.search !== undefined) {
    // The few users the search names come first, through the account indexes; the page is then read among them.
    const matched = await searchUserIds(db, appId, listing.search)
    if (!matched.length) return { ids: [], nextCursor: null }
    where.push(`u.id = ANY(${param(matched)})`)
  }
  if (listing.cursor !== undefined) {
    const [createdAt, id] = decodeCursor(secrets, listing.cursor)
    where.push(`(u.created_at, u.id) > (${param(createdAt)}::timestamptz, ${param(id)}::text)`)
  }
  const rows = await db.query<{ id: string; created_at: string }>(
    `SELECT u.id, u.created_at::text AS created_at FROM users u WHERE ${where.join(' AND ')} ORDER BY u.created_at, u.id LIMIT ${param(listing.limit + 1)}`,
    params,
  )
  const page = rows.slice(0, listing.limit)
  const last = page.at(-1)
  return { ids: page.map((r) => r.id), nextCursor: rows.length > listing.limit && last ? encodeCursor(secrets, [last.created_at, last.id]) : null }
}

/**
 * The app's users an exact search names: by e-mail (any case), phone (any formatting), wallet address (0x in any case),
 * Farcaster fid, Telegram id (account identifiers, the accounts' unique index), custom-JWT subject (its own index) or id.
 */
async function searchUserIds(db: Db, appId: string, search: string): Promise<string[]> {
  const candidates = [search, search.toLowerCase(), phoneIdentifier(search) ?? search, walletIdentifier(search)?.identifier ?? search]
  const types = SEARCHED_TYPES.map((_, i) => `$${i + 4}`).join(', ')
  const rows = await db.query<{ user_id: string }>(
    `SELECT user_id FROM linked_accounts WHERE app_id = $1 AND type IN (${types}) AND identifier = ANY($2)
     UNION SELECT user_id FROM linked_accounts WHERE app_id = $1 AND type = 'custom_auth' AND data->>'customUserId' = $3
     UNION SELECT id FROM users WHERE app_id = $1 AND id = $3`,
    [appId, [...new Set(candidates)], search, ...SEARCHED_TYPES],
  )
  return rows.map((r) => r.user_id)
}

/** The user of the app that holds the account (type + stored identifier), or null. */
export async function accountOwner(db: Db, appId: string, type: string, identifier: string): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>('SELECT user_id FROM linked_accounts WHERE app_id = $1 AND type = $2 AND identifier = $3', [appId, type, identifier])
  return row?.user_id ?? null
}
