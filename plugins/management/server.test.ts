import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '../../core/protocol/index.js'
import { TEST_APP_ID, TEST_ORIGIN } from '../../test/kit/createTestServer.js'
import { codeOf, createManagementTestServer, OTHER_APP_ID, type ManagementTestServer } from '../../test/kit/managementApi.js'
import { createRng, fuzzBody } from '../../test/kit/schemaFuzzer.js'
import { CreateUserSchema, EmailLookupSchema, managementPaths, PhoneLookupSchema, SetCustomMetadataSchema, WalletLookupSchema, type ManagementUser } from './schema.js'
import { managementServer } from './server.js'

const ETH = '0x52908400098527886E0F7030069857D2E4169EE7'
const SOL = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

let m: ManagementTestServer
let clock = Date.parse('2026-08-01T00:00:00Z')
beforeAll(async () => {
  m = await createManagementTestServer({ now: () => clock })
})
afterAll(() => m?.t.close())

const userPath = (id: string) => managementPaths.user.replace(':id', encodeURIComponent(id))
const json = async <T = ManagementUser>(res: Response, status = 200): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}
const userCount = async () => (await m.t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n

describe('management API: who may call it', () => {
  it('refuses without a secret, with a wrong or revoked one, and another app’s secret (401 invalid_app_secret)', async () => {
    const { user } = await m.t.login('gate@example.com')
    const made = await m.t.server.ctx.appSecrets.create(TEST_APP_ID)
    expect((await m.api(userPath(user.id), { secret: made.secret })).status).toBe(200)
    await m.t.server.ctx.appSecrets.revoke(TEST_APP_ID, made.id)
    for (const init of [{ secret: null }, { secret: `${m.secret}0` }, { secret: made.secret }, { secret: m.otherSecret }, { headers: { 'foyer-app-id': OTHER_APP_ID } }]) {
      const res = await m.api(userPath(user.id), init)
      expect(res.status, JSON.stringify(init)).toBe(401)
      expect(await codeOf(res)).toBe('invalid_app_secret')
    }
    // A write refused for its credentials changes nothing.
    const before = await userCount()
    expect((await m.api(managementPaths.users, { body: { linked_accounts: [{ type: 'email', address: 'nope@example.com' }] }, secret: null })).status).toBe(401)
    expect(await userCount()).toBe(before)
  })

  it("acts on its own app's users only: another app's user is user_not_found for every route", async () => {
    const other = await json(await m.api(managementPaths.users, { appId: OTHER_APP_ID, body: { linked_accounts: [{ type: 'email', address: 'other.app@example.com' }] } }))
    for (const [path, init] of [
      [userPath(other.id), {}],
      [userPath(other.id), { method: 'DELETE' }],
      [`${userPath(other.id)}/sessions/revoke`, { body: {} }],
      [`${userPath(other.id)}/custom_metadata`, { body: { custom_metadata: { a: 1 } } }],
      [managementPaths.byEmail, { body: { address: 'other.app@example.com' } }],
    ] as const) {
      const res = await m.api(path, init)
      expect(res.status, path).toBe(404)
      expect(await codeOf(res)).toBe('user_not_found')
    }
    expect((await json(await m.api(userPath(other.id), { appId: OTHER_APP_ID }))).custom_metadata).toEqual({})
    const listed = await json<{ data: ManagementUser[] }>(await m.api(`${managementPaths.users}?search=other.app@example.com`))
    expect(listed.data).toEqual([])
  })

  it('refuses a page’s script (any Origin) even with the secret: 403 invalid_origin, no CORS grant', async () => {
    const res = await m.api(managementPaths.users, { headers: { origin: TEST_ORIGIN } })
    expect(res.status).toBe(403)
    expect(await codeOf(res)).toBe('invalid_origin')
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('rate limits per app: 429 too_many_requests past the rule', async () => {
    const limited = await createManagementTestServer({ plugins: [], rateLimits: { 'management.app': { limit: 2, windowSeconds: 60 } } })
    try {
      expect((await limited.api(managementPaths.users)).status).toBe(200)
      expect((await limited.api(managementPaths.users)).status).toBe(200)
      const res = await limited.api(managementPaths.users)
      expect(res.status).toBe(429)
      expect(await codeOf(res)).toBe('too_many_requests')
      // Another app's budget is its own.
      expect((await limited.api(managementPaths.users, { appId: OTHER_APP_ID })).status).toBe(200)
    } finally {
      await limited.t.close()
    }
  })

  it('answers hostile ids, queries and credentials with a declared 4xx, never a 5xx', async () => {
    const declared = new Set(['invalid_data', 'invalid_app_secret', 'user_not_found', 'not_found', 'invalid_origin'])
    const check = async (res: Response, what: string) => {
      expect(res.status, what).toBeGreaterThanOrEqual(400)
      expect(res.status, what).toBeLessThan(500)
      expect(declared.has(await codeOf(res)), what).toBe(true)
    }
    for (const id of ['%00', '%ED%A0%80', '%E0%A4', '%', '%25', 'a%2Fb', '..', 'x'.repeat(300), "did:foyer:'%20OR%201=1%20--"]) {
      await check(await m.api(`/api/v1/users/${id}`), `GET ${id}`)
      await check(await m.api(`/api/v1/users/${id}`, { method: 'DELETE' }), `DELETE ${id}`)
      await check(await m.api(`/api/v1/users/${id}/sessions/revoke`, { body: {} }), `revoke ${id}`)
      await check(await m.api(`/api/v1/users/${id}/custom_metadata`, { body: { custom_metadata: { a: 1 } } }), `metadata ${id}`)
    }
    // Invalid UTF-8 in a query decodes to U+FFFD: a search for that finds nobody.
    expect((await json<{ data: unknown[] }>(await m.api(`${managementPaths.users}?search=%ED%A0%80`))).data).toEqual([])
    for (const query of ['search=%00', 'cursor=%00', 'cursor=a.b.c', 'created_after=999999999999999', 'created_before=999999999999', 'limit=%00', 'login_method=%00']) {
      await check(await m.api(`${managementPaths.users}?${query}`), query)
    }
    expect((await m.api(`${managementPaths.users}?created_after=253402300799`)).status).toBe(200)
    for (const credentials of [`${TEST_APP_ID}\u0000:${m.secret}`, `\u0000:${m.secret}`, `${'a'.repeat(5000)}:${m.secret}`, `${TEST_APP_ID}:${'s'.repeat(5000)}`]) {
      const res = await m.t.request(managementPaths.users, { headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` } })
      await check(res, credentials.slice(0, 40))
    }
  })

  it('with a valid secret, 150 generated bodies per write route: every answer a 2xx or a declared 4xx, never a 5xx', async () => {
    const { user } = await m.t.login('fuzzed@example.com')
    const routes = [
      [managementPaths.users, CreateUserSchema],
      [managementPaths.byEmail, EmailLookupSchema],
      [managementPaths.byPhone, PhoneLookupSchema],
      [managementPaths.byWallet, WalletLookupSchema],
      [`${userPath(user.id)}/custom_metadata`, SetCustomMetadataSchema],
    ] as const
    const seed = Date.now() % 2 ** 31
    const rng = createRng(seed)
    const declared = new Set(['invalid_data', 'user_not_found', 'account_already_linked', 'payload_too_large'])
    for (const [path, schema] of routes) {
      for (let i = 0; i < 150; i++) {
        const body = fuzzBody(schema, rng)
        const res = await m.api(path, { body: 'text' in body ? body.text : body.json })
        const answer = await res.text()
        expect(res.status, `seed ${seed} ${path} ${answer.slice(0, 200)}`).toBeLessThan(500)
        if (res.status >= 400) expect(declared.has((JSON.parse(answer) as { code: string }).code), `${path} ${answer}`).toBe(true)
      }
    }
    // 750 requests: a few seconds at rest, more than the default 30 s on a CI machine busy with the other suites.
  }, 120_000)

  it('declares its codes', () => {
    expect(managementServer().errorCodes).toEqual([
      'user_not_found',
      'account_already_linked',
      'webhooks_not_enabled',
      'webhook_endpoint_not_found',
      'webhook_delivery_not_found',
      'app_secret_not_found',
      'app_secret_limit_reached',
    ])
  })
})

describe('management API: users', () => {
  it('GET /api/v1/users/:id answers Privy’s REST user object', async () => {
    const { user } = await m.t.login('shape@example.com')
    const got = await json(await m.api(userPath(user.id)))
    const at = Math.floor(clock / 1000)
    expect(got).toEqual({
      id: user.id,
      created_at: at,
      linked_accounts: [{ type: 'email', address: 'shape@example.com', verified_at: at, first_verified_at: at, latest_verified_at: at }],
      mfa_methods: [],
      has_accepted_terms: false,
      is_guest: false,
      custom_metadata: {},
    })
    const missing = await m.api(userPath('did:foyer:nobody'))
    expect(missing.status).toBe(404)
    expect(await codeOf(missing)).toBe('user_not_found')
    expect((await m.api(userPath('x'.repeat(500)))).status).toBe(404)
  })

  it('POST /api/v1/users creates a user with its linked accounts and metadata; they then sign in as that user', async () => {
    const body = {
      linked_accounts: [
        { type: 'email', address: 'Pre.Provisioned@Example.com' },
        { type: 'phone', number: '+1 (650) 253-0000' },
        { type: 'wallet', chain_type: 'ethereum', address: ETH },
        { type: 'wallet', chain_type: 'solana', address: SOL },
        { type: 'farcaster', fid: 4423 },
        { type: 'telegram', telegram_user_id: '123456789' },
      ],
      custom_metadata: { plan: 'pro', seats: 3, beta: true },
    }
    const created = await json(await m.api(managementPaths.users, { body }))
    expect(created.id).toMatch(/^did:foyer:/)
    expect(created.custom_metadata).toEqual({ plan: 'pro', seats: 3, beta: true })
    expect(created.linked_accounts).toMatchObject([
      { type: 'email', address: 'pre.provisioned@example.com' },
      { type: 'phone', number: '+16502530000' },
      { type: 'wallet', address: ETH, chain_type: 'ethereum', wallet_client_type: 'unknown', connector_type: 'unknown' },
      { type: 'wallet', address: SOL, chain_type: 'solana' },
      { type: 'farcaster', fid: 4423 },
      { type: 'telegram', telegram_user_id: '123456789' },
    ])
    // The owner of the e-mail address signs in with a code and is that user, metadata in the identity token.
    const login = await m.t.login('pre.provisioned@example.com')
    expect(login.user.id).toBe(created.id)
    expect(login.is_new_user).toBe(false)
    expect(JSON.parse(decodeJwt(login.identity_token!).custom_metadata as string)).toEqual({ plan: 'pro', seats: 3, beta: true })

    // Lookups by e-mail (any case), phone (any formatting) and wallet (any case) find it.
    for (const [path, lookup] of [
      [managementPaths.byEmail, { address: 'PRE.provisioned@example.com' }],
      [managementPaths.byPhone, { number: '+16502530000' }],
      [managementPaths.byPhone, { number: '+1 650-253-0000' }],
      [managementPaths.byWallet, { address: ETH.toLowerCase() }],
      [managementPaths.byWallet, { address: `0x${ETH.slice(2).toUpperCase()}` }],
      [managementPaths.byWallet, { address: SOL }],
    ] as const) {
      expect((await json(await m.api(path, { body: lookup }))).id, JSON.stringify(lookup)).toBe(created.id)
    }
    for (const [path, lookup] of [
      [managementPaths.byEmail, { address: 'nobody@example.com' }],
      [managementPaths.byPhone, { number: '+16502530001' }],
      [managementPaths.byWallet, { address: `0x${'1'.repeat(40)}` }],
    ] as const) {
      const res = await m.api(path, { body: lookup })
      expect(res.status).toBe(404)
      expect(await codeOf(res)).toBe('user_not_found')
    }
    for (const [path, lookup] of [
      [managementPaths.byEmail, { address: 'not an address' }],
      [managementPaths.byPhone, { number: '12' }],
      [managementPaths.byWallet, { address: 'not-a-wallet-address-at-all-0123456789' }],
      [managementPaths.byWallet, {}],
    ] as const) {
      const res = await m.api(path, { body: lookup })
      expect(res.status, JSON.stringify(lookup)).toBe(400)
      expect(await codeOf(res)).toBe('invalid_data')
    }
  })

  it('POST /api/v1/users is all or nothing: an account of another user is 409, a bad one 400, nothing stored', async () => {
    await m.t.login('taken@example.com')
    const before = await userCount()
    const accountsBefore = (await m.t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM linked_accounts'))[0]!.n
    const conflict = await m.api(managementPaths.users, {
      body: { linked_accounts: [{ type: 'wallet', chain_type: 'ethereum', address: `0x${'2'.repeat(40)}` }, { type: 'email', address: 'TAKEN@example.com' }] },
    })
    expect(conflict.status).toBe(409)
    expect(await codeOf(conflict)).toBe('account_already_linked')
    for (const body of [
      {},
      { linked_accounts: [] },
      { linked_accounts: [{ type: 'email', address: 'a@example.com' }, { type: 'email', address: 'A@example.com' }] },
      { linked_accounts: [{ type: 'email', address: 'a@example.com' }, { type: 'email', address: 'b@example.com' }] },
      { linked_accounts: [{ type: 'wallet', chain_type: 'ethereum', address: ETH.replace('E', 'e') }] },
      { linked_accounts: [{ type: 'wallet', chain_type: 'solana', address: ETH }] },
      { linked_accounts: [{ type: 'phone', number: '+1 000' }] },
      { linked_accounts: [{ type: 'passkey', credential_id: 'x' }] },
      { linked_accounts: [{ type: 'email', address: 'c@example.com' }], custom_metadata: { nested: { no: true } } },
    ]) {
      const res = await m.api(managementPaths.users, { body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await codeOf(res)).toBe('invalid_data')
    }
    expect(await userCount()).toBe(before)
    expect((await m.t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM linked_accounts'))[0]!.n).toBe(accountsBefore)
  })

  it('POST /api/v1/users/:id/custom_metadata replaces the metadata: in the user, GET, users/me and the next identity token', async () => {
    const login = await m.t.login('meta@example.com')
    const id = login.user.id
    const set = await json(await m.api(`${userPath(id)}/custom_metadata`, { body: { custom_metadata: { tier: 'gold', score: 9.5, vip: false } } }))
    expect(set.custom_metadata).toEqual({ tier: 'gold', score: 9.5, vip: false })
    expect((await json(await m.api(userPath(id)))).custom_metadata).toEqual({ tier: 'gold', score: 9.5, vip: false })
    const me = (await (await m.t.request(paths.usersMe, { token: login.token! })).json()) as { user: { customMetadata: unknown } }
    expect(me.user.customMetadata).toEqual({ tier: 'gold', score: 9.5, vip: false })
    const refreshed = (await (await m.t.request(paths.sessions, { body: { refresh_token: login.refresh_token } })).json()) as { identity_token: string }
    expect(JSON.parse(decodeJwt(refreshed.identity_token).custom_metadata as string)).toEqual({ tier: 'gold', score: 9.5, vip: false })

    // Bad input is 400 invalid_data and changes nothing.
    for (const body of [
      {},
      { custom_metadata: 'text' },
      { custom_metadata: ['a'] },
      { custom_metadata: null },
      { custom_metadata: { nested: { a: 1 } } },
      { custom_metadata: { list: [1, 2] } },
      { custom_metadata: { nothing: null } },
      { custom_metadata: { big: 'x'.repeat(4100) } },
      { custom_metadata: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`key_${i}`, 'value'])) },
    ]) {
      const res = await m.api(`${userPath(id)}/custom_metadata`, { body })
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(await codeOf(res)).toBe('invalid_data')
    }
    expect((await m.t.request(`${userPath(id)}/custom_metadata`, { body: '{not json', headers: { authorization: `Basic ${Buffer.from(`${TEST_APP_ID}:${m.secret}`).toString('base64')}` } })).status).toBe(400)
    expect((await json(await m.api(userPath(id)))).custom_metadata).toEqual({ tier: 'gold', score: 9.5, vip: false })

    // An empty object clears it.
    expect((await json(await m.api(`${userPath(id)}/custom_metadata`, { body: { custom_metadata: {} } }))).custom_metadata).toEqual({})
    expect(await m.t.server.db.query('SELECT 1 FROM management_custom_metadata WHERE user_id = $1', [id])).toEqual([])
  })

  it('POST /api/v1/users/:id/sessions/revoke ends every session: refresh tokens and access tokens stop at once', async () => {
    const first = await m.t.login('revoke@example.com')
    const second = await m.t.login('revoke@example.com')
    const bystander = await m.t.login('bystander@example.com')
    const revoked = await json<{ revoked_sessions: number }>(await m.api(`${userPath(first.user.id)}/sessions/revoke`, { body: {} }))
    expect(revoked).toEqual({ revoked_sessions: 2 })
    for (const session of [first, second]) {
      const refresh = await m.t.request(paths.sessions, { body: { refresh_token: session.refresh_token } })
      expect(refresh.status).toBe(401)
      expect(await codeOf(refresh)).toBe('invalid_refresh_token')
      expect((await m.t.request(paths.usersMe, { token: session.token! })).status).toBe(401)
    }
    expect((await m.t.request(paths.sessions, { body: { refresh_token: bystander.refresh_token } })).status).toBe(200)
    // A new sign-in works; revoking again ends only that one.
    await m.t.login('revoke@example.com')
    expect(await json(await m.api(`${userPath(first.user.id)}/sessions/revoke`, { method: 'POST' }))).toEqual({ revoked_sessions: 1 })
    expect((await m.api(`${userPath('did:foyer:nobody')}/sessions/revoke`, { body: {} })).status).toBe(404)
  })
})
