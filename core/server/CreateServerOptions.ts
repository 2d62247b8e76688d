import type { Db } from './db/Db.js'
import type { PostgresDbOptions } from './db/createPostgresDb.js'
import type { TrustProxy } from './http/clientIp.js'
import type { Logger } from './Logger.js'
import type { RateLimitRule } from './rateLimit.js'
import type { SmsSender, TwilioSmsOptions } from './sms.js'
import type { ServerPlugin } from './types.js'

/** Options of `createServer`. Every option has an environment-variable or built-in default. */
export interface CreateServerOptions {
  plugins?: ServerPlugin[]
  /** JSON file `{ "apps": [...] }`. */
  configFile?: string
  apps?: unknown[]
  /** PGlite folder; ':memory:' for tests. Default FOYER_DATA_DIR or ./.foyer-data. */
  dataDir?: string
  /**
   * Path of a PGlite data folder dump (`dumpDataDir()`, same PGlite version) a new embedded database starts
   * from instead of running initdb, which takes seconds (an image can ship one; the unit suite makes one).
   * An existing data folder is opened as it is. Default FOYER_PGLITE_TEMPLATE.
   */
  pgliteTemplate?: string
  /** PostgreSQL URL; default DATABASE_URL. When set, PGlite is not used. */
  databaseUrl?: string
  /**
   * PostgreSQL pool size and timeouts (over FOYER_DB_POOL_MAX, FOYER_DB_CONNECT_TIMEOUT_MS, FOYER_DB_QUEUE_TIMEOUT_MS, FOYER_DB_STATEMENT_TIMEOUT_MS,
   * FOYER_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, FOYER_DB_START_TIMEOUT_MS).
   */
  database?: Omit<PostgresDbOptions, 'logger'>
  /**
   * An open database to use instead of opening one from `databaseUrl` / `dataDir` (e.g. `createPgliteDb`
   * with a pre-initialised dump). The server runs its migrations on it and closes it in `close()`, or
   * when the start fails.
   */
  db?: Db
  /** Dev mode: dev outbox, dev app, /dev routes. Default NODE_ENV !== 'production'. */
  dev?: boolean
  devAppId?: string
  devOrigins?: string[]
  /** Fields of the dev app beyond its defaults (login-method flags, plugin sections). */
  devApp?: Record<string, unknown>
  smtpUrl?: string
  mailFrom?: string
  /**
   * SMS provider: Twilio-shaped settings or a sender of your own. Default from TWILIO_ACCOUNT_SID,
   * TWILIO_AUTH_TOKEN, TWILIO_FROM (and TWILIO_API_URL for another base URL); without one, dev mode uses
   * the dev outbox and production refuses to start if an app enables sms_auth. `null` forces no provider.
   */
  sms?: Omit<TwilioSmsOptions, 'logger' | 'fetch'> | SmsSender | null
  issuer?: string
  /** At most 3600. */
  accessTokenTtlSeconds?: number
  /**
   * How often this instance reloads the token signing keys from the database, in ms: 1..60000, default 60000. A
   * rotation (`foyer rotate-signing-key`) gives its new key a longer lead than that before it signs.
   */
  signingKeyRefreshMs?: number
  /** At most 30. */
  refreshGraceSeconds?: number
  /** How long an MFA verification lets its session through `ctx.requireMfa`: 1..900 seconds, default 900 (§15). */
  mfaWindowSeconds?: number
  /**
   * Which proxies in front may name the client in X-Forwarded-For (express's `trust proxy`): a number of hops (`1`: the
   * load balancer's own entry; `true` means 1), or proxy addresses / CIDR ranges / `loopback`, `linklocal`,
   * `uniquelocal` as a list or a comma-separated string. Default FOYER_TRUST_PROXY, else none: the socket's peer is the
   * client. An invalid value stops the start.
   */
  trustProxy?: TrustProxy
  rateLimits?: Record<string, Partial<RateLimitRule>>
  /** Where log lines go. Default: JSON lines on stdout (pino) at FOYER_LOG_LEVEL (default info). */
  logger?: Logger
  /**
   * Bearer token for `GET /metrics` (at least 16 characters). With one, every listener serves /metrics to it;
   * without one, only the metrics listener (metricsPort) does. Default FOYER_METRICS_TOKEN.
   */
  metricsToken?: string
  /** Port of a listener of its own for /metrics (and /healthz, /readyz), started by `listen`/`listenAll`. Default FOYER_METRICS_PORT; none without it. */
  metricsPort?: number
  /** Address the metrics listener binds. Default FOYER_METRICS_HOST, else 127.0.0.1 (this host only). */
  metricsHost?: string
  /** Clock in epoch ms; tests inject one to move time. */
  now?: () => number
  /** Days the audit log keeps a row (a daily job deletes older ones): a whole number ≥ 1. Default FOYER_AUDIT_RETENTION_DAYS, else 365. */
  auditRetentionDays?: number
  /**
   * Origin the embedded-wallet frame is served from (a listener of its own, see `listenAll`). It calls the
   * API, so every app allows it. Default FOYER_WALLET_ORIGIN.
   */
  walletOrigin?: string
  /** How often this instance checks the app store for changes made elsewhere, in ms: 100..60000, default 2000. */
  appsRefreshMs?: number
  /**
   * Key the apps' secret fields (ServerPlugin.appSecretFields) are sealed under: 32 bytes as base64 or hex. Default
   * FOYER_APPS_KEK; production stores no secret without one; dev mode generates one kept in the database.
   */
  appsKek?: string
  /**
   * Earlier apps keys, comma-separated (a rotation: the key the fields move from). Their values open, and the start
   * seals them again under `appsKek`. Default FOYER_APPS_KEK_PREVIOUS; needs `appsKek`.
   */
  appsKekPrevious?: string
}
