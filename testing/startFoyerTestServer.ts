import { createServer as createNetServer } from 'node:net'
import { createServer } from '../core/server/createServer.js'
import { serverMigrations } from '../core/server/db/serverMigrations.js'
import type { CreateServerOptions, FoyerServer, Logger, ServerPlugin } from '../core/server/index.js'
import { emailServer } from '../plugins/email/server.js'
import { embeddedWalletServer } from '../plugins/embedded-wallet/server.js'
import { createTestUser, type CreateTestUserOptions, type TestUser } from './createTestUser.js'
import { openTemplateDb } from './pgliteTemplate.js'
import { signInWithModal, type SignInOptions } from './signInWithModal.js'
import { testWalletMaker, type TestWalletMaker } from './createTestWallets.js'
import { createTestOutbox, type TestOutbox } from './testOutbox.js'
import type { FoyerTestPage } from './testPage.js'

/** The id of the app the kit makes when `apps` is not given. */
export const TEST_APP_ID = 'foyer_test_app_0000000001'

/** Options of startFoyerTestServer: any createServer option, plus the kit's own. */
export interface FoyerTestServerOptions extends Omit<CreateServerOptions, 'apps' | 'plugins'> {
  /**
   * The origins the default app allows: your page's, e.g. your dev server's `http://localhost:5173`, or the
   * `http://localhost:3000` a happy-dom test runs at. Ignored when you pass `apps`.
   */
  origins?: string[]
  /**
   * The apps (AppInput entries, as in a config file). Default: one app, TEST_APP_ID, with e-mail login, allowing
   * `origins`. The first one is `appId`.
   */
  apps?: Record<string, unknown>[]
  /**
   * Embedded wallets: the default plugins get the embedded-wallet server half (its wallet frame served on a listener of
   * its own, `walletUrl`) and the default app an `'embedded-wallet'` section — this object, or `{}` for `true`.
   * `createUser({ wallet: true })` then makes a user's wallet. With your own `plugins` and `apps`, put those in them.
   */
  wallets?: boolean | Record<string, unknown>
  /** The server plugins. Default: the e-mail login's (`emailServer()`), and with `wallets` the embedded wallets'. */
  plugins?: ServerPlugin[]
  /** The address the listeners bind (default 'localhost': nothing outside this machine reaches them). */
  hostname?: string
}

/** A running test server: the real Foyer server in this process, on an in-memory database, on free ports. */
export interface FoyerTestServer {
  /** The API's URL (`apiUrl` of your FoyerProvider). */
  apiUrl: string
  /** The wallet frame's URL when a plugin serves it (embedded wallets: the `wallet` listener), else null. */
  walletUrl: string | null
  /** The first app's id (`appId` of your FoyerProvider). */
  appId: string
  /** The dev outbox: the codes the server sent. */
  outbox: TestOutbox
  /**
   * Makes a user through the server's own services (no session: sign in for one); with `wallet`, its embedded wallet,
   * made by the wallet frame's own code against the server's custody routes.
   */
  createUser(options: CreateTestUserOptions): Promise<TestUser>
  /** Signs in through the real modal on a loaded host page (Playwright's `page`). */
  signIn(page: FoyerTestPage, options: SignInOptions): Promise<void>
  /**
   * The API without a socket: a fetch that hands each request to the server's app in this process. For test files in a
   * DOM environment (Vitest's happy-dom, jsdom): those replace the global `Request` the HTTP listener builds requests
   * with, so there the listener can't answer; pass `fetch={foyer.fetch}` to the FoyerProvider (with `apiUrl`).
   */
  fetch: typeof globalThis.fetch
  /** The server itself (`server.ctx`, `server.app.request(…)`), for what the kit doesn't wrap. */
  server: FoyerServer
  /** Stops the listeners and closes the database. */
  close(): Promise<void>
}

const silent: Logger = { info() {}, warn() {}, error() {} }

/** A free TCP port on `hostname`: the wallet frame's origin must be known before the server is built. */
const freePort = (hostname: string) =>
  new Promise<number>((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, hostname, () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/**
 * Starts the real Foyer server (createServer and its listeners) in this process for a host app's tests: a new
 * in-memory PGlite database from a migrated template (built once per migration set and kept in the OS temp folder),
 * dev mode (codes go to the outbox, nothing is mailed), no log output, every listener on a free port.
 */
export async function startFoyerTestServer(options: FoyerTestServerOptions = {}): Promise<FoyerTestServer> {
  const { origins = [], apps, hostname = 'localhost', plugins: givenPlugins, wallets, ...serverOptions } = options
  // The frame calls the API: its origin is known once the server listens.
  let apiUrl: string | undefined
  const plugins: ServerPlugin[] = givenPlugins ?? [emailServer(), ...(wallets ? [embeddedWalletServer({ apiOrigin: () => apiUrl })] : [])]
  const walletSection = wallets ? { 'embedded-wallet': wallets === true ? {} : wallets } : {}
  const appList = apps ?? [{ id: TEST_APP_ID, name: 'Test app', allowed_origins: origins, email_auth: true, ...walletSection }]
  const appId = String(appList[0]?.id ?? '')
  if (!appId) throw new Error('foyer/testing: the first app has no id')
  const ownDb = serverOptions.db === undefined && serverOptions.dataDir === undefined && !serverOptions.databaseUrl
  // The wallet frame's port is picked before the start (its origin is part of the apps' config): in the rare case
  // another process takes it in between, the start is tried again on another one.
  for (let attempt = 1; ; attempt++) {
    const servesWallet = plugins.some((p) => p.listeners?.wallet)
    const walletPort = servesWallet ? await freePort(hostname) : null
    const server = await createServer({
      dataDir: ':memory:',
      databaseUrl: '',
      smtpUrl: '',
      sms: null,
      dev: true,
      logger: silent,
      ...(walletPort ? { walletOrigin: `http://${hostname}:${walletPort}` } : {}),
      ...serverOptions,
      ...(ownDb ? { db: await openTemplateDb(serverMigrations(plugins)) } : {}),
      plugins,
      apps: appList,
    })
    let listening: Awaited<ReturnType<FoyerServer['listenAll']>>
    try {
      const ports = Object.fromEntries(Object.keys(server.listeners).map((name) => [name, name === 'wallet' ? walletPort! : 0]))
      listening = await server.listenAll(ports, hostname)
    } catch (error) {
      await server.close()
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && walletPort && attempt < 3) continue
      throw error
    }
    const outbox = createTestOutbox(server.db)
    apiUrl = listening.api!.url
    const walletMakers = new Map<string, TestWalletMaker>()
    const walletMaker = (id: string) => () => walletMakers.get(id) ?? walletMakers.set(id, testWalletMaker(server, apiUrl!, id)).get(id)!
    return {
      apiUrl,
      walletUrl: listening.wallet?.url ?? null,
      appId,
      outbox,
      server,
      fetch: async (input, init) => server.app.request(input instanceof URL ? input.href : input, init),
      createUser: (userOptions) => createTestUser(server.ctx, userOptions.appId ?? appId, userOptions, walletMaker(userOptions.appId ?? appId)),
      signIn: (page, signInOptions) => signInWithModal(page, outbox, signInOptions),
      close: () => server.close(),
    }
  }
}
