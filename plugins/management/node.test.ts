import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose'
import { build } from 'esbuild'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FoyerApiError, FoyerAuthError, FoyerClient, FoyerNetworkError, WebhookVerificationError, type ImportReport, type ImportUserInput, type ManagementUser } from 'foyer/node'
import { BaseError } from '../../core/errors/BaseError.js'
import { paths, type TokenResponse } from '../../core/protocol/index.js'
import type { Listening } from '../../core/server/index.js'
import { insertSigningKey, loadSigningKeys } from '../../core/server/signingKeys.js'
import { TEST_APP_ID } from '../../test/kit/createTestServer.js'
import { createManagementTestServer, OTHER_APP_ID, type ManagementTestServer } from '../../test/kit/managementApi.js'
import { startWebhookReceiver, type WebhookReceiver } from '../../test/kit/webhookReceiver.js'
import { webhooksOf, webhooksServer } from '../webhooks/server.js'
import { managementPaths } from './schema.js'

// The server SDK against the real server over real HTTP (a listening API), real tokens, real signatures.

const ETH = '0x52908400098527886E0F7030069857D2E4169EE7'
const SOL = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

/** Real time plus `skew`: a test moves the server's clock to mint tokens that are expired by now. */
let skew = 0
const now = () => Date.now() + skew

let m: ManagementTestServer
let api: Listening
let client: FoyerClient

beforeAll(async () => {
  m = await createManagementTestServer({ now, plugins: [webhooksServer({ retryDelaysMs: [20, 20], attemptTimeoutMs: 2000 })] })
  api = (await m.t.server.listenAll({ api: 0 })).api!
  client = new FoyerClient({ appId: TEST_APP_ID, appSecret: m.secret, apiUrl: api.url })
})
afterAll(() => m?.t.close())

/** Rejection of `promise` as a FoyerApiError (fails the test when it resolves or throws something else). */
async function apiError(promise: Promise<unknown>): Promise<FoyerApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FoyerApiError)
  return error as FoyerApiError
}

/** A real HTTP server that answers every request with `answer` ('hang': never). */
async function startPlainServer(answer: { status: number; body: string; type: string } | 'hang') {
  const server = createHttpServer((_req, res) => {
    if (answer !== 'hang') res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

/** A port nothing listens on (one was, a moment ago). */
async function closedUrl() {
  const server = await startPlainServer({ status: 200, body: '', type: 'text/plain' })
  await server.close()
  return server.url
}

describe('FoyerClient: users', () => {
  it('createUser, getUser and the lookups by e-mail, phone and wallet answer the user in the routes’ shape', async () => {
    const created = await client.createUser({
      linkedAccounts: [
        { type: 'email', address: 'SDK.Create@Example.com' },
        { type: 'phone', number: '+1 (650) 253-0000' },
        { type: 'wallet', chain_type: 'ethereum', address: ETH },
        { type: 'wallet', chain_type: 'solana', address: SOL },
      ],
      customMetadata: { plan: 'pro', seats: 3, trial: false },
    })
    expect(created).toMatchObject({ id: expect.any(String), created_at: expect.any(Number), is_guest: false, custom_metadata: { plan: 'pro', seats: 3, trial: false } })
    expect(created.linked_accounts.map((a) => a.type).sort()).toEqual(['email', 'phone', 'wallet', 'wallet'])
    // The same user as the route answers it.
    const viaRoute = (await (await m.api(managementPaths.user.replace(':id', created.id))).json()) as ManagementUser
    expect(await client.getUser(created.id)).toEqual(viaRoute)
    for (const found of [
      await client.getUserByEmail('sdk.create@example.com'),
      await client.getUserByPhone('+1 650-253-0000'),
      await client.getUserByWalletAddress(ETH.toLowerCase()),
      await client.getUserByWalletAddress(SOL),
    ]) {
      expect(found?.id).toBe(created.id)
    }
  })

  it('answers null for a user the app has none of (unknown, or another app’s), and refuses an empty id before any request', async () => {
    const other = await new FoyerClient({ appId: OTHER_APP_ID, appSecret: m.otherSecret, apiUrl: api.url }).createUser({ linkedAccounts: [{ type: 'email', address: 'sdk.other@example.com' }] })
    expect(await client.getUser('no-such-user')).toBeNull()
    expect(await client.getUser(other.id)).toBeNull()
    expect(await client.getUser('../../apps')).toBeNull()
    expect(await client.getUserByEmail('sdk.other@example.com')).toBeNull()
    expect(await client.getUserByPhone('+16502530001')).toBeNull()
    expect(await client.getUserByWalletAddress('0x0000000000000000000000000000000000000001')).toBeNull()
    for (const id of ['', '.', '..']) await expect(client.getUser(id)).rejects.toThrow(TypeError)
    await expect(client.deleteUser('..')).rejects.toThrow(TypeError)
  })

  it('setCustomMetadata replaces the metadata; revokeSessions ends the sessions at the server; deleteUser deletes once', async () => {
    const login = await m.t.login('sdk.lifecycle@example.com')
    const id = login.user.id
    const updated = await client.setCustomMetadata(id, { tier: 'gold', visits: 7 })
    expect(updated.custom_metadata).toEqual({ tier: 'gold', visits: 7 })
    expect((await client.getUser(id))?.custom_metadata).toEqual({ tier: 'gold', visits: 7 })

    expect((await me(login.token!)).status).toBe(200)
    expect(await client.revokeSessions(id)).toEqual({ revoked_sessions: 1 })
    expect((await me(login.token!)).status).toBe(401)
    // The token still verifies offline until it expires: the SDK says so (a JWT carries no revocation).
    expect((await client.verifyAuthToken(login.token!)).userId).toBe(id)

    expect(await client.deleteUser(id)).toBe(true)
    expect(await client.getUser(id)).toBeNull()
    expect(await client.deleteUser(id)).toBe(false)
  })
})

describe('FoyerClient: getUsers over pages', () => {
  const USERS = 1000
  let p: ManagementTestServer
  let pApi: Listening
  let clock = Date.parse('2026-09-01T00:00:00Z')
  const requests: string[] = []
  let paged: FoyerClient
  const ids: string[] = []

  beforeAll(async () => {
    p = await createManagementTestServer({ now: () => clock })
    pApi = (await p.t.server.listenAll({ api: 0 })).api!
    paged = new FoyerClient({
      appId: TEST_APP_ID,
      appSecret: p.secret,
      apiUrl: pApi.url,
      fetch: (url, init) => (requests.push(url), fetch(url, init)),
    })
    // Ten creation times, 100 users each (the id breaks ties), created through the SDK, a few at a time.
    for (let batch = 0; batch < USERS / 100; batch++) {
      clock += 60_000
      for (let i = 0; i < 100; i += 10) {
        const made = await Promise.all(
          Array.from({ length: 10 }, (_, j) => paged.createUser({ linkedAccounts: [{ type: 'email', address: `paged.${batch * 100 + i + j}@example.com` }] })),
        )
        ids.push(...made.map((u) => u.id))
      }
    }
    // Another app's users are never listed.
    await new FoyerClient({ appId: OTHER_APP_ID, appSecret: p.otherSecret, apiUrl: pApi.url }).createUser({ linkedAccounts: [{ type: 'email', address: 'paged.elsewhere@example.com' }] })
  }, 120_000)
  afterAll(() => p?.t.close())

  it(`iterates over all ${USERS} users, each once, oldest first, a page per request`, async () => {
    requests.length = 0
    const started = performance.now()
    const seen: ManagementUser[] = []
    for await (const user of paged.getUsers()) seen.push(user)
    console.log(`[management] getUsers over ${USERS} users: ${requests.length} pages in ${Math.round(performance.now() - started)} ms`)
    expect(seen).toHaveLength(USERS)
    expect(new Set(seen.map((u) => u.id))).toEqual(new Set(ids))
    const times = seen.map((u) => u.created_at)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    // 100 a page: ten pages, and an eleventh (empty) when the tenth could not tell it was the last.
    expect(requests.length).toBeGreaterThanOrEqual(10)
    expect(requests.length).toBeLessThanOrEqual(11)
    expect(requests.every((u) => u.includes('/api/v1/users'))).toBe(true)
  })

  it('fetches pages as the loop asks: a loop that stops early makes one request', async () => {
    requests.length = 0
    let n = 0
    for await (const _user of paged.getUsers({ pageSize: 7 })) if (++n === 5) break
    expect(requests).toHaveLength(1)
    expect(new URL(requests[0]!).searchParams.get('limit')).toBe('7')
  })

  it('filters: created range (whole seconds, after ≤ t < before), login method and search, across pages', async () => {
    const start = Date.parse('2026-09-01T00:00:00Z')
    const inRange: ManagementUser[] = []
    // The third and fourth batches (created at start + 3 and + 4 minutes).
    for await (const user of paged.getUsers({ createdAfter: new Date(start + 180_000), createdBefore: new Date(start + 300_000), pageSize: 30 })) inRange.push(user)
    expect(inRange).toHaveLength(200)
    expect(new Set(inRange.map((u) => u.id))).toEqual(new Set(ids.slice(200, 400)))

    const found: ManagementUser[] = []
    for await (const user of paged.getUsers({ search: 'paged.517@example.com' })) found.push(user)
    expect(found.map((u) => u.id)).toEqual([ids[517]])

    const walletUser = await paged.createUser({ linkedAccounts: [{ type: 'wallet', chain_type: 'ethereum', address: ETH }] })
    const wallets: string[] = []
    for await (const user of paged.getUsers({ loginMethod: 'wallet' })) wallets.push(user.id)
    expect(wallets).toEqual([walletUser.id])
    await expect(paged.getUsers({ createdAfter: new Date(Number.NaN) }).next()).rejects.toThrow(TypeError)
  })
})

describe('FoyerClient: importUsers', () => {
  let s: ManagementTestServer
  let sdk: FoyerClient
  /** Each import request's body as sent: its users, dry_run, and its size in bytes. */
  const sent: { users: number; dryRun: boolean; bytes: number }[] = []
  let imported: ImportReport | undefined
  const countUsers = async () => Number((await s.t.server.db.query<{ n: string }>('SELECT count(*) AS n FROM users'))[0]!.n)

  beforeAll(async () => {
    s = await createManagementTestServer()
    const url = (await s.t.server.listenAll({ api: 0 })).api!.url
    sdk = new FoyerClient({
      appId: TEST_APP_ID,
      appSecret: s.secret,
      apiUrl: url,
      fetch: (u, init) => {
        if (u.endsWith('/api/v1/users/import')) {
          const body = JSON.parse(String(init.body)) as { users: unknown[]; dry_run: boolean }
          sent.push({ users: body.users.length, dryRun: body.dry_run, bytes: new TextEncoder().encode(String(init.body)).length })
        }
        return fetch(u, init)
      },
    })
  })
  afterAll(() => s?.t.close())

  // 1,200 users: a malformed one at 777, one with the accounts of user 100 at 1,100 (same user), one at 1,150 holding
  // user 150's e-mail with a wallet of its own (a conflict).
  const many = (): ImportUserInput[] =>
    Array.from({ length: 1200 }, (_, i): ImportUserInput => {
      if (i === 777) return { linked_accounts: [] }
      if (i === 1100) return { linked_accounts: [{ type: 'email', address: 'Bulk.100@Example.com' }] }
      if (i === 1150) return { linked_accounts: [{ type: 'email', address: 'bulk.150@example.com' }, { type: 'wallet', chain_type: 'ethereum', address: ETH }] }
      return { linked_accounts: [{ type: 'email', address: `bulk.${i}@example.com` }], ...(i % 3 ? {} : { custom_metadata: { row: i } }) }
    })

  it('a dry run of 1,200 users goes in 3 requests of ≤ 500, reports every row at its place and stores nothing', async () => {
    sent.length = 0
    const before = await countUsers()
    const report = await sdk.importUsers(many(), { dryRun: true })
    expect(sent).toEqual([500, 500, 200].map((users) => ({ users, dryRun: true, bytes: expect.any(Number) })))
    expect(report.results.map((r) => r.index)).toEqual(Array.from({ length: 1200 }, (_, i) => i))
    expect(report.results[777]).toMatchObject({ index: 777, status: 'invalid', error: { field: 'linked_accounts' } })
    // Each request is judged on its own in a dry run: row 1,100 repeats row 100 of an earlier request, both 'created'.
    expect({ created: report.created, existing: report.existing, conflicts: report.conflicts, invalid: report.invalid, dry_run: report.dry_run }).toEqual({ created: 1199, existing: 0, conflicts: 0, invalid: 1, dry_run: true })
    expect(report.results.filter((r) => r.user_id)).toEqual([])
    expect(await countUsers()).toBe(before)
  })

  it('imports 1,200 users in 3 requests with one aggregate report whose indexes are the caller’s positions', async () => {
    sent.length = 0
    const report = (imported = await sdk.importUsers(many()))
    expect(sent.map((r) => r.users)).toEqual([500, 500, 200])
    expect({ created: report.created, existing: report.existing, conflicts: report.conflicts, invalid: report.invalid, dry_run: report.dry_run }).toEqual({ created: 1197, existing: 1, conflicts: 1, invalid: 1, dry_run: false })
    expect(report.results.map((r) => r.index)).toEqual(Array.from({ length: 1200 }, (_, i) => i))
    expect(report.results[777]).toMatchObject({ status: 'invalid', error: { field: 'linked_accounts', message: expect.stringContaining('at least one') } })
    // Row 1,100 (third request) is the user row 100 (first request) made; row 1,150 conflicts with row 150's user.
    expect(report.results[1100]).toMatchObject({ status: 'existing', user_id: report.results[100]!.user_id })
    expect(report.results[1150]).toMatchObject({ status: 'conflict' })
    expect(await sdk.getUserByWalletAddress(ETH)).toBeNull()
    // Every created row's user is the one holding that row's e-mail, on both sides of each request's edge.
    for (const i of [0, 3, 499, 500, 999, 1000, 1199]) {
      const user = await sdk.getUserByEmail(`bulk.${i}@example.com`)
      expect(report.results[i]).toMatchObject({ index: i, status: 'created', user_id: user!.id })
      expect(user!.custom_metadata).toEqual(i % 3 ? {} : { row: i })
    }
  }, 120_000)

  it('is idempotent: all 1,200 again are existing, as the same users (the malformed and the conflicting row as before); nothing is stored', async () => {
    const before = await countUsers()
    const again = await sdk.importUsers(many())
    expect({ created: again.created, existing: again.existing, conflicts: again.conflicts, invalid: again.invalid }).toEqual({ created: 0, existing: 1198, conflicts: 1, invalid: 1 })
    expect(again.results.map((r) => r.user_id)).toEqual(imported!.results.map((r, i) => (i === 1100 ? imported!.results[100]!.user_id : r.user_id)))
    expect(again.results.filter((r) => r.status !== 'existing').map((r) => [r.index, r.status])).toEqual([[777, 'invalid'], [1150, 'conflict']])
    expect(await countUsers()).toBe(before)
  }, 120_000)

  it('importUser imports one user and answers its result', async () => {
    const made = await sdk.importUser({ linked_accounts: [{ type: 'telegram', telegram_user_id: '424242' }] })
    expect(made).toMatchObject({ index: 0, status: 'created', user_id: expect.any(String) })
    expect(await sdk.importUser({ linked_accounts: [{ type: 'telegram', telegram_user_id: '424242' }] })).toEqual({ index: 0, status: 'existing', user_id: made.user_id })
    // A malformed user (the types forbid it; JavaScript callers can still send one) is invalid, not an exception.
    expect(await sdk.importUser({ linked_accounts: [{ type: 'email', address: 'not an address' }] } as ImportUserInput)).toMatchObject({ index: 0, status: 'invalid', error: { field: 'linked_accounts.0.address' } })
  })

  it('closes a request at 100 KiB of JSON before 500 users, and refuses a user over 100 KiB before sending anything', async () => {
    sent.length = 0
    // About 3.1 kB each: 32 of them fill a request.
    const padded = Array.from({ length: 70 }, (_, i): ImportUserInput => ({
      linked_accounts: [{ type: 'email', address: `padded.${i}@example.com` }],
      custom_metadata: { note: 'x'.repeat(3000), row: i },
    }))
    const report = await sdk.importUsers(padded)
    expect(report).toMatchObject({ created: 70, invalid: 0 })
    expect(report.results.map((r) => r.index)).toEqual(padded.map((_, i) => i))
    expect(sent.length).toBe(3)
    expect(sent.reduce((n, r) => n + r.users, 0)).toBe(70)
    for (const r of sent) expect(r.bytes).toBeLessThanOrEqual(100 * 1024)
    // Each request but the last is full: one more user would have crossed the limit.
    expect(sent[0]!.bytes + 3100).toBeGreaterThan(100 * 1024)

    sent.length = 0
    const huge = { linked_accounts: [{ type: 'email', address: 'huge@example.com' }], custom_metadata: { note: 'x'.repeat(101 * 1024) } } as ImportUserInput
    await expect(sdk.importUsers([padded[0]!, huge])).rejects.toThrow(/user 1 is \d+ bytes of JSON/)
    expect(sent).toEqual([])
  })
})

describe('FoyerClient: errors', () => {
  it('surfaces each declared code as FoyerApiError with status, code and message, without the secret', async () => {
    const cases: [() => Promise<unknown>, number, string][] = [
      [() => new FoyerClient({ appId: TEST_APP_ID, appSecret: `${m.secret}0`, apiUrl: api.url }).getUser('x'), 401, 'invalid_app_secret'],
      // Another app's secret under this app's id.
      [() => new FoyerClient({ appId: TEST_APP_ID, appSecret: m.otherSecret, apiUrl: api.url }).getUsers().next(), 401, 'invalid_app_secret'],
      [() => client.revokeSessions('no-such-user'), 404, 'user_not_found'],
      [() => client.setCustomMetadata('no-such-user', { a: 1 }), 404, 'user_not_found'],
      [() => client.getUserByPhone('12'), 400, 'invalid_data'],
      [() => client.getUserByEmail('not an address'), 400, 'invalid_data'],
      [() => client.createUser({ linkedAccounts: [] }), 400, 'invalid_data'],
      [() => client.setCustomMetadata('no-such-user', { nested: { no: true } } as never), 400, 'invalid_data'],
      [() => client.getUsers({ pageSize: 0 }).next(), 400, 'invalid_data'],
      [() => client.getUsers({ pageSize: 101 }).next(), 400, 'invalid_data'],
      // What a page's script would meet (the SDK sends no Origin; a fetch that adds one shows the mapping).
      [
        () =>
          new FoyerClient({ appId: TEST_APP_ID, appSecret: m.secret, apiUrl: api.url, fetch: (url, init) => fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), origin: 'http://localhost:5173' } }) }).getUser('x'),
        403,
        'invalid_origin',
      ],
    ]
    for (const [call, status, code] of cases) {
      const error = await apiError(call())
      expect({ status: error.status, code: error.code }).toEqual({ status, code })
      expect(error).toBeInstanceOf(BaseError)
      expect(error.message.length).toBeGreaterThan(0)
      expect(`${error.message} ${JSON.stringify(error)} ${error.stack}`).not.toContain(m.secret)
    }
    const taken = await apiError(client.createUser({ linkedAccounts: [{ type: 'email', address: 'sdk.create@example.com' }] }))
    expect(taken).toMatchObject({ status: 409, code: 'account_already_linked', data: { account_type: 'email' } })
  })

  it('surfaces 429 too_many_requests past the app’s rule', async () => {
    const limited = await createManagementTestServer({ rateLimits: { 'management.app': { limit: 1, windowSeconds: 60 } } })
    try {
      const url = (await limited.t.server.listenAll({ api: 0 })).api!.url
      const sdk = new FoyerClient({ appId: TEST_APP_ID, appSecret: limited.secret, apiUrl: url })
      expect(await sdk.getUser('x')).toBeNull()
      const error = await apiError(sdk.getUser('x'))
      expect(error).toMatchObject({ status: 429, code: 'too_many_requests' })
    } finally {
      await limited.t.close()
    }
  })

  it('tells a network failure from an answer: refused connection, timeout (FoyerNetworkError), a proxy’s HTML page (FoyerApiError)', async () => {
    const down = new FoyerClient({ appId: TEST_APP_ID, appSecret: m.secret, apiUrl: await closedUrl() })
    await expect(down.getUser('x')).rejects.toBeInstanceOf(FoyerNetworkError)
    await expect(down.verifyAuthToken((await m.t.login('sdk.down@example.com')).token!)).rejects.toBeInstanceOf(FoyerNetworkError)

    const hanging = await startPlainServer('hang')
    try {
      const slow = new FoyerClient({ appId: TEST_APP_ID, appSecret: m.secret, apiUrl: hanging.url, timeoutMs: 200 })
      const error = await slow.getUser('x').catch((e: unknown) => e)
      expect(error).toBeInstanceOf(FoyerNetworkError)
      expect((error as Error).message).toContain('200 ms')
    } finally {
      await hanging.close()
    }

    const proxy = await startPlainServer({ status: 502, body: '<html>Bad gateway</html>', type: 'text/html' })
    try {
      const error = await apiError(new FoyerClient({ appId: TEST_APP_ID, appSecret: m.secret, apiUrl: proxy.url }).getUser('x'))
      expect(error).toMatchObject({ status: 502, code: 'unexpected_response' })
    } finally {
      await proxy.close()
    }
  })

  it('needs the app secret for management calls only, and refuses a bad apiUrl at construction', async () => {
    const tokensOnly = new FoyerClient({ appId: TEST_APP_ID, apiUrl: api.url })
    await expect(tokensOnly.getUser('x')).rejects.toThrow(/appSecret is required/)
    const login = await m.t.login('sdk.tokens-only@example.com')
    expect((await tokensOnly.verifyAuthToken(login.token!)).userId).toBe(login.user.id)
    expect(() => new FoyerClient({ appId: TEST_APP_ID, apiUrl: 'auth.example.com' })).toThrow(TypeError)
    expect(() => new FoyerClient({ appId: TEST_APP_ID, apiUrl: 'ftp://auth.example.com' })).toThrow(TypeError)
    expect(() => new FoyerClient({ appId: '', apiUrl: api.url })).toThrow(TypeError)
    // A trailing slash is fine.
    expect(await new FoyerClient({ appId: TEST_APP_ID, appSecret: m.secret, apiUrl: `${api.url}/` }).getUser('x')).toBeNull()
  })
})

/** GET /api/v1/users/me with `token` over HTTP, as the server's own check of an access token. */
const me = (token: string, appId = TEST_APP_ID) => fetch(`${api.url}${paths.usersMe}`, { headers: { authorization: `Bearer ${token}`, 'foyer-app-id': appId } })

/** Signs in `email` on `appId` through the e-mail code routes (no device key bound). */
async function loginOn(appId: string, email: string): Promise<TokenResponse> {
  const headers = { 'foyer-app-id': appId }
  expect((await m.t.request('/api/v1/passwordless/init', { body: { email }, headers })).status).toBe(200)
  const res = await m.t.request('/api/v1/passwordless/authenticate', { body: { email, code: await m.t.lastCode(email) }, headers })
  expect(res.status).toBe(200)
  return (await res.json()) as TokenResponse
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('FoyerClient.verifyAuthToken: refuses what the server refuses', () => {
  let login: TokenResponse
  let claims: JWTPayload
  /** Signs `claims` with the server's own current key (read from its database), as only the server could. */
  let signWithServerKey: (claims: JWTPayload) => Promise<string>

  beforeAll(async () => {
    login = await m.t.login('sdk.verify@example.com')
    claims = decodeJwt(login.token!)
    const kid = decodeProtectedHeader(login.token!).kid!
    const row = (await loadSigningKeys(m.t.server.db)).find((k) => k.kid === kid)!
    const privateKey = await importJWK(row.private_jwk, 'ES256')
    signWithServerKey = (payload) => new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(privateKey)
  })

  it('accepts a real login’s access token and answers Privy-named claims', async () => {
    const verified = await client.verifyAuthToken(login.token!)
    expect(verified).toEqual({
      userId: login.user.id,
      appId: TEST_APP_ID,
      sessionId: claims.sid,
      issuer: 'foyer',
      issuedAt: claims.iat,
      expiration: claims.exp,
    })
    expect((await me(login.token!)).status).toBe(200)
    // The helper that forges below signs what the server accepts when nothing is changed.
    const copy = await signWithServerKey(claims)
    expect((await me(copy)).status).toBe(200)
    expect((await client.verifyAuthToken(copy)).userId).toBe(login.user.id)
  })

  it('refuses a forged signature, a tampered payload, alg none, another issuer, an identity token, an expired and another app’s token', async () => {
    const { privateKey: strangerKey } = await generateKeyPair('ES256')
    const kid = decodeProtectedHeader(login.token!).kid!
    const [header, , signature] = login.token!.split('.')

    skew = -2 * 3600_000
    let expired: TokenResponse
    try {
      expired = await m.t.login('sdk.expired@example.com')
    } finally {
      skew = 0
    }
    const foreign = await loginOn(OTHER_APP_ID, 'sdk.foreign@example.com')

    const refused: Record<string, string> = {
      'signed by another key under the server’s kid': await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(strangerKey),
      'signed by another key under an unknown kid': await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'forged-kid', typ: 'JWT' }).sign(strangerKey),
      'a tampered payload (another user) under the real signature': `${header}.${b64url({ ...claims, sub: 'another-user' })}.${signature}`,
      'alg none': new UnsecuredJWT(claims).encode(),
      'alg none under the server’s kid': `${b64url({ alg: 'none', kid, typ: 'JWT' })}.${b64url(claims)}.`,
      'another issuer (the server’s key)': await signWithServerKey({ ...claims, iss: 'someone-else' }),
      'no session id (the server’s key)': await signWithServerKey({ ...claims, sid: undefined }),
      'the identity token': login.identity_token!,
      'expired an hour ago': expired!.token!,
      'expired a second ago (the server’s key)': await signWithServerKey({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }),
      'another app’s': foreign.token!,
      'not a JWT': 'not-a-token',
    }
    for (const [what, token] of Object.entries(refused)) {
      expect((await me(token)).status, what).toBe(401)
      const error = await client.verifyAuthToken(token).catch((e: unknown) => e)
      expect(error, what).toBeInstanceOf(FoyerAuthError)
    }
    await expect(client.verifyAuthToken('')).rejects.toBeInstanceOf(FoyerAuthError)

    // Each is the check's doing: the other app's client takes its own app's token, and a client told the other issuer
    // takes the token signed with it.
    expect((await new FoyerClient({ appId: OTHER_APP_ID, apiUrl: api.url }).verifyAuthToken(foreign.token!)).userId).toBe(foreign.user.id)
    expect((await me(foreign.token!, OTHER_APP_ID)).status).toBe(200)
    const elsewhere = new FoyerClient({ appId: TEST_APP_ID, apiUrl: api.url, issuer: 'someone-else' })
    expect((await elsewhere.verifyAuthToken(refused['another issuer (the server’s key)']!)).issuer).toBe('someone-else')
    await expect(elsewhere.verifyAuthToken(login.token!)).rejects.toBeInstanceOf(FoyerAuthError)
  })
})

describe('FoyerClient.verifyAuthToken: the key set', () => {
  it('fetches the JWKS once and keeps it; a rotated key is fetched when its first token arrives', async () => {
    const r = await createManagementTestServer({ signingKeyRefreshMs: 1 })
    try {
      const url = (await r.t.server.listenAll({ api: 0 })).api!.url
      const fetched: string[] = []
      const sdk = new FoyerClient({ appId: TEST_APP_ID, apiUrl: url, jwksCooldownMs: 0, fetch: (u, init) => (fetched.push(u), fetch(u, init)) })
      const before = await r.t.login('rotate.before@example.com')
      for (let i = 0; i < 5; i++) expect((await sdk.verifyAuthToken(before.token!)).userId).toBe(before.user.id)
      expect(fetched).toEqual([`${sdk.apiUrl}/api/v1/apps/${TEST_APP_ID}/jwks.json`])

      // A new key that signs at once (as after a rotation's lead), loaded by the server.
      const kid = await insertSigningKey(r.t.server.db, { now: Date.now(), activatesAt: Date.now() })
      await r.t.server.ctx.tokens.jwks()
      const after = await r.t.login('rotate.after@example.com')
      expect(decodeProtectedHeader(after.token!).kid).toBe(kid)
      expect((await sdk.verifyAuthToken(after.token!)).userId).toBe(after.user.id)
      expect(fetched).toHaveLength(2)
      // The replaced key still verifies its tokens, from the cache.
      expect((await sdk.verifyAuthToken(before.token!)).userId).toBe(before.user.id)
      expect(fetched).toHaveLength(2)
      // A forged kid costs one fetch per cooldown at most (jose's default 30 s here): none right after one.
      const paced = new FoyerClient({ appId: TEST_APP_ID, apiUrl: url, fetch: (u, init) => (fetched.push(u), fetch(u, init)) })
      await paced.verifyAuthToken(after.token!)
      const { privateKey } = await generateKeyPair('ES256')
      const forged = await new SignJWT(decodeJwt(after.token!)).setProtectedHeader({ alg: 'ES256', kid: 'unknown-kid' }).sign(privateKey)
      for (let i = 0; i < 3; i++) await expect(paced.verifyAuthToken(forged)).rejects.toBeInstanceOf(FoyerAuthError)
      expect(fetched).toHaveLength(3)
    } finally {
      await r.t.close()
    }
  })
})

describe('FoyerClient.webhooks.verify', () => {
  let receiver: WebhookReceiver
  afterAll(() => receiver?.close())

  it('verifies a delivery from the server and answers the event; refuses a tampered body, another secret, an old or future timestamp', async () => {
    receiver = await startWebhookReceiver()
    const hooks = webhooksOf(m.t.server.ctx)
    const { id: endpointId, secret } = await hooks.addEndpoint(TEST_APP_ID, { url: receiver.url, events: ['user.created'] })
    // A sign-up (a user created by the management API is no user.created of its own).
    const created = (await m.t.login('sdk.webhook@example.com')).user
    for (let i = 0; i < 40 && !receiver.received.length; i++) {
      await m.t.server.runJob('webhooks.deliver')
      if (!receiver.received.length) await new Promise((r) => setTimeout(r, 25))
    }
    await hooks.removeEndpoint(endpointId)
    const got = receiver.received[0]!
    const hooked = new FoyerClient({ appId: TEST_APP_ID, apiUrl: api.url, webhookSecret: secret })
    const event = hooked.webhooks.verify(got.body, got.headers)
    expect(event).toMatchObject({ type: 'user.created', data: { user_id: created.id, app_id: TEST_APP_ID, event_id: expect.stringMatching(/^evt_/) } })
    // As a Fetch Request's Headers, and with the secret as an argument.
    const fetchHeaders = new Headers(Object.entries(got.headers).map(([k, v]) => [k, String(v)] as [string, string]))
    expect(client.webhooks.verify(new TextEncoder().encode(got.body), fetchHeaders, secret).type).toBe('user.created')

    const refuse = (body: string, headers: Record<string, string | string[] | undefined>, key = secret) => {
      expect(() => client.webhooks.verify(body, headers, key)).toThrow(WebhookVerificationError)
    }
    refuse(got.body.replace(created.id, 'someone-else'), got.headers)
    refuse(got.body, got.headers, `whsec_${Buffer.alloc(32, 7).toString('base64')}`)
    refuse(got.body, { ...got.headers, 'webhook-signature': undefined })
    // Signed right, with a timestamp outside the 5 minutes' tolerance.
    const signer = new Webhook(secret)
    for (const at of [new Date(Date.now() - 10 * 60_000), new Date(Date.now() + 10 * 60_000)]) {
      const headers = { 'webhook-id': 'msg_old', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signer.sign('msg_old', at, got.body) }
      refuse(got.body, headers)
    }
    // A payload signed now by the library verifies; the signature of one id does not cover another.
    const at = new Date()
    const fresh = { 'webhook-id': 'msg_fresh', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signer.sign('msg_fresh', at, got.body) }
    expect(client.webhooks.verify(got.body, fresh, secret).type).toBe('user.created')
    refuse(got.body, { ...fresh, 'webhook-id': 'msg_other' })
    // No secret given anywhere: a mistake of the caller's, not a refusal.
    expect(() => client.webhooks.verify(got.body, got.headers)).toThrow(TypeError)
  })
})

describe('foyer/node in an edge runtime', () => {
  it('bundles for a neutral platform with nothing from Node: no builtin, no require, Buffer or process', async () => {
    const result = await build({
      entryPoints: ['plugins/management/node.ts'],
      bundle: true,
      platform: 'neutral',
      format: 'esm',
      // What an edge runtime's bundler picks: jose's WebCrypto build, standardwebhooks' CommonJS main.
      conditions: ['source', 'worker', 'import'],
      mainFields: ['module', 'main'],
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    expect(result.errors).toEqual([])
    const inputs = Object.keys(result.metafile.inputs)
    expect(inputs.filter((i) => /^node:|^(crypto|buffer|http|https|net|stream|util|path|fs)$/.test(i))).toEqual([])
    expect(inputs.some((i) => i.includes('jose/dist/webapi'))).toBe(true)
    const code = result.outputFiles[0]!.text
    expect(code.match(/\bBuffer\.(from|alloc|concat|isBuffer)\b|\bprocess\.|\brequire\(["'](?!\.)/g) ?? []).toEqual([])
  })
})
