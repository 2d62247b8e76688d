import type { PublicConfigFn } from './apps.js'
import type * as v from 'valibot'
import type { Context, Hono } from 'hono'
import type { GenericSchema, InferOutput } from 'valibot'
import type { Mode, RawUser, TokenResponse } from '../protocol/index.js'
import type { Accounts } from './accounts.js'
import type { AppSecrets } from './appSecrets.js'
import type { AppStore } from './AppStore.js'
import type { CaptchaVerifier } from './captcha.js'
import type { App } from './apps.js'
import type { Db } from './db/Db.js'
import type { Audit } from './events/createAudit.js'
import type { Events, ServerEvent } from './events/createEvents.js'
import type { Migration } from './db/runMigrations.js'
import type { HttpError } from './HttpError.js'
import type { ResolvedTrustProxy } from './http/clientIp.js'
import type { Logger } from './Logger.js'
import type { Mailer } from './mailer.js'
import type { Mfa, MfaMethod } from './mfa.js'
import type { ServerMetrics } from './observability/createMetrics.js'
import type { RateLimiter, RateLimitRule } from './rateLimit.js'
import type { Secrets } from './secrets.js'
import type { SmsSender } from './sms.js'
import type { Sessions } from './sessions.js'
import type { Tokens } from './tokens.js'
import type { AccountInput, Users } from './users.js'

/** The caller a valid bearer access token names. */
export interface AuthedUser {
  userId: string
  appId: string
  sessionId: string
}

/** Input of `ctx.auth.login`. */
export interface LoginInput {
  account: AccountInput
  /** 'no-signup' refuses unknown accounts (404 user_does_not_exist), as does the app's disable_signup. */
  mode?: Mode
  /** Join an outer transaction (e.g. the one consuming a verification code). */
  db?: Db
}

/** The generic login service every login plugin ends in. */
export interface Auth {
  /** Find-or-create user + account, start a session, sign tokens; one transaction. */
  login(c: Context, input: LoginInput): Promise<TokenResponse>
  /** Verifies the bearer token for the request's app and that its session is live; else 401. */
  requireUser(c: Context): Promise<AuthedUser>
  /** `requireUser`, then the device proof of the key bound to the session (see ServerContext.requireDeviceProof). */
  requireDeviceProof(c: Context): Promise<AuthedUser>
}

/** The apps the server serves. */
export interface Apps {
  get(appId: string): App | undefined
  /** The app named by the request's `foyer-app-id` header (the middleware already checked it). */
  of(c: Context): App
  list(): App[]
}

/** Settings the server resolved from its options and the environment. */
export interface ResolvedConfig {
  dev: boolean
  devAppId: string | null
  issuer: string
  accessTokenTtlSeconds: number
  refreshGraceSeconds: number
  /** Trusted proxy hops, or trusted proxy addresses and ranges; 0 when the socket's peer is the client. */
  trustProxy: ResolvedTrustProxy
  rateLimits: Record<string, RateLimitRule>
  /** The embedded-wallet frame's origin (another listener); every app's routes allow it. */
  walletOrigin: string | null
  /**
   * The folder the embedded database (PGlite) lives in, where dev-only generated files may be kept; null when the
   * database is PostgreSQL (DATABASE_URL), in memory (':memory:'), or handed in (`db`) without a `dataDir`.
   */
  dataDir: string | null
}

/** What a server plugin's routes get. */
export interface ServerContext {
  /** Every plugin's frame half, by plugin id (the wallet frame's server serves and lists them). */
  frameHalves: readonly (ServerPluginFrame & { id: string })[]
  db: Db
  config: ResolvedConfig
  /** The apps as this instance serves them now (an in-memory copy of the app store, reloaded when it changes). */
  apps: Apps
  /**
   * The apps in the database (core/server/AppStore.ts): list/get (secret fields masked), create/update/delete (validated
   * like the config, audited, applied here at once and on every instance within `appsRefreshMs`).
   */
  appStore: AppStore
  tokens: Tokens
  sessions: Sessions
  auth: Auth
  /** Same as `auth.requireUser`. */
  requireUser(c: Context): Promise<AuthedUser>
  users: Users
  accounts: Accounts
  /**
   * The apps' secrets (HTTP Basic `appId:secret`, as Privy's REST API): routes for an app's back end call
   * `appSecrets.authenticate(c)`, which answers the app id or throws 401 `invalid_app_secret`
   * (`authenticateSecret(c)`: also which secret, for the audit log's actor `app:<prefix>`).
   */
  appSecrets: AppSecrets
  /** Counts a hit on `key`; false when over `limit` in the window. */
  rateLimit: RateLimiter
  /** Counts a hit on `key` under the named rule (plugin default, overridable); throws 429 too_many_requests. */
  enforceRateLimit(rule: string, key: string): Promise<void>
  mailer: Mailer
  /** Where SMS leave: the configured provider, else (dev) the dev outbox. */
  sms: SmsSender
  /** Validates a value; throws 400 invalid_data naming the field. */
  parse<S extends GenericSchema>(schema: S, value: unknown): InferOutput<S>
  /** Reads and validates the JSON body. */
  body<S extends GenericSchema>(c: Context, schema: S): Promise<InferOutput<S>>
  HttpError: typeof HttpError
  secrets: Secrets
  /** The client's IP: the socket's peer, or behind trusted proxies X-Forwarded-For read from the right; 'unknown' when absent. */
  clientIp(c: Context): string
  logger: Logger
  /** The server clock in epoch milliseconds (tests move it). */
  now(): number
  /** A user as the wire sends it. */
  getUser(userId: string): Promise<RawUser>
  /**
   * Call first in every route that sends a code or starts a login (init routes, guest creation): a no-op
   * when the app has captcha off; otherwise the token must be fresh, unused and accepted by the app's
   * captcha verifier, else 400 `invalid_captcha` (also when the provider can't be reached: fail closed).
   */
  verifyCaptcha(c: Context, token: string | null | undefined): Promise<void>
  /**
   * For routes that need a fresh MFA verification: `requireUser`, then, when the user has an MFA method
   * enrolled (asked of the `mfa` plugins), a verification of this user and session recorded within the
   * server's window (`mfaWindowSeconds`, default 15 minutes; `mfa.recordVerification`), else 403
   * `missing_or_invalid_mfa`. Users without one pass.
   * `mfaValidForMs`: how much longer the verification lets this session through (null: the user has no MFA).
   */
  requireMfa(c: Context): Promise<AuthedUser & { mfaValidForMs: number | null }>
  /**
   * For custody routes (the wallet frame's calls that release or change key shares): `requireUser`, then a proof
   * (`foyer-device-proof`, core/protocol/deviceKeys.ts) signed by the device key the session was bound to at login —
   * so a bearer token, a refresh token, any header and any body are not enough — then `requireMfa`'s check.
   * 401 `session_not_bound` / `device_proof_required` / `invalid_device_proof`, 403 `missing_or_invalid_mfa`.
   */
  requireCustody(c: Context): Promise<AuthedUser & { mfaValidForMs: number | null }>
  /** The user's enrolled MFA methods, and where MFA plugins record a passed check. */
  mfa: Mfa
  /**
   * Has core's sweep job delete `table`'s rows a day after their `expires_at` (the code stores of
   * `createOtpCodes` register theirs). Call while the routes are set up.
   */
  sweepExpired(table: string): void
  /**
   * The server's Prometheus metrics (served at /metrics): a plugin registers its counters here, e.g.
   * `ctx.metrics.counter({ name: 'foyer_x_total', help, labelNames: ['kind'] }).inc({ kind })`. Label values from a
   * small fixed set only: never ids, addresses or paths.
   */
  metrics: ServerMetrics
  /**
   * User lifecycle and security events (core/server/events/serverEventTypes.ts): `emit` them where the change happens,
   * with the change's transaction as `db`, so an event exists if and only if its change committed. Each lands in the
   * audit log and in every plugin's `onEvent` (the webhooks plugin's outbox).
   */
  events: Events
  /** The audit log: `list({ appId, userId?, event?, before?, limit })`, newest first. */
  audit: Audit
}

/** What `ServerHook.matcher` is asked about. */
export interface ServerHookRequest {
  path: string
  method: string
}

/**
 * Code that runs around the /api/v1 routes a matcher picks, in plugin order (better-auth's hooks). A
 * `before` hook may end the request by answering a Response or throwing HttpError (the route and the
 * after hooks then don't run); an `after` hook sees the answer in `c.res` (the route's, or its error)
 * and may replace it by answering another Response.
 */
export interface ServerHook {
  matcher(req: ServerHookRequest): boolean
  handler(c: Context, ctx: ServerContext): Promise<void | Response>
}

/** Work the server repeats while it listens (polling, expiry sweeps). */
export interface ServerJob {
  /** Unique among core's and every plugin's jobs; the only thing logged when a run fails. */
  name: string
  everyMs: number
  run(ctx: ServerContext): Promise<void>
}

/**
 * Work a listener starts once it is served, not awaited: what its first request would otherwise wait for (the wallet
 * frame's assets, which a source checkout bundles). A server that only answers `app.request` (tests) never starts it.
 */
export type ListenerWarmUp = () => void

/** A server plugin: routes, migrations, default rate limits and its own section of each app's config. */
export interface ServerPlugin {
  id: string
  migrations?: Migration[]
  /**
   * Schema of the plugin's section of an app entry, keyed by the plugin id (`"oauth": {...}`). Validated
   * at start like the rest of the config; read back with `ctx.apps.of(c).plugins[id]`. Server-only.
   */
  appConfig?: v.GenericSchema
  /**
   * The secret fields of the plugin's section, as paths within it (`'bot_token'`, `'*.client_secret'`: `*` matches any
   * key). The app store keeps them sealed (FOYER_APPS_KEK) and never returns them (AppStore.ts).
   */
  appSecretFields?: readonly string[]
  /**
   * A rule an app written while the server runs (the admin console, the management API) must meet beyond the schemas:
   * a message `<field>: <why>` refuses the write (400 invalid_app_config) and nothing is stored. The config's entries
   * are checked at start, where the plugin reads `ctx.apps`.
   */
  checkApp?(app: App, ctx: ServerContext): string | null
  /** Public app-config fields derived from the plugin's section (e.g. `telegram_auth_config`). */
  publicConfig?: PublicConfigFn
  /** Named rules with defaults; `createServer({ rateLimits })` overrides them by name. */
  rateLimits?: Record<string, RateLimitRule>
  /**
   * Exact /api/v1 paths a third party's browser navigation reaches (an OAuth provider's redirect to
   * its callback): the app guard lets them through without the app header and without CORS, and the
   * route finds the app itself (e.g. from its stored flow).
   */
  openPaths?: string[]
  /**
   * Every error `code` the plugin's routes answer that core doesn't declare (core/protocol/errorCodes.ts),
   * lower snake case. The same list is exported from the plugin's shared file for the client to map. A code
   * core or another plugin already declares stops the server at start; dev mode warns about undeclared ones.
   */
  errorCodes?: readonly string[]
  /** Extra request headers browsers send to the plugin's routes (CORS preflight allows them). */
  requestHeaders?: string[]
  /** Captcha plugins: checks a token with the provider (see `ctx.verifyCaptcha`, core/server/captcha.ts). */
  captchaVerifier?: (ctx: ServerContext) => CaptchaVerifier
  /**
   * What an account-transfer prompt may disclose about the user who would be deleted (the embedded-wallet
   * plugin answers its address, so the user can check assets first). The first non-null address wins.
   */
  describeUserForTransfer?(db: Db, userId: string): Promise<{ embedded_wallet_address?: string | null } | null | undefined>
  /** Code around the API routes: see ServerHook. */
  hooks?: { before?: ServerHook[]; after?: ServerHook[] }
  /** MFA methods (plugins of kind mfa): `enrolled` tells `ctx.requireMfa` and the user's `mfaMethods`. */
  mfa?: MfaMethod
  /**
   * Fields the plugin adds to the user object the wire sends (`ctx.getUser`), keyed in its camelCase like
   * the user's own fields. A key core already sends (id, linkedAccounts, mfaMethods, …) or another plugin
   * already added is left out, with a warning.
   */
  userFields?(db: Db, userId: string): Promise<Record<string, unknown>>
  /** `userFields` of many users in one query (a listing's page: `ctx.users.getMany`); a user left out has none. */
  userFieldsOf?(db: Db, userIds: readonly string[]): Promise<Map<string, Record<string, unknown>>>
  /**
   * Deletes the rows of a user the plugin keeps without a foreign key to users (ON DELETE CASCADE covers the others),
   * in the transaction that deletes the user (`ctx.users.delete`: the management API, an account transfer).
   */
  forgetUser?(db: Db, userId: string): Promise<void>
  /**
   * Called with every event (`ctx.events.emit`) inside the transaction of the change, after its audit row: an outbox
   * written here commits or rolls back with the change. Throwing rolls the change back, so keep it to writes.
   */
  onEvent?(db: Db, event: ServerEvent): Promise<void>
  /** Repeated work: started once the server listens, stopped by `close()` (see ServerJob). */
  jobs?: ServerJob[]
  /**
   * More HTTP servers beside the API, by name (e.g. `wallet`: the embedded-wallet frame on its own origin,
   * `walletOrigin`). Each name gets one Hono app; `server.listenAll({ api, [name]: port })` serves it. A listener may
   * return a ListenerWarmUp.
   */
  listeners?: Record<string, (app: Hono, ctx: ServerContext) => void | ListenerWarmUp>
  /**
   * The plugin's frame half (`plugins/<id>/frame.ts`): code the wallet frame runs on its own origin for `events`, loaded
   * there only when one of them first arrives (see `ctx.frameHalves`). `entry`: the half's module (a source checkout
   * bundles it; a built package serves the copy its build made, else `built`, a self-contained module).
   */
  frame?: ServerPluginFrame
  routes(app: Hono, ctx: ServerContext): void
}

/** A server plugin's frame half: its events, and where its module is. */
export interface ServerPluginFrame {
  /** The frame events the half answers, e.g. `foyer:<plugin>:<name>`; a name another plugin declares stops the start. */
  events: readonly string[]
  /** The half's source module (absolute path). */
  entry: string
  /** A self-contained build of the half (absolute path), for a server without a bundler. */
  built?: string
  /**
   * A recovery method's half (its `events` then empty): the wallet frame's recovery page loads `entry`, a
   * `defineRecoveryHalf` module, when a request for one of `methods` (`recoveryMethod` values) arrives. `settings()`
   * is what the page hands the half for them (public data: it is written into the page); `connect()` the origins the
   * page may then reach (its CSP's connect-src). A method two plugins declare stops the start.
   */
  recovery?: ServerPluginRecoveryHalf
}

/** What a recovery method's frame half serves (see ServerPluginFrame.recovery). */
export interface ServerPluginRecoveryHalf {
  methods: readonly string[]
  settings?: () => unknown
  connect?: () => readonly string[]
  /**
   * The method's server part, for the plugin that owns the recovery routes (embedded-wallet's recovery slot reads it as
   * its `RecoveryMethodServer`: routes, and what happens when a wallet moves to or leaves the method). Passed through
   * `ctx.frameHalves` untouched; core never reads it.
   */
  server?: unknown
}


/** One HTTP server the Foyer server listens with. */
export interface Listening {
  url: string
  port: number
  close(): Promise<void>
}

/** A running (or ready to run) server. */
export interface FoyerServer {
  /** The API (the `api` listener). */
  app: Hono
  /** Every listener's app by name: `api` and the ones plugins declare. */
  listeners: Record<string, Hono>
  db: Db
  ctx: ServerContext
  /** Serves the API on `port` (0: any free one) and starts the jobs. */
  listen(port?: number, hostname?: string): Promise<Listening>
  /**
   * Serves each listener on its port (`{ api: 8787, wallet: 8788 }`, every listener named) and starts the jobs.
   * With `metricsPort`, the answer also has the `metrics` listener.
   */
  listenAll(ports: Record<string, number>, hostname?: string): Promise<Record<string, Listening>>
  /** Runs a job now (tests); a run already under way is awaited instead of started again. */
  runJob(name: string): Promise<void>
  /** Stops the jobs and every listener at once (connections too), then closes the database. */
  close(): Promise<void>
  /**
   * Graceful stop (SIGTERM): /readyz answers 503 from the first moment, the listeners stop accepting connections,
   * requests under way get up to `graceMs` (default 10 s) to finish before their connections are closed, the jobs
   * stop, the database closes. Calling it again answers the same promise.
   */
  shutdown(options?: { graceMs?: number }): Promise<void>
}
