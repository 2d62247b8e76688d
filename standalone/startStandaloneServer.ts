import { createServer } from '../core/server/createServer.js'
import type { FoyerServer, ServerPlugin } from '../core/server/index.js'
import { devAppFromEnv } from './devAppFromEnv.js'
import { pluginsFromEnv, standalonePlugins } from './standalonePlugins.js'

/** Options of startStandaloneServer; each one wins over its environment variable. */
export interface StandaloneOptions {
  /** Where the settings are read (default `process.env`). */
  env?: NodeJS.ProcessEnv
  /** The API's port (default PORT, else 8787); the wallet frame's is FOYER_WALLET_PORT, else this one + 1. */
  port?: number
  /**
   * More origins the dev app allows (a host page's, e.g. `http://localhost:5173`), besides localhost and 127.0.0.1 on
   * APP_PORT (default 5173) and FOYER_DEV_ORIGINS.
   */
  origins?: string[]
  /** Server plugins of your own, after the built-in ones and FOYER_SERVER_PLUGINS'. */
  plugins?: ServerPlugin[]
  /** Print the start lines (default true). */
  banner?: boolean
}

/** A server startStandaloneServer started: it stops on SIGINT / SIGTERM. */
export interface StandaloneServer {
  server: FoyerServer
  /** The API's URL, e.g. `http://localhost:8787`. */
  apiUrl: string
  /** The wallet frame's origin. */
  walletOrigin: string
}

/**
 * The whole server, as `npx foyer start` and examples/server/main.ts run it: createServer with every built-in plugin
 * (standalonePlugins), FOYER_SERVER_PLUGINS' and `options.plugins`, the dev app (devAppFromEnv) outside production, the
 * API and the wallet frame listening, the start printed, and SIGINT / SIGTERM shutting it down gracefully.
 *
 * FOYER_DATA_DIR (default ./.foyer-data), DATABASE_URL, SMTP_URL, FOYER_DEV_APP_ID, FOYER_DEV_ORIGINS and
 * FOYER_TRUST_PROXY are read by createServer itself; the rest of the settings are in docs/self-hosting.md.
 */
export async function startStandaloneServer(options: StandaloneOptions = {}): Promise<StandaloneServer> {
  const env = options.env ?? process.env
  const port = options.port ?? Number(env.PORT ?? 8787)
  // The wallet frame's own origin (ARCHITECTURE §14): a second port on the same host name (same site, so the frame
  // keeps its IndexedDB), unless FOYER_WALLET_ORIGIN names a production one served elsewhere.
  const walletPort = Number(env.FOYER_WALLET_PORT ?? port + 1)
  const walletOrigin = env.FOYER_WALLET_ORIGIN ?? `http://localhost:${walletPort}`
  const apiOrigin = env.FOYER_API_ORIGIN ?? `http://localhost:${port}`
  const appPort = Number(env.APP_PORT ?? 5173)
  const ttl = env.FOYER_ACCESS_TOKEN_TTL ? Number(env.FOYER_ACCESS_TOKEN_TTL) : undefined
  const defaultOrigins = [`http://localhost:${appPort}`, `http://127.0.0.1:${appPort}`]
  const origins = (options.origins ?? []).filter((o) => !defaultOrigins.includes(o))
  // SIGTERM (an orchestrator) or SIGINT (Ctrl-C): /readyz turns 503, the listeners stop accepting, requests under way
  // get FOYER_SHUTDOWN_GRACE_MS (default 10 s) to finish, then the jobs stop and the database closes. A second signal exits at once.
  const graceMs = Number(env.FOYER_SHUTDOWN_GRACE_MS ?? 10_000)
  if (!(graceMs >= 0)) throw new Error(`FOYER_SHUTDOWN_GRACE_MS must be a number of milliseconds, got ${env.FOYER_SHUTDOWN_GRACE_MS}`)

  const server = await createServer({
    plugins: [...standalonePlugins(env, { apiOrigin }), ...(await pluginsFromEnv(env)), ...(options.plugins ?? [])],
    walletOrigin,
    ...(env.FOYER_CONFIG ? { configFile: env.FOYER_CONFIG } : {}),
    // FOYER_DEV_APPS (JSON array of app entries) adds apps beside the dev app, e.g. a cross-app requester on another port.
    ...(env.FOYER_DEV_APPS ? { apps: JSON.parse(env.FOYER_DEV_APPS) as Record<string, unknown>[] } : {}),
    devOrigins: [...defaultOrigins, ...origins],
    devApp: devAppFromEnv(env),
    ...(ttl ? { accessTokenTtlSeconds: ttl } : {}),
    // FOYER_RATE_LIMITS (JSON) changes named limits, e.g. {"guest.authenticate.ip": {"limit": 100}}.
    ...(env.FOYER_RATE_LIMITS ? { rateLimits: JSON.parse(env.FOYER_RATE_LIMITS) as Record<string, { limit?: number; windowSeconds?: number }> } : {}),
    // FOYER_MFA_WINDOW_SECONDS shortens how long an MFA verification lasts (default 900; tests use a few seconds).
    ...(env.FOYER_MFA_WINDOW_SECONDS ? { mfaWindowSeconds: Number(env.FOYER_MFA_WINDOW_SECONDS) } : {}),
  })

  const listening = await server.listenAll({ api: port, wallet: walletPort }, env.HOST ?? '0.0.0.0').catch(async (error: unknown) => {
    // A port in use: close the database and the jobs, so the process can end with the error.
    await server.shutdown({ graceMs: 0 })
    throw error
  })
  const apiUrl = listening.api!.url
  if (options.banner !== false) {
    console.log(`[foyer] server listening on ${apiUrl}`)
    console.log(`[foyer] wallet frame on ${walletOrigin} (port ${walletPort})`)
    if (server.ctx.config.dev) {
      const more = origins.length ? `, and ${origins.join(', ')}` : ''
      console.log(`[foyer] dev app id: ${server.ctx.config.devAppId} (allowed origins: localhost and 127.0.0.1 on port ${appPort}${more})`)
      if (!env.SMTP_URL) console.log(`[foyer] login codes appear here in the terminal and at ${apiUrl}/dev/outbox`)
      console.log(`[foyer] in your app: <FoyerProvider appId="${server.ctx.config.devAppId}" apiUrl="${apiUrl}" plugins={…}>`)
    }
  }
  const stop = async (signal: NodeJS.Signals) => {
    console.log(`[foyer] ${signal}: shutting down`)
    process.once(signal, () => process.exit(1))
    await server.shutdown({ graceMs })
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return { server, apiUrl, walletOrigin }
}
