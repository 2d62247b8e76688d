import { generate } from 'otplib'
import type { TokenResponse } from '../../core/protocol/index.js'
import type { CreateServerOptions, ServerPlugin } from '../../core/server/index.js'
import { ADMIN_APP_ID, type OperatorRole } from '../../plugins/admin-console/adminApi.js'
import { adminCommand, adminConsoleReady, adminConsoleServer } from '../../plugins/admin-console/server.js'
import { emailServer } from '../../plugins/email/server.js'
import { managementServer } from '../../plugins/management/server.js'
import { mfaTotpServer } from '../../plugins/mfa-totp/server.js'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN, type TestServer } from './createTestServer.js'

/** An admin-console call: the admin app's header and the operator's token unless told otherwise. */
export interface AdminCallInit {
  method?: string
  body?: unknown
  token?: string
  appId?: string
  headers?: Record<string, string>
}

/** A test server with the admin console (and the e-mail login, TOTP, the management API), the test app and the admin app. */
export interface AdminTestServer {
  t: TestServer
  /** The server's clock (epoch ms): tests move it. */
  clock: { now: number }
  api(path: string, init?: AdminCallInit): Promise<Response>
  /** Signs `email` in to `appId` (default the admin app) with an e-mail code. */
  login(email: string, appId?: string): Promise<TokenResponse>
  /** `foyer admin …` against this server's database; answers the exit code and the lines written. */
  cli(args: string[]): Promise<{ code: number; out: string[]; err: string[] }>
  /** Enrols TOTP for the token's user (admin app): answers the secret. */
  enrolTotp(token: string): Promise<string>
  /** A fresh MFA verification of the token's session with a real TOTP code. */
  verifyTotp(token: string, secret: string): Promise<void>
  /** An operator (`foyer admin add`), signed in, TOTP enrolled (the first time) and the admin session verified. */
  operator(email: string, role?: OperatorRole): Promise<{ token: string; refreshToken: string; userId: string; secret: string }>
}

const TOTP_KEY = Buffer.alloc(32, 9).toString('base64')

export async function createAdminTestServer(options: { plugins?: ServerPlugin[]; rateLimits?: CreateServerOptions['rateLimits'] } = {}): Promise<AdminTestServer> {
  const clock = { now: Date.parse('2026-09-10T12:00:00Z') }
  const t = await createTestServer({
    plugins: [emailServer(), mfaTotpServer({ key: TOTP_KEY }), managementServer(), adminConsoleServer(), ...(options.plugins ?? [])],
    // The admin app is the plugin's: it creates it in the app store at start.
    apps: [{ id: TEST_APP_ID, name: 'Test App', allowed_origins: [TEST_ORIGIN], email_auth: true }],
    now: () => clock.now,
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  })
  await adminConsoleReady(t.server.ctx)
  const api: AdminTestServer['api'] = (path, { method, body, token, appId = ADMIN_APP_ID, headers = {} } = {}) =>
    t.request(path, { ...(method ? { method } : {}), ...(body === undefined ? {} : { body }), ...(token ? { token } : {}), headers: { 'foyer-app-id': appId, ...headers } })
  const login: AdminTestServer['login'] = async (email, appId = ADMIN_APP_ID) => {
    const init = await api('/api/v1/passwordless/init', { body: { email }, appId })
    if (init.status !== 200) throw new Error(`init answered ${init.status}: ${await init.text()}`)
    const code = await t.lastCode(email)
    const res = await api('/api/v1/passwordless/authenticate', { body: { email, code }, appId })
    if (res.status !== 200) throw new Error(`authenticate answered ${res.status}: ${await res.text()}`)
    return (await res.json()) as TokenResponse
  }
  /** A TOTP code of a step no earlier code used (each step passes once). */
  const code = (secret: string) => {
    clock.now += 30_000
    return generate({ secret, epoch: Math.floor(clock.now / 1000) })
  }
  const post = async (path: string, token: string, body: unknown) => {
    const res = await api(path, { token, body })
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
    return res.json() as Promise<Record<string, unknown>>
  }
  const enrolTotp: AdminTestServer['enrolTotp'] = async (token) => {
    const { secret } = (await post('/api/v1/mfa/totp/enroll/init', token, {})) as { secret: string }
    await post('/api/v1/mfa/totp/enroll', token, { mfaCode: await code(secret) })
    return secret
  }
  const verifyTotp: AdminTestServer['verifyTotp'] = async (token, secret) => {
    await post('/api/v1/mfa/init', token, { method: 'totp' })
    await post('/api/v1/mfa/verify', token, { method: 'totp', code: await code(secret) })
  }
  const cli: AdminTestServer['cli'] = async (args) => {
    const out: string[] = []
    const err: string[] = []
    const { db, users, events } = t.server.ctx
    const status = await adminCommand(args, { out: (l) => out.push(l), err: (l) => err.push(l) }, { open: async () => ({ db, users, events, now: () => clock.now, close: async () => {} }) })
    return { code: status, out, err }
  }
  const secrets = new Map<string, string>()
  return {
    t,
    clock,
    api,
    login,
    cli,
    enrolTotp,
    verifyTotp,
    async operator(email, role = 'owner') {
      const added = await cli(['add', email, '--role', role])
      if (added.code !== 0) throw new Error(added.err.join('\n'))
      const { token, refresh_token, user } = await login(email)
      // Enrolled once per user (a later call signs in again: a new session to verify).
      const secret = secrets.get(email) ?? (await enrolTotp(token!))
      secrets.set(email, secret)
      // Enrolling verified the session already: verify again as a later session would, then the admin session.
      await verifyTotp(token!, secret)
      const res = await api('/api/v1/admin/session', { token: token!, body: {} })
      if (res.status !== 200) throw new Error(`POST session answered ${res.status}: ${await res.text()}`)
      return { token: token!, refreshToken: refresh_token!, userId: user.id, secret }
    },
  }
}

/** The `code` of an error answer. */
export const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code
