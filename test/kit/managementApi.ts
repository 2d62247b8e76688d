import { createTestServer, TEST_APP_ID, TEST_ORIGIN, type CreateTestServerOptions, type TestServer } from './createTestServer.js'
import { emailServer } from '../../plugins/email/server.js'
import { managementServer } from '../../plugins/management/server.js'

/** The second app of the management tests: its users are out of reach of the first app's secrets. */
export const OTHER_APP_ID = 'foyer_other_app_000000001'

/** `Authorization: Basic base64(appId:secret)`. */
export const basic = (appId: string, secret: string) => `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`

/** A test server with the management API, two apps and a secret for each. */
export interface ManagementTestServer {
  t: TestServer
  secret: string
  otherSecret: string
  /** A management call as the app's back end makes it (the app's secret and header unless told otherwise). */
  api(path: string, init?: { method?: string; body?: unknown; appId?: string; secret?: string | null; headers?: Record<string, string> }): Promise<Response>
}

/**
 * Starts a server with the e-mail login, `plugins` and the management API, two apps (the test app with `app`'s fields
 * over it), and one app secret per app.
 */
export async function createManagementTestServer(options: CreateTestServerOptions = {}): Promise<ManagementTestServer> {
  const { plugins = [], app = {}, ...rest } = options
  const t = await createTestServer({
    plugins: [emailServer(), ...plugins, managementServer()],
    apps: [
      { id: TEST_APP_ID, name: 'Test App', allowed_origins: [TEST_ORIGIN], email_auth: true, ...app },
      { id: OTHER_APP_ID, name: 'Other App', allowed_origins: ['http://localhost:5174'], email_auth: true },
    ],
    ...rest,
  })
  const secret = (await t.server.ctx.appSecrets.create(TEST_APP_ID)).secret
  const otherSecret = (await t.server.ctx.appSecrets.create(OTHER_APP_ID)).secret
  return {
    t,
    secret,
    otherSecret,
    api(path, { method, body, appId = TEST_APP_ID, secret: used = appId === TEST_APP_ID ? secret : otherSecret, headers = {} } = {}) {
      return t.request(path, {
        ...(method ? { method } : {}),
        ...(body === undefined ? {} : { body }),
        headers: { 'foyer-app-id': appId, ...(used === null ? {} : { authorization: basic(appId, used) }), ...headers },
      })
    },
  }
}

/** The `code` of an error answer. */
export const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code
