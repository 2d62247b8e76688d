import { Hono } from 'hono'
import { headers } from '../protocol/index.js'
import { createAccounts } from './accounts.js'
import { createAppSecrets } from './appSecrets.js'
import { buildApps, normalizeOrigin, parseApps, readConfigFile } from './apps.js'
import { appSecretPaths } from './apps/appSecretPaths.js'
import { APPS_KEK_VAR, devAppsKey, givenAppsKey, givenPreviousAppsKeys, missingAppsKeyMessage } from './apps/appsKey.js'
import { createAppEntrySecrets } from './apps/createAppEntrySecrets.js'
import { createAppStore } from './apps/createAppStore.js'
import { createAuth } from './auth.js'
import { createVerifyCaptcha } from './captcha.js'
import { createPgliteDb } from './db/createPgliteDb.js'
import { createPostgresDb } from './db/createPostgresDb.js'
import { postgresOptionsFromEnv } from './db/postgresOptionsFromEnv.js'
import type { Db } from './db/Db.js'
import { refuseUnstorableText } from './db/refuseUnstorableText.js'
import { retryLostRaces } from './db/retryLostRaces.js'
import { runMigrations } from './db/runMigrations.js'
import { serverMigrations } from './db/serverMigrations.js'
import { declaredErrorCodes } from './declaredErrorCodes.js'
import { createAudit, resolveAuditRetentionDays } from './events/createAudit.js'
import { createAuditRetentionJob } from './events/auditRetentionJob.js'
import { createEvents } from './events/createEvents.js'
import { requestScope } from './events/requestScope.js'
import { HttpError } from './HttpError.js'
import { appGuard } from './http/appGuard.js'
import { clientIp, resolveTrustProxy, trustFunction } from './http/clientIp.js'
import { createErrorHandler, errorResponse } from './http/errorHandler.js'
import { limitBody } from './http/limitBody.js'
import { parse, readBody } from './http/parse.js'
import { refuseUnstorableInput } from './http/refuseUnstorableInput.js'
import { serverHooks } from './http/serverHooks.js'
import { warnUndeclaredCodes } from './http/warnUndeclaredCodes.js'
import { checkJobs, createJobs } from './jobs.js'
import { createDevOutbox, createSmtpMailer } from './mailer.js'
import type { Mailer } from './mailer.js'
import { createMfa, MFA_VERIFICATION_TTL_MS } from './mfa.js'
import { createDeviceProofs, DEVICE_PROOF_IDS_TABLE } from './deviceKeys.js'
import { mfaRoutes } from './routes/mfaRoutes.js'
import { pluginUserFields, pluginUserFieldsOf } from './pluginUserFields.js'
import { createRateLimiter } from './rateLimit.js'
import { createDevOutboxSms, createTwilioSmsSender, createUnconfiguredSms, twilioOptionsFromEnv } from './sms.js'
import type { SmsSender } from './sms.js'
import type { RateLimitRule } from './rateLimit.js'
import { devRoutes } from './routes/devRoutes.js'
import { kernelRoutes } from './routes/kernelRoutes.js'
import { createSecrets } from './secrets.js'
import { serveApp } from './serveApp.js'
import { sessionCookieMiddleware } from './sessionCookies.js'
import { createSessions } from './sessions.js'
import { createSweepJob } from './sweepJob.js'
import { MAX_ACCESS_TOKEN_TTL_SECONDS, SIGNING_KEY_REFRESH_MS } from './signingKeys.js'
import { createTokens } from './tokens.js'
import { createTransferNonces } from './transfers.js'
import { createLogger } from './observability/createLogger.js'
import { createObservability } from './observability/createObservability.js'
import { metricsSettings } from './observability/metricsSettings.js'
import type { CreateServerOptions } from './CreateServerOptions.js'
import type { Apps, FoyerServer, Listening, ResolvedConfig, ServerContext, ServerPlugin } from './types.js'
import { createUsers } from './users.js'
import type * as v from 'valibot'

/** Largest accepted request body. */
export const BODY_LIMIT_BYTES = 100 * 1024

const kernelRateLimits: Record<string, RateLimitRule> = {
  'sessions.ip': { limit: 600, windowSeconds: 60 },
  'analytics.ip': { limit: 600, windowSeconds: 60 },
  // An MFA code is 6 digits: a user gets a handful of 4-guess challenges per window, whatever the sessions.
  'mfa.init.user': { limit: 10, windowSeconds: 600 },
  'mfa.verify.user': { limit: 20, windowSeconds: 600 },
}

/** Builds the Foyer server: database, migrations, keys, apps and the plugins' routes. */
export async function createServer(options: CreateServerOptions = {}): Promise<FoyerServer> {
  try {
    return await startServer(options)
  } catch (error) {
    // A database handed in is the server's from the call on: a start that fails (bad config too) closes it.
    await options.db?.close().catch(() => {})
    throw error
  }
}

async function startServer(options: CreateServerOptions): Promise<FoyerServer> {
  const env = process.env
  const dev = options.dev ?? env.NODE_ENV !== 'production'
  // JSON lines in production (a log pipeline reads them), readable lines in a dev terminal; FOYER_LOG_FORMAT decides.
  const logger = options.logger ?? createLogger({ format: (env.FOYER_LOG_FORMAT as 'json' | 'text' | undefined) ?? (dev ? 'text' : 'json') })
  const now = options.now ?? Date.now
  const plugins = options.plugins ?? []
  const devAppId = options.devAppId ?? env.FOYER_DEV_APP_ID ?? 'foyer_dev_app_00000000001'
  const accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? 3600
  const refreshGraceSeconds = options.refreshGraceSeconds ?? 30
  if (!(accessTokenTtlSeconds > 0 && accessTokenTtlSeconds <= MAX_ACCESS_TOKEN_TTL_SECONDS)) throw new Error(`accessTokenTtlSeconds must be in 1..${MAX_ACCESS_TOKEN_TTL_SECONDS}`)
  const signingKeyRefreshMs = options.signingKeyRefreshMs ?? SIGNING_KEY_REFRESH_MS
  if (!(Number.isFinite(signingKeyRefreshMs) && signingKeyRefreshMs > 0 && signingKeyRefreshMs <= SIGNING_KEY_REFRESH_MS)) {
    throw new Error(`signingKeyRefreshMs must be in 1..${SIGNING_KEY_REFRESH_MS}: a rotation's lead counts on every instance reloading within a minute`)
  }
  if (!(refreshGraceSeconds >= 0 && refreshGraceSeconds <= 30)) throw new Error('refreshGraceSeconds must be in 0..30')
  const mfaWindowSeconds = options.mfaWindowSeconds ?? MFA_VERIFICATION_TTL_MS / 1000
  if (!(Number.isInteger(mfaWindowSeconds) && mfaWindowSeconds > 0 && mfaWindowSeconds <= MFA_VERIFICATION_TTL_MS / 1000)) {
    throw new Error('mfaWindowSeconds must be a whole number in 1..900')
  }

  const appsRefreshMs = options.appsRefreshMs ?? 2000
  if (!(Number.isInteger(appsRefreshMs) && appsRefreshMs >= 100 && appsRefreshMs <= 60_000)) throw new Error('appsRefreshMs must be a whole number in 100..60000')

  // Configuration errors surface before any database is opened.
  const appsKey = givenAppsKey(options.appsKek)
  const previousAppsKeys = givenPreviousAppsKeys(options.appsKekPrevious, appsKey)
  const trustProxy = resolveTrustProxy(options.trustProxy ?? env.FOYER_TRUST_PROXY, options.trustProxy === undefined ? 'FOYER_TRUST_PROXY' : 'trustProxy')
  const trustsProxy = trustFunction(trustProxy)
  const ids = new Set<string>()
  for (const plugin of plugins) {
    if (ids.has(plugin.id)) throw new Error(`Server plugin "${plugin.id}" is registered twice`)
    if (plugin.listeners?.api) throw new Error(`Server plugin "${plugin.id}": the "api" listener is core's; add API routes in routes()`)
    if (plugin.listeners?.metrics) throw new Error(`Server plugin "${plugin.id}": the "metrics" listener is core's (FOYER_METRICS_PORT)`)
    ids.add(plugin.id)
  }
  const errorCodes = declaredErrorCodes(plugins)
  const sweep = createSweepJob()
  const auditRetentionDays = resolveAuditRetentionDays(options.auditRetentionDays, env.FOYER_AUDIT_RETENTION_DAYS)
  const jobList = [sweep.job, createAuditRetentionJob(auditRetentionDays), ...plugins.flatMap((p) => p.jobs ?? [])]
  checkJobs(jobList)
  const walletOrigin = resolveWalletOrigin(options.walletOrigin ?? env.FOYER_WALLET_ORIGIN)
  const frameHalves = pluginFrameHalves(plugins)
  const sections = Object.fromEntries(plugins.flatMap((p) => (p.appConfig ? [[p.id, p.appConfig]] : [])))
  const appInputs: ReturnType<typeof parseApps> = []
  if (options.configFile) appInputs.push(...readConfigFile(options.configFile, sections))
  if (options.apps) appInputs.push(...parseApps(options.apps, 'createServer({ apps })', false, sections))
  if (dev && !appInputs.some((a) => a.id === devAppId)) {
    // FOYER_DEV_ORIGINS (comma-separated) adds origins, e.g. a host app of your own on another port.
    const envOrigins = (env.FOYER_DEV_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean)
    const devApp = { id: devAppId, name: 'Foyer dev app', allowed_origins: [...(options.devOrigins ?? []), ...envOrigins], email_auth: true, ...options.devApp }
    appInputs.push(...parseApps([devApp], 'dev app', false, sections))
  }
  const publicConfigServer = { walletOrigin, mfaWindowSeconds, recoveryMethods: frameHalves.flatMap((h) => h.recovery?.methods ?? []) }
  // Built here so the config's errors (session_cookies…) stop the start before the database opens; the app store then
  // fills this same Map from the database (the truth) and swaps its contents whenever the apps change.
  const appMap = buildApps(appInputs, Math.floor(now() / 1000), plugins, publicConfigServer)
  appMap.clear()
  const secretFields = Object.fromEntries(plugins.flatMap((p) => (p.appSecretFields?.length ? [[p.id, p.appSecretFields]] : [])))
  if (!appsKey && !dev) {
    for (const input of appInputs) {
      const [path] = appSecretPaths(input, secretFields)
      if (path) throw new Error(missingAppsKeyMessage(`App ${input.id}'s ${path.join('.')}`))
    }
  }

  const smtpUrl = options.smtpUrl ?? env.SMTP_URL
  if (!smtpUrl && !dev) throw new Error('SMTP_URL (or smtpUrl) is required in production: there is no dev outbox there')
  // SMS is optional: only apps with sms_auth need a provider, and in production they must have one.
  const smsOption = options.sms === undefined ? twilioOptionsFromEnv(env) : options.sms
  const smsMissing = !smsOption && !dev
  const smsMissingMessage = 'set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (or the sms option) in production'
  if (smsMissing && appInputs.some((a) => a.sms_auth === true)) throw new Error(`An app enables sms_auth: ${smsMissingMessage}`)

  const metricsConfig = metricsSettings(options, env)

  const rateLimits: Record<string, RateLimitRule> = { ...kernelRateLimits }
  for (const plugin of plugins) Object.assign(rateLimits, plugin.rateLimits)
  for (const [name, rule] of Object.entries(options.rateLimits ?? {})) {
    const merged = { ...rateLimits[name], ...rule }
    if (merged.limit === undefined || merged.windowSeconds === undefined) throw new Error(`rateLimits.${name}: unknown rule`)
    rateLimits[name] = merged as RateLimitRule
  }

  const databaseUrl = options.databaseUrl ?? env.DATABASE_URL
  const pgliteDir = options.dataDir ?? env.FOYER_DATA_DIR ?? './.foyer-data'
  const dataDir = databaseUrl ? null : options.db ? (options.dataDir ?? null) : pgliteDir
  const opened: Db = options.db
    ? options.db
    : databaseUrl
      ? await createPostgresDb(databaseUrl, { ...postgresOptionsFromEnv(env), ...options.database, logger })
      : await createPgliteDb(pgliteDir, { template: options.pgliteTemplate })
  // Values decoded after the request edge (signed tokens, widget data, provider answers) meet the same rule there.
  // A login that lost a race to a parallel first sign-in of the same account reruns its route's whole transaction.
  const db = retryLostRaces(refuseUnstorableText(opened))

  try {
    await runMigrations(db, serverMigrations(plugins))
    const secrets = await createSecrets(db)
    const issuer = options.issuer ?? 'foyer'
    const tokens = await createTokens(db, { issuer, accessTokenTtlSeconds, now, logger, refreshMs: signingKeyRefreshMs })
    const { mfa, requireFreshVerification } = createMfa(db, plugins.flatMap((p) => (p.mfa ? [p.mfa] : [])), now, mfaWindowSeconds * 1000)
    // Every event: its audit row, then each plugin's onEvent (the webhooks outbox), in the change's transaction.
    const events = createEvents({
      db, now, logger, clientIp: (c) => clientIp(c, trustsProxy),
      sinks: plugins.flatMap((p) => (p.onEvent ? [p.onEvent.bind(p)] : [])),
    })
    // Apps live in the database: the config seeds them, the app store changes them, every instance polls for changes.
    const appsSealKey = appsKey ?? (dev ? await devAppsKey(db) : null)
    const appStore = createAppStore({
      db, events, logger, now, appMap, key: appsSealKey, previousKeys: previousAppsKeys,
      build: { sections, plugins, server: publicConfigServer, walletOrigin },
      secrets: createAppEntrySecrets(secretFields, appsSealKey, `${APPS_KEK_VAR} is not set: this server stores no secret field`, previousAppsKeys),
      checkEntry: (entry, app) => {
        if (smsMissing && entry.sms_auth === true) return `sms_auth: this server has no SMS provider: ${smsMissingMessage}`
        // Only writes call this, after the start: ctx is set by then.
        for (const plugin of plugins) {
          const refused = plugin.checkApp?.(app, ctx)
          if (refused) return refused
        }
        return null
      },
    })
    await appStore.seed(appInputs)
    await appStore.rekey()
    await appStore.refresh()
    if (!appsSealKey && appStore.holdsSecrets) throw new Error(missingAppsKeyMessage('The app store (a stored app entry)'))
    if (!appsKey && appStore.holdsSecrets) {
      logger.warn(`[foyer] ${APPS_KEK_VAR} is not set: dev mode generated one and keeps it in the database to seal the apps' secret fields (never do this in production).`)
    }
    if (smsMissing && [...appMap.values()].some((a) => a.config.sms_auth)) throw new Error(`A stored app enables sms_auth: ${smsMissingMessage}`)

    const users = createUsers(db, {
      mfaMethods: (tx, userId) => mfa.methods(userId, tx),
      fields: pluginUserFields(plugins, logger),
      fieldsOf: pluginUserFieldsOf(plugins, logger),
      mfaMethodsOf: (tx, userIds) => mfa.methodsOf(userIds, tx),
      async forget(tx, userId) {
        for (const plugin of plugins) await plugin.forgetUser?.(tx, userId)
      },
    })
    const transferNonces = createTransferNonces({ secrets, now })
    const accounts = createAccounts(db, users, now, events, {
      nonces: transferNonces,
      async embeddedWalletOf(tx, userId) {
        for (const plugin of plugins) {
          const address = (await plugin.describeUserForTransfer?.(tx, userId))?.embedded_wallet_address
          if (address) return address
        }
        return null
      },
    })
    const sessions = createSessions(db, secrets, { graceSeconds: refreshGraceSeconds, now })
    const apps: Apps = {
      get: (id) => appMap.get(id),
      of(c) {
        const app = appMap.get(c.req.header(headers.appId) ?? '')
        if (!app) throw new HttpError(400, 'invalid_app_id', 'Invalid app ID')
        return app
      },
      list: () => [...appMap.values()],
    }
    const auth = createAuth({ db, apps, users, accounts, sessions, tokens, deviceProofs: createDeviceProofs(db, now), now, events })
    // Dev mode keeps an outbox for whatever has no real sender (mail without SMTP, SMS without a provider).
    const devOutbox = dev ? createDevOutbox(db, logger, now) : null
    const outbox = !smtpUrl || !smsOption ? devOutbox : null
    const mailer: Mailer = smtpUrl ? createSmtpMailer(smtpUrl, options.mailFrom ?? env.MAIL_FROM ?? 'Foyer <no-reply@localhost>') : devOutbox!
    const sms: SmsSender = smsOption
      ? 'send' in smsOption ? smsOption : createTwilioSmsSender({ logger, ...smsOption })
      : devOutbox ? createDevOutboxSms(devOutbox) : createUnconfiguredSms()
    const rateLimit = createRateLimiter(db, now)
    const observability = createObservability({ db, logger, settings: metricsConfig, clientIp: (c) => clientIp(c, trustsProxy) })
    const config: ResolvedConfig = {
      dev,
      devAppId: dev ? devAppId : null,
      issuer,
      accessTokenTtlSeconds,
      refreshGraceSeconds,
      trustProxy,
      rateLimits,
      walletOrigin,
      dataDir: dataDir === ':memory:' ? null : dataDir,
    }

    const ctx: ServerContext = {
      frameHalves,
      db, config, apps, tokens, sessions, auth, users, accounts, rateLimit, mailer, sms, secrets, logger, now, HttpError,
      appSecrets: createAppSecrets(db, { now }),
      appStore,
      requireUser: (c) => auth.requireUser(c),
      async enforceRateLimit(name, key) {
        const rule = rateLimits[name]
        if (!rule) throw new Error(`Unknown rate limit rule ${name}`)
        if (!(await rateLimit(`${name}:${key}`, rule.limit, rule.windowSeconds))) {
          observability.metrics.rateLimited(name)
          throw new HttpError(429, 'too_many_requests', 'Too many attempts.')
        }
      },
      parse: (schema, value) => parse(schema, value),
      body: (c, schema) => readBody(c, schema),
      clientIp: (c) => clientIp(c, trustsProxy),
      getUser: (userId) => users.get(userId),
      // Set below: the verifiers are built from the finished context.
      verifyCaptcha: async () => {},
      requireMfa: async (c) => requireFreshVerification(await auth.requireUser(c)),
      requireCustody: async (c) => requireFreshVerification(await auth.requireDeviceProof(c)),
      mfa,
      sweepExpired: sweep.sweepExpired,
      metrics: observability.metrics.api,
      events,
      audit: createAudit(db, auditRetentionDays),
    }

    ctx.verifyCaptcha = createVerifyCaptcha({
      db, secrets, logger, now, apps, clientIp: ctx.clientIp,
      verifiers: plugins.flatMap((p) => (p.captchaVerifier ? [{ pluginId: p.id, verify: p.captchaVerifier(ctx) }] : [])),
    })

    // Every listener answers errors alike.
    const listenerApp = (name: string) => {
      const listener = new Hono()
      observability.instrument(listener, name)
      // Code below a route (accounts, plugins' transactions) finds the request: events read its IP and request id.
      listener.use('*', requestScope())
      listener.onError(createErrorHandler(logger))
      listener.notFound((c) => errorResponse(c, 404, 'not_found', 'Not found'))
      if (dev) listener.use('*', warnUndeclaredCodes(errorCodes, logger))
      return listener
    }
    // Every body is read here, within the limit, before any route runs: a refused one too, so the
    // connection stays usable; then text PostgreSQL can't store is refused for every route at once.
    const readBodies = (listener: Hono) => {
      listener.use('*', limitBody({ maxBytes: BODY_LIMIT_BYTES, onTooLarge: (c) => errorResponse(c, 413, 'payload_too_large', 'Payload too large') }))
      listener.use('*', refuseUnstorableInput())
      return listener
    }

    const app = listenerApp('api')
    const openPaths = new Set(plugins.flatMap((p) => p.openPaths ?? []))
    const originHint = (appId: string) =>
      dev && appId === devAppId
        ? 'Start the server with FOYER_DEV_ORIGINS=<your origin> (comma-separated) to allow it for the dev app.'
        : "Add it to the app's allowed_origins in the server's apps config."
    app.use('/api/v1/*', appGuard(appMap, openPaths, plugins.flatMap((p) => p.requestHeaders ?? []), originHint))
    // Apps with session_cookies: CSRF check, and token responses' tokens move into HttpOnly cookies.
    app.use('/api/v1/*', sessionCookieMiddleware(appMap, now))
    readBodies(app)
    app.use('/api/v1/*', serverHooks(plugins, ctx))
    kernelRoutes(app, ctx)
    mfaRoutes(app, ctx)
    for (const plugin of plugins) plugin.routes(app, ctx)
    if (dev) devRoutes(app, outbox)

    const listeners: Record<string, Hono> = { api: app }
    // What a listener starts once it serves (ListenerWarmUp), by listener name.
    const warmUps: [string, () => void][] = []
    for (const plugin of plugins) {
      for (const [name, addRoutes] of Object.entries(plugin.listeners ?? {})) {
        const warmUp = addRoutes((listeners[name] ??= readBodies(listenerApp(name))), ctx)
        if (typeof warmUp === 'function') warmUps.push([name, warmUp])
      }
    }

    sweep.sweepExpired(DEVICE_PROOF_IDS_TABLE)
    const jobs = createJobs(jobList, ctx, logger)
    // Unref'd: a server that is never closed doesn't keep the process alive; close() stops it before the database closes.
    appStore.startPolling(appsRefreshMs)
    // Each served listener by its close(), with its drain for shutdown().
    const open = new Map<() => Promise<void>, (graceMs: number) => Promise<void>>()
    const serve = async (listener: Hono, port: number, hostname?: string): Promise<Listening> => {
      const { drain, ...listening } = await serveApp(listener, port, hostname)
      const close = async () => {
        if (open.delete(close)) await listening.close()
      }
      open.set(close, async (graceMs) => {
        if (open.delete(close)) await drain(graceMs)
      })
      return { ...listening, close }
    }
    // All or none: a port in use leaves no half-started server behind. The metrics listener (FOYER_METRICS_PORT)
    // starts with the first listen, on its own address.
    const { metricsListener } = observability
    let metricsListening: Listening | null = null
    const startAll = async (starts: Record<string, () => Promise<Listening>>) => {
      if (metricsListener && !metricsListening) starts.metrics = () => serve(metricsListener.app, metricsListener.port, metricsListener.host)
      const names = Object.keys(starts)
      const started = await Promise.allSettled(Object.values(starts).map((start) => start()))
      const failed = started.find((r) => r.status === 'rejected')
      if (failed) {
        await Promise.all(started.map((r) => (r.status === 'fulfilled' ? r.value.close() : undefined)))
        throw failed.reason
      }
      const listening: Record<string, Listening> = Object.fromEntries(started.map((r, i) => [names[i]!, (r as PromiseFulfilledResult<Listening>).value]))
      metricsListening ??= listening.metrics ?? null
      for (const [name, warmUp] of warmUps) if (listening[name]) warmUp()
      jobs.start()
      return listening
    }
    let closed = false
    const close = async () => {
      if (closed) return
      closed = true
      observability.readiness.stop()
      appStore.stop()
      await jobs.stop()
      await Promise.all([...open.keys()].map((closeOne) => closeOne()))
      await db.close()
    }
    let shuttingDown: Promise<void> | null = null
    return {
      app,
      listeners,
      db,
      ctx,
      async listen(port = 0, hostname) {
        return (await startAll({ api: () => serve(app, port, hostname) })).api!
      },
      async listenAll(ports, hostname) {
        const missing = Object.keys(listeners).filter((name) => ports[name] === undefined)
        const unknown = Object.keys(ports).filter((name) => !listeners[name])
        if (missing.length || unknown.length) {
          throw new Error(`listenAll: ${[...missing.map((n) => `no port for listener "${n}"`), ...unknown.map((n) => `no listener "${n}"`)].join(', ')}`)
        }
        return startAll(Object.fromEntries(Object.entries(listeners).map(([name, listener]) => [name, () => serve(listener, ports[name]!, hostname)])))
      },
      runJob: (name) => jobs.run(name),
      close,
      shutdown({ graceMs = 10_000 } = {}) {
        shuttingDown ??= (async () => {
          // Readiness fails first, so a load balancer stops sending; then the listeners drain, the jobs stop, the pool closes.
          observability.readiness.stop()
          logger.info('[foyer] shutting down: readiness off, listeners draining', { graceMs })
          await Promise.all([...[...open.values()].map((drain) => drain(graceMs)), jobs.stop()])
          await close()
          logger.info('[foyer] stopped')
        })()
        return shuttingDown
      },
    }
  } catch (error) {
    await db.close().catch(() => {})
    throw error
  }
}

/**
 * The plugins' frame halves; an event (or a recovery method) two plugins declare stops the start (the frame would answer
 * one at random).
 */
function pluginFrameHalves(plugins: readonly ServerPlugin[]): ServerContext['frameHalves'] {
  const owners = new Map<string, string>()
  const methods = new Map<string, string>()
  for (const plugin of plugins) {
    for (const event of plugin.frame?.events ?? []) {
      const owner = owners.get(event)
      if (owner) throw new Error(`Server plugin "${plugin.id}": frame event "${event}" is already "${owner}"'s`)
      owners.set(event, plugin.id)
    }
    for (const method of plugin.frame?.recovery?.methods ?? []) {
      const owner = methods.get(method)
      if (owner) throw new Error(`Server plugin "${plugin.id}": recovery method "${method}" is already "${owner}"'s`)
      methods.set(method, plugin.id)
    }
  }
  return plugins.filter((p) => p.frame).map((p) => ({ id: p.id, ...p.frame! }))
}

/** FOYER_WALLET_ORIGIN / walletOrigin as an origin (scheme, host, port); a path or a bad URL stops the start. */
function resolveWalletOrigin(value: string | undefined): string | null {
  if (!value) return null
  const url = URL.canParse(value) ? new URL(value) : null
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== normalizeOrigin(value)) {
    throw new Error(`walletOrigin (FOYER_WALLET_ORIGIN) must be an origin such as https://wallet.example.com, got ${value}`)
  }
  return url.origin
}
