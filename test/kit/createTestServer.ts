import { createServer } from '../../core/server/index.js'
import type { CreateServerOptions, FoyerServer, OutboxEntry } from '../../core/server/index.js'
import type { TokenResponse } from '../../core/protocol/index.js'
import { serverMigrations } from '../../core/server/db/serverMigrations.js'
import { emailServer } from '../../plugins/email/server.js'
import { openTemplateDb } from './pgliteTemplate.js'
import { createTestDevice, type TestDevice } from './testDevice.js'

/** App id of the test app (25 characters, as every app id). */
export const TEST_APP_ID = 'foyer_test_app_0000000001'
/** Origin the test app allows. */
export const TEST_ORIGIN = 'http://localhost:5173'

/** Options of createTestServer: any createServer option; plugins default to [emailServer()]. */
export type CreateTestServerOptions = CreateServerOptions & {
  /** Extra fields for the test app (ServerAppConfig snake_case fields, disable_signup, allowed_origins). */
  app?: Record<string, unknown>
}

/** One request through `app.request`. `body` is sent as JSON unless it is a string. */
export interface TestRequestInit {
  method?: string
  body?: unknown
  headers?: Record<string, string>
  /** Sets `Authorization: Bearer <token>`. */
  token?: string
  /** Leave out the foyer-app-id header. */
  noAppId?: boolean
}

/** What createTestServer returns. */
export interface TestServer {
  server: FoyerServer
  app: FoyerServer['app']
  appId: string
  request(path: string, init?: TestRequestInit): Promise<Response>
  /** The dev outbox, newest first. */
  outbox(): Promise<OutboxEntry[]>
  /** The newest code sent to `to`; throws when there is none. */
  lastCode(to: string): Promise<string>
  /**
   * Signs `email` in through init + authenticate and answers the token response. The session is bound to `device`
   * (default: this server's `device`, as a browser with the wallet frame would); `device: null` binds none.
   */
  login(email?: string, options?: { device?: TestDevice | null }): Promise<TokenResponse>
  /** The device key logins bind by default (the wallet frame's, in a browser): custody test calls sign with it. */
  device: TestDevice
  close(): Promise<void>
}

/** An in-memory server with the e-mail plugin and a test app, for unit, component and e2e tests. */
export async function createTestServer(options: CreateTestServerOptions = {}): Promise<TestServer> {
  const { app: appOverrides, ...serverOptions } = options
  const plugins = serverOptions.plugins ?? [emailServer()]
  // A new in-memory database from a pre-migrated dump (initdb takes seconds); a test that names its own
  // data folder or database gets that instead.
  const ownDb = serverOptions.dataDir === undefined && !serverOptions.databaseUrl && !serverOptions.db
  const server = await createServer({
    dataDir: ':memory:',
    databaseUrl: '',
    ...(ownDb ? { db: await openTemplateDb(serverMigrations(plugins)) } : {}),
    smtpUrl: '',
    dev: true,
    logger: { info() {}, warn() {}, error() {} },
    plugins,
    apps: [{ id: TEST_APP_ID, name: 'Test App', allowed_origins: [TEST_ORIGIN], email_auth: true, ...appOverrides }],
    ...serverOptions,
  })
  const request = (path: string, init: TestRequestInit = {}) => {
    const headers: Record<string, string> = { ...(init.noAppId ? {} : { 'foyer-app-id': TEST_APP_ID }) }
    if (init.token) headers.authorization = `Bearer ${init.token}`
    let body: string | undefined
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
      headers['content-type'] = 'application/json'
    }
    return Promise.resolve(
      server.app.request(path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers: { ...headers, ...init.headers }, body }),
    )
  }
  const outbox = async () => (await (await server.app.request('/dev/outbox')).json()) as OutboxEntry[]
  const lastCode = async (to: string) => {
    const entry = (await outbox()).find((e) => e.to === to.toLowerCase() && e.code)
    if (!entry?.code) throw new Error(`No code was sent to ${to}`)
    return entry.code
  }
  const defaultDevice = await createTestDevice(serverOptions.now)
  return {
    server,
    device: defaultDevice,
    app: server.app,
    appId: TEST_APP_ID,
    request,
    outbox,
    lastCode,
    async login(email = 'user@example.com', { device = defaultDevice }: { device?: TestDevice | null } = {}) {
      const init = await request('/api/v1/passwordless/init', { body: { email } })
      if (init.status !== 200) throw new Error(`init answered ${init.status}`)
      const code = await lastCode(email)
      const res = await request('/api/v1/passwordless/authenticate', { body: { email, code }, headers: device ? await device.bindingHeader() : {} })
      if (res.status !== 200) throw new Error(`authenticate answered ${res.status}`)
      return (await res.json()) as TokenResponse
    },
    close: () => server.close(),
  }
}
