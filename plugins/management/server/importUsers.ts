import type { Context } from 'hono'
import * as v from 'valibot'
import type { Db, Events, Users } from '../../../core/server/index.js'
import { HttpError } from '../../../core/server/index.js'
import { ImportUserSchema, type ImportLinkedAccount, type ImportReport, type ImportResult } from '../importSchema.js'
import type { NewLinkedAccount } from '../schema.js'
import { storedAccounts } from './createManagedUser.js'
import { customMetadataStore } from './customMetadataStore.js'

/** What an import writes with: the route's ServerContext, or the CLI's services over the server's database. */
export interface ImportDeps {
  db: Db
  now: () => number
  users: Pick<Users, 'create' | 'get'>
  events: Pick<Events, 'emit'>
}

/** Options of importUsers. */
export interface ImportOptions {
  dryRun?: boolean
  /** Index of the first row (a file's line, for the CLI's chunks). Default 0. */
  firstIndex?: number
  /** Rows per transaction; each row has its own savepoint, so a failed row keeps nothing and the others stay. Default 100. */
  batchSize?: number
  /** Who the events name: `app:<secret prefix>` for the API, 'cli' for `foyer users import`. */
  actor: string
  c?: Context
  /**
   * Accounts claimed by earlier rows of a dry run (nothing is written, so the database can't tell): pass the same map
   * to every chunk of one file. Key `type\0identifier` → the row that would hold it.
   */
  claimed?: Map<string, number>
}

interface StoredAccount {
  type: string
  identifier: string
  data: Record<string, unknown>
}

type Checked = { ok: true; accounts: StoredAccount[]; metadata: ImportRow['custom_metadata'] } | { ok: false; result: ImportResult }
type ImportRow = v.InferOutput<typeof ImportUserSchema>

const keyOf = (a: { type: string; identifier: string }) => `${a.type}\u0000${a.identifier}`

// PostgreSQL text and jsonb take neither U+0000 nor an unpaired surrogate (core's unstorableText.ts; the HTTP layer
// refuses them for the route, the CLI's rows meet them here).
const UNSTORABLE = /[\u0000\p{Cs}]/u

/** The dot path of the first string (key or value) PostgreSQL can't store in a parsed row, or null. */
function firstUnstorable(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key
      if (UNSTORABLE.test(key)) return path
      const found = firstUnstorable(item, at)
      if (found !== null) return found
    }
  }
  return null
}

/** The row's accounts as stored, or why the row is malformed (nothing of it is stored). */
function checkRow(index: number, row: unknown): Checked {
  const parsed = v.safeParse(ImportUserSchema, row)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const field = v.getDotPath(issue)
    return { ok: false, result: { index, status: 'invalid', error: { ...(field ? { field } : {}), message: issue.message } } }
  }
  const unstorable = firstUnstorable(parsed.output)
  if (unstorable !== null) return { ok: false, result: { index, status: 'invalid', error: { ...(unstorable ? { field: unstorable } : {}), message: 'Text with a NUL character or an unpaired surrogate' } } }
  const custom: { at: number; account: StoredAccount }[] = []
  const others: { at: number; account: NewLinkedAccount }[] = []
  parsed.output.linked_accounts.forEach((account: ImportLinkedAccount, at) => {
    if (account.type === 'custom_auth') {
      // The custom-jwt plugin's key: the (iss, sub) pair.
      const identifier = JSON.stringify([account.issuer, account.custom_user_id])
      custom.push({ at, account: { type: 'custom_auth', identifier, data: { customUserId: account.custom_user_id, issuer: account.issuer } } })
    } else others.push({ at, account })
  })
  if (custom.length > 1) {
    return { ok: false, result: { index, status: 'invalid', error: { field: `linked_accounts.${custom[1]!.at}`, message: 'At most one custom_auth account' } } }
  }
  try {
    const stored = storedAccounts(others.map((o) => o.account))
    return { ok: true, accounts: [...stored, ...custom.map((c) => c.account)], metadata: parsed.output.custom_metadata }
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    // storedAccounts names the account by its place among the others: back to the row's own numbering.
    const match = /^linked_accounts\.(\d+): (.*)$/.exec(error.message)
    const at = match ? others[Number(match[1])]?.at : undefined
    return { ok: false, result: { index, status: 'invalid', error: { ...(at !== undefined ? { field: `linked_accounts.${at}` } : {}), message: match?.[2] ?? error.message } } }
  }
}

/** A row whose accounts some user already has: the same user for all of them (existing), or a conflict. */
function judgeOwners(index: number, accounts: readonly StoredAccount[], owners: ReadonlyMap<string, string>): ImportResult | null {
  if (!owners.size) return null
  const held = accounts.map((a) => owners.get(keyOf(a)))
  const distinct = new Set(held.filter((o): o is string => o !== undefined))
  const free = held.findIndex((o) => o === undefined)
  if (distinct.size === 1 && free === -1) return { index, status: 'existing', user_id: [...distinct][0]! }
  if (distinct.size > 1) return { index, status: 'conflict', error: { field: 'linked_accounts', message: 'The accounts belong to different users' } }
  const taken = held.findIndex((o) => o !== undefined)
  return { index, status: 'conflict', error: { field: `linked_accounts.${taken}`, message: `This ${accounts[taken]!.type} account already belongs to another user, without the row's other accounts` } }
}

/** `($n, $n+1), …` for each account's (type, identifier), from parameter `first` on. */
const pairsOf = (accounts: readonly unknown[], first: number) => accounts.map((_, i) => `($${2 * i + first}, $${2 * i + first + 1})`).join(', ')

/** Proven holders of `accounts` in the app (an unproven claim gives way, as it does to a sign-in). */
async function ownersOf(db: Db, appId: string, accounts: readonly StoredAccount[]): Promise<Map<string, string>> {
  const pairs = pairsOf(accounts, 2)
  const rows = await db.query<{ type: string; identifier: string; user_id: string }>(
    `SELECT type, identifier, user_id FROM linked_accounts WHERE app_id = $1 AND NOT unproven AND (type, identifier) IN (${pairs})`,
    [appId, ...accounts.flatMap((a) => [a.type, a.identifier])],
  )
  return new Map(rows.map((r) => [keyOf(r), r.user_id]))
}

/** Thrown inside a row's savepoint when a concurrent sign-in took one of its accounts: the row is undone, reported. */
class RowConflict extends Error {}

/**
 * Imports `rows` into `appId`: each row is a user with all its accounts or nothing (its own savepoint), rows go in
 * transactions of `batchSize`. Idempotent: a row whose accounts all belong to one user is `existing`, never a second
 * user. Each created user commits with its `user.created` event (audit log, webhooks). A dry run checks the same way
 * and writes nothing.
 */
export async function importUsers(deps: ImportDeps, appId: string, rows: readonly unknown[], options: ImportOptions): Promise<ImportReport> {
  const { dryRun = false, firstIndex = 0, batchSize = 100, actor, c } = options
  const claimed = options.claimed ?? new Map<string, number>()
  const results: ImportResult[] = []

  const importRow = async (tx: Db, index: number, row: unknown): Promise<ImportResult> => {
    const checked = checkRow(index, row)
    if (!checked.ok) return checked.result
    const { accounts, metadata } = checked
    const owners = await ownersOf(tx, appId, accounts)
    const judged = judgeOwners(index, accounts, owners)
    if (judged) return judged
    if (dryRun) {
      // An earlier row of this run would hold some of the accounts.
      const earlier = new Set(accounts.map((a) => claimed.get(keyOf(a))))
      if (earlier.size === 1 && !earlier.has(undefined)) return { index, status: 'existing', error: { message: `The same accounts as row ${[...earlier][0]}` } }
      if ([...earlier].some((e) => e !== undefined)) return { index, status: 'conflict', error: { field: 'linked_accounts', message: 'Some of the accounts are in an earlier row' } }
      for (const a of accounts) claimed.set(keyOf(a), index)
      return { index, status: 'created' }
    }
    await tx.query('SAVEPOINT foyer_import_row')
    try {
      const at = new Date(deps.now())
      const userId = await deps.users.create(appId, tx, at)
      // Unproven claims of these accounts give way (users.releaseUnproven's rule, one statement for the row's accounts).
      await tx.query(`DELETE FROM linked_accounts WHERE app_id = $1 AND unproven AND (type, identifier) IN (${pairsOf(accounts, 2)})`, [appId, ...accounts.flatMap((a) => [a.type, a.identifier])])
      const values = accounts.map((_, i) => `($1, $2, $${3 * i + 4}, $${3 * i + 5}, $${3 * i + 6}, $3, $3, $3)`).join(', ')
      const inserted = await tx.query<{ type: string }>(
        `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at)
         VALUES ${values} ON CONFLICT (app_id, type, identifier) DO NOTHING RETURNING type`,
        [userId, appId, at, ...accounts.flatMap((a) => [a.type, a.identifier, JSON.stringify(a.data)])],
      )
      // A concurrent holder (a sign-in since the check) made an insert do nothing: the row is undone and reported.
      if (inserted.length !== accounts.length) throw new RowConflict(accounts.find((a) => !inserted.some((r) => r.type === a.type))?.type ?? accounts[0]!.type)
      if (metadata) await customMetadataStore.set(tx, userId, metadata, at)
      const user = await deps.users.get(userId, tx)
      // A sign-up's shape (`account`: the first one), with all of the row's accounts and where it came from.
      const linked = accounts.map((a) => ({ ...a.data, type: a.type }))
      const data = { user_id: userId, account: linked[0], linked_accounts: linked, source: 'import' }
      await deps.events.emit('user.created', { appId, userId, actor, data, user, db: tx, ...(c ? { c } : {}) })
      await tx.query('RELEASE SAVEPOINT foyer_import_row')
      return { index, status: 'created', user_id: userId }
    } catch (error) {
      await tx.query('ROLLBACK TO SAVEPOINT foyer_import_row')
      if (error instanceof RowConflict) return { index, status: 'conflict', error: { field: 'linked_accounts', message: `A ${error.message} account was linked to another user meanwhile` } }
      throw error
    }
  }

  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize)
    const done = await deps.db.tx(async (tx) => {
      const out: ImportResult[] = []
      for (let i = 0; i < batch.length; i++) out.push(await importRow(tx, firstIndex + start + i, batch[i]))
      return out
    })
    results.push(...done)
  }
  const count = (status: ImportResult['status']) => results.filter((r) => r.status === status).length
  return { results, created: count('created'), existing: count('existing'), conflicts: count('conflict'), invalid: count('invalid'), dry_run: dryRun }
}
