import type * as v from 'valibot'
import { importUsersPath, type ImportReport, type ImportResult, type ImportUserInput } from '../importSchema.js'
import { managementPaths, type CustomMetadata, type ManagementUser, type ManagementUserPage, type NewLinkedAccountSchema } from '../schema.js'
import { createAuthTokenVerifier, type AuthTokenClaims } from './authTokenVerifier.js'
import { FoyerApiError } from './FoyerApiError.js'
import { importChunks } from './importChunks.js'
import { managementRequest, type FetchLike, type ManagementTransport } from './managementRequest.js'
import { verifyWebhook, type FoyerWebhookEvent, type WebhookHeaders } from './webhookVerifier.js'

/** Options of `new FoyerClient`. */
export interface FoyerClientOptions {
  /** The app's id (`foyer_…`, 25 characters). */
  appId: string
  /**
   * One of the app's secrets (`foyer app-secret create <appId>`), for the management calls. Not needed for
   * `verifyAuthToken` and `webhooks.verify`. Keep it on the server: the API refuses any request with an Origin.
   */
  appSecret?: string
  /** The Foyer server's base URL, e.g. `https://auth.example.com`. */
  apiUrl: string
  /** The endpoint's signing secret (`whsec_…`, shown when the endpoint was added), for `webhooks.verify`. */
  webhookSecret?: string
  /** The server's token issuer (its `issuer` option). Default 'foyer', as the server's. */
  issuer?: string
  /** Clock skew tolerated on an access token's expiry, in seconds (default 0). */
  clockToleranceSeconds?: number
  /** How long the server's key set is cached (default 10 minutes). */
  jwksCacheMaxAgeMs?: number
  /** Least time between two key-set fetches for a key the cache lacks (default 30 s). */
  jwksCooldownMs?: number
  /** Time a call may take before it fails with FoyerNetworkError (default 30 000 ms). */
  timeoutMs?: number
  /** The fetch to call (default the global one). */
  fetch?: FetchLike
}

/** A linked account `createUser` gives a new user (Privy's REST shapes; a wallet is an external one: no key moves). */
export type NewLinkedAccount = v.InferInput<typeof NewLinkedAccountSchema>

/** `createUser`'s input. */
export interface CreateUserInput {
  linkedAccounts: NewLinkedAccount[]
  customMetadata?: CustomMetadata
}

/** `getUsers`'s filters. Times are whole seconds: createdAfter ≤ created_at < createdBefore. */
export interface GetUsersOptions {
  createdAfter?: Date
  createdBefore?: Date
  /** A linked account type (`email`, `wallet`, `phone`, …): users with at least one account of it. */
  loginMethod?: string
  /** An exact e-mail address, phone number, wallet address, custom-JWT subject, Farcaster fid, Telegram id or user id. */
  search?: string
  /** Users fetched per request, 1 to 100 (default 100). */
  pageSize?: number
}

/** `importUser`'s and `importUsers`' options. */
export interface ImportUsersOptions {
  /** Check every user as the import would and write nothing (each `created` then has no user_id). Default false. */
  dryRun?: boolean
}

/** What `revokeSessions` answers. */
export interface RevokeSessionsResult {
  revoked_sessions: number
}

const DEFAULT_TIMEOUT_MS = 30_000
const seconds = (date: Date) => {
  const ms = date instanceof Date ? date.getTime() : Number.NaN
  if (!Number.isFinite(ms)) throw new TypeError('FoyerClient: createdAfter and createdBefore must be valid Dates')
  return String(Math.floor(ms / 1000))
}
const isUserNotFound = (error: unknown) => error instanceof FoyerApiError && error.status === 404 && error.code === 'user_not_found'

/**
 * The server SDK (`foyer/node`): what an app's back end uses to trust its users' access tokens, manage the app's users
 * through the management API, and verify the server's webhooks. Runs on Node 20 and edge runtimes (fetch, WebCrypto).
 *
 * ```ts
 * const foyer = new FoyerClient({ appId, appSecret: process.env.FOYER_APP_SECRET, apiUrl: 'https://auth.example.com' })
 * const { userId } = await foyer.verifyAuthToken(bearerToken)
 * for await (const user of foyer.getUsers({ loginMethod: 'wallet' })) console.log(user.id)
 * ```
 */
export class FoyerClient {
  readonly appId: string
  readonly apiUrl: string
  readonly #transport: ManagementTransport
  readonly #verifyAuthToken: (token: string) => Promise<AuthTokenClaims>
  readonly #webhookSecret: string | undefined
  /** The server's webhooks: `verify(body, headers, secret?)` answers the event or throws WebhookVerificationError. */
  readonly webhooks: { verify(body: string | Uint8Array, headers: WebhookHeaders, secret?: string): FoyerWebhookEvent }

  constructor(options: FoyerClientOptions) {
    if (!options || typeof options.appId !== 'string' || !options.appId) throw new TypeError('FoyerClient: appId is required')
    let url: URL
    try {
      url = new URL(options.apiUrl)
    } catch {
      throw new TypeError('FoyerClient: apiUrl must be an absolute URL, e.g. https://auth.example.com')
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError('FoyerClient: apiUrl must be an http(s) URL')
    if (url.search || url.hash) throw new TypeError('FoyerClient: apiUrl takes no query or fragment')
    const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.appId = options.appId
    this.apiUrl = url.toString().replace(/\/+$/, '')
    this.#transport = { appId: options.appId, appSecret: options.appSecret, apiUrl: this.apiUrl, fetch: fetchImpl, timeoutMs }
    this.#verifyAuthToken = createAuthTokenVerifier({
      appId: options.appId,
      apiUrl: this.apiUrl,
      fetch: fetchImpl,
      timeoutMs,
      ...(options.issuer === undefined ? {} : { issuer: options.issuer }),
      ...(options.clockToleranceSeconds === undefined ? {} : { clockToleranceSeconds: options.clockToleranceSeconds }),
      ...(options.jwksCacheMaxAgeMs === undefined ? {} : { jwksCacheMaxAgeMs: options.jwksCacheMaxAgeMs }),
      ...(options.jwksCooldownMs === undefined ? {} : { jwksCooldownMs: options.jwksCooldownMs }),
    })
    this.#webhookSecret = options.webhookSecret
    this.webhooks = {
      verify: (body, headers, secret = this.#webhookSecret) => verifyWebhook(body, headers, secret as string),
    }
  }

  /**
   * Verifies a user's access token (the bearer token the host page sends) offline against the server's keys and answers
   * its claims. Throws FoyerAuthError for a forged, tampered, expired or another app's token, or one of another issuer;
   * FoyerNetworkError when the key set could not be fetched. A session revoked since the token was issued still
   * verifies until the token expires (at most an hour), as with any JWT.
   */
  verifyAuthToken(token: string): Promise<AuthTokenClaims> {
    return this.#verifyAuthToken(token)
  }

  /** The app's user `userId`, or null when the app has none of that id. */
  async getUser(userId: string): Promise<ManagementUser | null> {
    return this.#orNull(this.#call<ManagementUser>('GET', userPath(managementPaths.user, userId)))
  }

  /** The app's user with this e-mail address, or null. */
  async getUserByEmail(address: string): Promise<ManagementUser | null> {
    return this.#orNull(this.#call<ManagementUser>('POST', managementPaths.byEmail, { address }))
  }

  /** The app's user with this phone number (any form the server reads as E.164), or null. */
  async getUserByPhone(number: string): Promise<ManagementUser | null> {
    return this.#orNull(this.#call<ManagementUser>('POST', managementPaths.byPhone, { number }))
  }

  /** The app's user with this wallet (Ethereum in any case, or Solana), embedded or external, or null. */
  async getUserByWalletAddress(address: string): Promise<ManagementUser | null> {
    return this.#orNull(this.#call<ManagementUser>('POST', managementPaths.byWallet, { address }))
  }

  /**
   * Every user of the app matching `options`, oldest first, fetched a page at a time as the loop asks (the cursor stays
   * valid while users come and go: one created meanwhile comes at the end, one deleted before its page is left out).
   */
  async *getUsers(options: GetUsersOptions = {}): AsyncGenerator<ManagementUser, void, undefined> {
    const query: Record<string, string | undefined> = {
      limit: options.pageSize === undefined ? undefined : String(options.pageSize),
      created_after: options.createdAfter === undefined ? undefined : seconds(options.createdAfter),
      created_before: options.createdBefore === undefined ? undefined : seconds(options.createdBefore),
      login_method: options.loginMethod,
      search: options.search,
    }
    let cursor: string | undefined
    do {
      const page = await managementRequest<ManagementUserPage>(this.#transport, { method: 'GET', path: managementPaths.users, query: { ...query, cursor } })
      if (!page || !Array.isArray(page.data)) throw new FoyerApiError('The Foyer server answered a page that is not one', { status: 200, code: 'unexpected_response' })
      yield* page.data
      // A cursor that does not move would loop for ever: the server's answer is wrong, say so.
      if (page.next_cursor && page.next_cursor === cursor) throw new FoyerApiError('The Foyer server answered the same cursor twice', { status: 200, code: 'unexpected_response' })
      cursor = page.next_cursor ?? undefined
    } while (cursor)
  }

  /** Creates a user with these linked accounts at once (pre-provisioning); 409 `account_already_linked` if another user has one. */
  async createUser(input: CreateUserInput): Promise<ManagementUser> {
    const body = { linked_accounts: input?.linkedAccounts, ...(input?.customMetadata === undefined ? {} : { custom_metadata: input.customMetadata }) }
    return (await this.#call<ManagementUser>('POST', managementPaths.users, body))!
  }

  /**
   * Imports one user (POST /api/v1/users/import): its result says `created` (with the new user_id), `existing` (the user
   * who already has all its accounts), `conflict` or `invalid` (with `error: { field?, message }`).
   */
  async importUser(user: ImportUserInput, options: ImportUsersOptions = {}): Promise<ImportResult> {
    const report = await this.importUsers([user], options)
    return report.results[0]!
  }

  /**
   * Imports users in bulk (Privy's import shape: `{ linked_accounts, custom_metadata? }` each; wallets are external ones),
   * as many requests as it takes: at most 500 users and 100 KiB of JSON each. Answers one report over them all, each
   * result's `index` its user's place in `users`. Idempotent: a user whose accounts all belong to one user is `existing`,
   * so after a failure part-way (earlier requests stay committed) running the same import again is safe. A user too big
   * for any request throws a RangeError before anything is sent. A dry run judges each request on its own: two users
   * with the same account in different requests are both reported as `created`.
   */
  async importUsers(users: readonly ImportUserInput[], options: ImportUsersOptions = {}): Promise<ImportReport> {
    if (!Array.isArray(users)) throw new TypeError('FoyerClient.importUsers: users must be an array')
    const dryRun = options.dryRun ?? false
    const report: ImportReport = { results: [], created: 0, existing: 0, conflicts: 0, invalid: 0, dry_run: dryRun }
    for (const chunk of importChunks(users, dryRun)) {
      const part = await this.#call<ImportReport>('POST', importUsersPath, { users: chunk.users, dry_run: dryRun })
      if (!part || !Array.isArray(part.results) || part.results.length !== chunk.users.length) {
        throw new FoyerApiError('The Foyer server answered an import report that is not one', { status: 200, code: 'unexpected_response' })
      }
      for (const result of part.results) report.results.push({ ...result, index: chunk.first + result.index })
      report.created += part.created
      report.existing += part.existing
      report.conflicts += part.conflicts
      report.invalid += part.invalid
    }
    return report
  }

  /**
   * Deletes the user with their sessions, linked accounts, MFA, embedded wallets and their server shares, in one
   * transaction. True when deleted, false when the app has no such user. Funds in a wallet are yours to check first.
   */
  async deleteUser(userId: string): Promise<boolean> {
    try {
      await this.#call('DELETE', userPath(managementPaths.user, userId))
      return true
    } catch (error) {
      if (isUserNotFound(error)) return false
      throw error
    }
  }

  /** Replaces the user's custom metadata (a flat object of strings, numbers, booleans, ≤ 4 kB) and answers the user. */
  async setCustomMetadata(userId: string, customMetadata: CustomMetadata): Promise<ManagementUser> {
    return (await this.#call<ManagementUser>('POST', userPath(managementPaths.customMetadata, userId), { custom_metadata: customMetadata }))!
  }

  /** Ends every session of the user at once: refresh and access tokens stop working at the server. */
  async revokeSessions(userId: string): Promise<RevokeSessionsResult> {
    return (await this.#call<RevokeSessionsResult>('POST', userPath(managementPaths.revokeSessions, userId), {}))!
  }

  #call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T | null> {
    return managementRequest<T>(this.#transport, { method, path, ...(body === undefined ? {} : { body }) })
  }

  async #orNull(call: Promise<ManagementUser | null>): Promise<ManagementUser | null> {
    try {
      return await call
    } catch (error) {
      if (isUserNotFound(error)) return null
      throw error
    }
  }
}

/**
 * A route's path with the user id in it. An empty id, `.` or `..` is a mistake of the caller's, not a lookup: a URL
 * would read the last two as path steps (`/api/v1/users/..` is `/api/v1`), so they never leave.
 */
function userPath(route: string, userId: string): string {
  if (typeof userId !== 'string' || !userId || userId === '.' || userId === '..') throw new TypeError('FoyerClient: not a user id')
  return route.replace(':id', encodeURIComponent(userId))
}
