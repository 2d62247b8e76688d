import { createHash } from 'node:crypto'
import * as v from 'valibot'
import type { Db } from './db/Db.js'
import { HttpError } from './HttpError.js'
import type { AccountInput } from './users.js'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DOMAIN_WILDCARD = /^\*@[^\s@*]+\.[^\s@*]+$/
const E164 = /^\+[1-9]\d{6,14}$/
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * One allowlist entry: an e-mail (`alice@example.com`), a domain wildcard (`*@company.com`), an E.164
 * phone (`+14155550100`), an EVM address (`0x` + 40 hex) or, for other account types, the exact account
 * identifier (e.g. a Solana address).
 */
export const AllowlistEntrySchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Must not be empty'),
  v.regex(/^\S+$/, 'Must not contain spaces'),
  v.check(
    (s) => (s.startsWith('*') ? DOMAIN_WILDCARD.test(s) : s.includes('@') ? EMAIL.test(s) : true),
    'Must be an e-mail address or a domain wildcard like *@company.com',
  ),
  v.check((s) => !s.startsWith('+') || E164.test(s), 'Must be a phone number in E.164 form like +14155550100'),
  v.check((s) => !/^0x/i.test(s) || EVM_ADDRESS.test(s), 'Must be a 0x address of 40 hex digits'),
)

/** Server-only app-config fields of the app policy (never part of the public config). */
export const appPolicyEntries = {
  /** Who may sign up; when present, a new user's first account must match an entry. */
  allowlist: v.optional(v.array(AllowlistEntrySchema)),
  /** How many users the app may have; creating one more is refused. */
  max_users: v.optional(v.pipe(v.number(), v.integer('Must be an integer'), v.minValue(0, 'Must be 0 or more'))),
}

/** The app policy as the server uses it. */
export interface AppPolicy {
  allowlist: string[] | null
  maxUsers: number | null
}

const emailMatches = (entry: string, email: string) => {
  const address = email.toLowerCase()
  const wanted = entry.toLowerCase()
  return wanted.startsWith('*@') ? address.endsWith(wanted.slice(1)) : address === wanted
}

/**
 * Whether an account may sign up under `allowlist`. E-mail accounts match an address or a domain
 * wildcard, case-insensitively; OAuth-style accounts match by the e-mail their provider verified
 * (`data.email`) or by identifier; phones match exactly; 0x addresses case-insensitively; any other
 * type (Solana, passkey, guest, custom...) only when its identifier is listed exactly.
 */
export function matchesAllowlist(allowlist: readonly string[], account: AccountInput): boolean {
  const oauthEmail = typeof account.data?.email === 'string' ? account.data.email : null
  return allowlist.some((entry) => {
    if (account.type === 'email') return emailMatches(entry, account.identifier)
    if (oauthEmail && (entry.includes('@')) && emailMatches(entry, oauthEmail)) return true
    if (EVM_ADDRESS.test(entry)) return entry.toLowerCase() === account.identifier.toLowerCase()
    return entry === account.identifier
  })
}

/**
 * Checks a sign-up inside the login transaction, before the user is created: the allowlist, then the
 * user limit. The limit holds under parallel sign-ups because a per-app advisory lock serializes the
 * count-then-insert of every sign-up of the app until its transaction ends (PGlite and PostgreSQL alike).
 */
export async function enforceSignupPolicy(policy: AppPolicy, appId: string, account: AccountInput, tx: Db): Promise<void> {
  if (policy.allowlist && !matchesAllowlist(policy.allowlist, account)) {
    throw new HttpError(403, 'allowlist_rejected', 'This account is not on the allowlist of this app')
  }
  if (policy.maxUsers === null) return
  // The lock's key is computed here, not by hashtext() in SQL: one engine-neutral bigint (docs/distributed-engines.md).
  await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [advisoryKey(`foyer.users:${appId}`)])
  const [{ n } = { n: 0 }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE app_id = $1', [appId])
  if (n >= policy.maxUsers) throw new HttpError(403, 'user_limit_reached', 'This app has reached its user limit')
}

/** A bigint advisory-lock key for `name`: the first 8 bytes of its SHA-256, signed, as a decimal string. */
export function advisoryKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString()
}
