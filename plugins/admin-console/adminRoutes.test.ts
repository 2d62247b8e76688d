import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '../../core/protocol/index.js'
import { codeOf, createAdminTestServer, type AdminTestServer } from '../../test/kit/adminConsole.js'
import { TEST_APP_ID } from '../../test/kit/createTestServer.js'
import { basic } from '../../test/kit/managementApi.js'
import { managementPaths } from '../management/server.js'
import { ADMIN_APP_ID, adminPaths, type AdminApp, type AdminAppSecret, type AdminStats, type AdminUserDetail, type AdminUserPage } from './adminApi.js'

let a: AdminTestServer
let owner: Awaited<ReturnType<AdminTestServer['operator']>>
beforeAll(async () => {
  a = await createAdminTestServer()
  owner = await a.operator('owner@example.com')
})
afterAll(() => a?.t.close())

const json = async <T>(res: Response, status = 200): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}
const refused = async (res: Response, status: number, code: string) => {
  expect(res.status, await res.clone().text()).toBe(status)
  expect(await codeOf(res)).toBe(code)
}
const get = <T>(path: string) => a.api(path, { token: owner.token }).then((res) => json<T>(res))
const count = async (sql: string, params: unknown[] = []) => (await a.t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n

const ETH = '0x52908400098527886E0F7030069857D2E4169EE7'
const DAY = 24 * 3600 * 1000

describe('admin console: stats', () => {
  it('counts a day’s sign-ups and logins by method, wallets, active users, DAU/WAU/MAU, MFA adoption and users', async () => {
    // A new day, three days after the setup's events: only what happens now is in today's row and in the DAU.
    a.clock.now += 3 * DAY
    owner = await a.operator('owner@example.com')
    const ada = await a.login('ada@example.com', TEST_APP_ID)
    const bob = await a.login('bob@example.com', TEST_APP_ID)
    await a.login('cy@example.com', TEST_APP_ID)
    await a.login('ada@example.com', TEST_APP_ID)
    await a.t.server.ctx.events.emit('wallet.created', { appId: TEST_APP_ID, userId: bob.user.id, data: { user_id: bob.user.id, wallet: { chain_type: 'ethereum' } } })
    await a.t.server.db.query(`INSERT INTO mfa_totp (user_id, secret, created_at) VALUES ($1, 'sealed', now())`, [ada.user.id])
    // Another app's events are not this app's.
    await a.login('owner@example.com')

    const stats = await get<AdminStats>(`${adminPaths.stats(TEST_APP_ID)}?days=7`)
    expect(stats.days).toHaveLength(7)
    expect(stats.days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => new Date(a.clock.now - (6 - i) * DAY).toISOString().slice(0, 10)))
    expect(stats.days.at(-1)).toEqual({ date: new Date(a.clock.now).toISOString().slice(0, 10), signups: { email: 3 }, logins: { email: 4 }, wallets_created: 1, active_users: 3 })
    expect(stats.days.slice(0, -1).every((d) => !Object.keys(d.signups).length && !d.active_users)).toBe(true)
    expect(stats.active).toEqual({ dau: 3, wau: 3, mau: 3 })
    const users = await count('users WHERE app_id = $1', [TEST_APP_ID])
    expect(users).toBe(3)
    expect(stats).toMatchObject({ mfa: { users: 3, with_mfa: 1 }, total_users: 3 })

    // Default 30 days; the admin app counts its own operators' logins.
    expect((await get<AdminStats>(adminPaths.stats(TEST_APP_ID))).days).toHaveLength(30)
    const admin = await get<AdminStats>(adminPaths.stats(ADMIN_APP_ID))
    expect(admin.days.at(-1)!.logins.email).toBe(2)
    expect(admin.mfa.with_mfa).toBe(1)

    for (const query of ['days=0', 'days=91', 'days=-1', 'days=abc', 'days=1.5', 'days=']) {
      await refused(await a.api(`${adminPaths.stats(TEST_APP_ID)}?${query}`, { token: owner.token }), 400, 'invalid_data')
    }
  })

  it('answers 404 app_not_found for an unknown app and 400 invalid_data for a malformed id, on every app route', async () => {
    const unknown = 'foyer_no_such_app_0000001'
    const routes = (appId: string): [string, string, unknown?][] => [
      ['GET', adminPaths.stats(appId)],
      ['GET', adminPaths.users(appId)],
      ['GET', adminPaths.user(appId, 'did:foyer:x')],
      ['DELETE', adminPaths.user(appId, 'did:foyer:x')],
      ['POST', adminPaths.userSessionsRevoke(appId, 'did:foyer:x'), {}],
      ['GET', adminPaths.appSecrets(appId)],
      ['POST', adminPaths.appSecrets(appId), {}],
      ['DELETE', adminPaths.appSecret(appId, 'sk_0000000000000000')],
      ['GET', adminPaths.webhooks(appId)],
    ]
    for (const [method, path, body] of routes(unknown)) {
      await refused(await a.api(path, { method, token: owner.token, ...(body === undefined ? {} : { body }) }), 404, 'app_not_found')
    }
    for (const [method, path, body] of routes('short')) {
      await refused(await a.api(path, { method, token: owner.token, ...(body === undefined ? {} : { body }) }), 400, 'invalid_data')
    }
  })
})

describe('admin console: users', () => {
  it('finds a user by e-mail (any case) and by wallet address (any case), pages with a cursor, refuses bad queries', async () => {
    const { user } = await a.login('wallet.owner@example.com', TEST_APP_ID)
    await a.t.server.db.query(
      `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at) VALUES ($1, $2, 'wallet', $3, $4, $5, $5, $5)`,
      [user.id, TEST_APP_ID, ETH.toLowerCase(), JSON.stringify({ address: ETH, chainType: 'ethereum', walletClientType: 'privy', recoveryMethod: 'privy', walletIndex: 0 }), new Date(a.clock.now)],
    )
    for (const search of ['Wallet.Owner@example.com', ETH, ETH.toLowerCase()]) {
      const page = await get<AdminUserPage>(`${adminPaths.users(TEST_APP_ID)}?search=${encodeURIComponent(search)}`)
      expect(page.data.map((u) => u.id), search).toEqual([user.id])
    }
    expect((await get<AdminUserPage>(`${adminPaths.users(TEST_APP_ID)}?search=nobody@example.com`)).data).toEqual([])
    // The admin app's users are not the test app's.
    expect((await get<AdminUserPage>(`${adminPaths.users(TEST_APP_ID)}?search=owner@example.com`)).data).toEqual([])
    const first = await get<AdminUserPage>(`${adminPaths.users(TEST_APP_ID)}?limit=2`)
    expect(first.data).toHaveLength(2)
    expect(first.next_cursor).toBeTruthy()
    const second = await get<AdminUserPage>(`${adminPaths.users(TEST_APP_ID)}?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`)
    expect(second.data.map((u) => u.id)).not.toContain(first.data[0]!.id)
    for (const query of ['limit=0', 'limit=101', 'limit=x', `search=${'s'.repeat(300)}`, 'cursor=forged.cursor', `cursor=${'c'.repeat(600)}`]) {
      await refused(await a.api(`${adminPaths.users(TEST_APP_ID)}?${query}`, { token: owner.token }), 400, 'invalid_data')
    }
  })

  it('details a user: the user, its sessions (no tokens), embedded wallets and audit trail; another app’s user is 404', async () => {
    const [row] = await a.t.server.db.query<{ user_id: string }>(`SELECT user_id FROM linked_accounts WHERE app_id = $1 AND identifier = 'wallet.owner@example.com'`, [TEST_APP_ID])
    const userId = row!.user_id
    const detail = await get<AdminUserDetail>(adminPaths.user(TEST_APP_ID, userId))
    expect(detail.user.id).toBe(userId)
    expect(detail.sessions).toHaveLength(1)
    expect(Object.keys(detail.sessions[0]!).sort()).toEqual(['created_at', 'expires_at', 'id', 'revoked_at'])
    expect(detail.wallets).toEqual([{ address: ETH, chain_type: 'ethereum', created_at: Math.floor(a.clock.now / 1000), recovery_method: 'privy' }])
    expect(detail.audit.map((e) => e.event).sort()).toEqual(['user.authenticated', 'user.created'])
    expect(JSON.stringify(detail)).not.toMatch(/refresh_token|token_hash/)
    await refused(await a.api(adminPaths.user(ADMIN_APP_ID, userId), { token: owner.token }), 404, 'not_found')
    await refused(await a.api(adminPaths.user(TEST_APP_ID, 'did:foyer:nobody'), { token: owner.token }), 404, 'not_found')
    await refused(await a.api(adminPaths.user(TEST_APP_ID, 'x'.repeat(200)), { token: owner.token }), 400, 'invalid_data')
  })

  it('revokes every session of a user: its refresh fails at once; audited as app.sessions_revoked by the operator', async () => {
    const session = await a.login('revoked@example.com', TEST_APP_ID)
    const res = await json<{ revoked_sessions: number }>(await a.api(adminPaths.userSessionsRevoke(TEST_APP_ID, session.user.id), { token: owner.token, body: {} }))
    expect(res.revoked_sessions).toBe(1)
    const refresh = await a.api(paths.sessions, { appId: TEST_APP_ID, body: { refresh_token: session.refresh_token } })
    await refused(refresh, 401, 'invalid_refresh_token')
    const [event] = await a.t.server.ctx.audit.list({ appId: TEST_APP_ID, userId: session.user.id, event: 'app.sessions_revoked' })
    expect(event).toMatchObject({ actor: `operator:${owner.userId}`, data: { revoked_sessions: 1 } })
    await refused(await a.api(adminPaths.userSessionsRevoke(TEST_APP_ID, session.user.id), { token: owner.token, body: { all: true } }), 400, 'invalid_data')
  })

  it('deletes a user with its sessions and accounts (user.deleted by the operator); an operator’s user is refused', async () => {
    const { user } = await a.login('deleted@example.com', TEST_APP_ID)
    expect((await a.api(adminPaths.user(TEST_APP_ID, user.id), { method: 'DELETE', token: owner.token })).status).toBe(204)
    expect(await count('users WHERE id = $1', [user.id])).toBe(0)
    expect(await count('linked_accounts WHERE user_id = $1', [user.id])).toBe(0)
    expect(await count('sessions WHERE user_id = $1', [user.id])).toBe(0)
    const [event] = await a.t.server.ctx.audit.list({ appId: TEST_APP_ID, userId: user.id, event: 'user.deleted' })
    expect(event).toMatchObject({ actor: `operator:${owner.userId}`, data: { reason: 'deleted_by_operator' } })
    await refused(await a.api(adminPaths.user(TEST_APP_ID, user.id), { method: 'DELETE', token: owner.token }), 404, 'not_found')
    await refused(await a.api(adminPaths.user(ADMIN_APP_ID, owner.userId), { method: 'DELETE', token: owner.token }), 400, 'not_allowed')
    expect(await count('admin_operators WHERE user_id = $1', [owner.userId])).toBe(1)
  })
})

describe('admin console: hostile input', () => {
  it('answers hostile ids and queries with a declared 4xx, never a 5xx', async () => {
    const declared = new Set(['invalid_data', 'not_found', 'app_not_found', 'operator_not_found'])
    const check = async (res: Response, what: string) => {
      expect(res.status, what).toBeGreaterThanOrEqual(400)
      expect(res.status, what).toBeLessThan(500)
      expect(declared.has(await codeOf(res)), what).toBe(true)
    }
    for (const id of ['%00', '%ED%A0%80', '%E0%A4', '%', '%25', 'a%2Fb', '..', 'x'.repeat(300), "did:foyer:'%20OR%201=1%20--"]) {
      await check(await a.api(`/api/v1/admin/apps/${TEST_APP_ID}/users/${id}`, { token: owner.token }), `user ${id}`)
      await check(await a.api(`/api/v1/admin/apps/${TEST_APP_ID}/users/${id}`, { method: 'DELETE', token: owner.token }), `delete ${id}`)
      await check(await a.api(`/api/v1/admin/apps/${id}/stats`, { token: owner.token }), `app ${id}`)
      await check(await a.api(`/api/v1/admin/apps/${TEST_APP_ID}/secrets/${id}`, { method: 'DELETE', token: owner.token }), `secret ${id}`)
      await check(await a.api(`/api/v1/admin/operators/${id}`, { method: 'DELETE', token: owner.token }), `operator ${id}`)
    }
    for (const query of ['search=%00', 'cursor=%00', 'limit=%00', 'search=%ED%A0%80', 'limit=1&limit=2']) {
      const res = await a.api(`${adminPaths.users(TEST_APP_ID)}?${query}`, { token: owner.token })
      if (res.status !== 200) await check(res, query)
    }
  })
})

describe('admin console: app secrets', () => {
  it('creates (shown once), lists (never the secret) and revokes; the management API refuses a revoked secret; at most 10 live', async () => {
    const made = await json<AdminAppSecret & { secret: string }>(await a.api(adminPaths.appSecrets(TEST_APP_ID), { token: owner.token, body: { label: '  CI deploy ' } }))
    expect(made.secret).toMatch(/^foyer_sk_/)
    expect(made.secret.startsWith(made.prefix)).toBe(true)
    expect(made.label).toBe('CI deploy')
    const listed = await get<{ data: AdminAppSecret[] }>(adminPaths.appSecrets(TEST_APP_ID))
    expect(listed.data.find((s) => s.id === made.id)).toMatchObject({ label: 'CI deploy', revoked_at: null })
    expect(JSON.stringify(listed)).not.toContain(made.secret)
    const management = () => a.t.request(managementPaths.users, { headers: { 'foyer-app-id': TEST_APP_ID, authorization: basic(TEST_APP_ID, made.secret) } })
    expect((await management()).status).toBe(200)
    expect((await a.api(adminPaths.appSecret(TEST_APP_ID, made.id), { method: 'DELETE', token: owner.token })).status).toBe(204)
    await refused(await management(), 401, 'invalid_app_secret')
    await refused(await a.api(adminPaths.appSecret(TEST_APP_ID, made.id), { method: 'DELETE', token: owner.token }), 404, 'not_found')
    await refused(await a.api(adminPaths.appSecret(TEST_APP_ID, 'not-a-secret-id'), { method: 'DELETE', token: owner.token }), 400, 'invalid_data')
    const live = await count('app_secrets WHERE app_id = $1', [TEST_APP_ID])
    for (const body of [{ label: 'x'.repeat(65) }, { label: 5 }, { label: 'bell\u0007' }, { name: 'x' }]) {
      await refused(await a.api(adminPaths.appSecrets(TEST_APP_ID), { token: owner.token, body }), 400, 'invalid_data')
    }
    expect(await count('app_secrets WHERE app_id = $1', [TEST_APP_ID])).toBe(live)
    const events = await a.t.server.ctx.audit.list({ appId: TEST_APP_ID, event: 'app.secret_revoked' })
    expect(events[0]).toMatchObject({ actor: `operator:${owner.userId}`, data: { id: made.id } })
    for (let i = 0; i < 10; i++) expect((await a.api(adminPaths.appSecrets(TEST_APP_ID), { token: owner.token, body: {} })).status).toBe(200)
    // Unlabelled ones list with label null.
    const all = (await get<{ data: AdminAppSecret[] }>(adminPaths.appSecrets(TEST_APP_ID))).data
    expect(all.filter((s) => s.id !== made.id).map((s) => s.label)).toEqual(Array(10).fill(null))
    await refused(await a.api(adminPaths.appSecrets(TEST_APP_ID), { token: owner.token, body: {} }), 409, 'admin_secret_limit_reached')
    expect(await count('app_secrets WHERE app_id = $1 AND revoked_at IS NULL', [TEST_APP_ID])).toBe(10)
  })
})

describe('admin console: webhooks without the webhooks plugin', () => {
  it('lists enabled: false and no endpoints; the other routes are 404 not_found', async () => {
    expect(await get(adminPaths.webhooks(TEST_APP_ID))).toEqual({ enabled: false, data: [] })
    const ep = 'ep_000000000000000000000000'
    await refused(await a.api(adminPaths.webhooks(TEST_APP_ID), { token: owner.token, body: { url: 'https://example.com/hook' } }), 404, 'not_found')
    await refused(await a.api(adminPaths.webhookDeliveries(TEST_APP_ID, ep), { token: owner.token }), 404, 'not_found')
    await refused(await a.api(adminPaths.webhook(TEST_APP_ID, ep), { method: 'DELETE', token: owner.token }), 404, 'not_found')
    // Bad input is 400 before anything else.
    await refused(await a.api(adminPaths.webhooks(TEST_APP_ID), { token: owner.token, body: { url: 5 } }), 400, 'invalid_data')
    await refused(await a.api(adminPaths.webhook(TEST_APP_ID, 'ep_x'), { method: 'DELETE', token: owner.token }), 400, 'invalid_data')
    await refused(await a.api(adminPaths.webhookReplay(TEST_APP_ID, ep, 'msg_x'), { token: owner.token, body: {} }), 400, 'invalid_data')
  })
})

describe('admin console: apps (the app store)', () => {
  it('the plugin created the admin app at start: TOTP required, callable from the API’s own origin', async () => {
    const admin = await get<AdminApp>(adminPaths.app(ADMIN_APP_ID))
    expect(admin).toMatchObject({ id: ADMIN_APP_ID, name: 'Foyer admin', source: 'console', entry: { allow_api_origin: true, mfa_methods: ['totp'], email_auth: true } })
    expect(admin.user_count).toBe(await count('users WHERE app_id = $1', [ADMIN_APP_ID]))
    // A page the API serves (Origin = Host) may call; another origin may not.
    expect((await a.api(adminPaths.session, { token: owner.token, headers: { origin: 'https://api.example.com', host: 'api.example.com' } })).status).toBe(200)
    await refused(await a.api(adminPaths.session, { token: owner.token, headers: { origin: 'https://evil.example.com', host: 'api.example.com' } }), 403, 'invalid_origin')
  })

  it('lists the apps with their user counts; creates, reads, updates (revision checked) and deletes an app, audited by the operator', async () => {
    const listed = await get<{ data: AdminApp[] }>(adminPaths.apps)
    // Every app of the store (the dev app too: the test server runs in dev mode).
    expect(listed.data.map((x) => x.id)).toEqual((await a.t.server.ctx.appStore.list()).map((x) => x.id))
    expect(listed.data.map((x) => x.id)).toEqual(expect.arrayContaining([ADMIN_APP_ID, TEST_APP_ID]))
    expect(listed.data.find((x) => x.id === TEST_APP_ID)!.user_count).toBe(await count('users WHERE app_id = $1', [TEST_APP_ID]))

    const created = await json<AdminApp>(await a.api(adminPaths.apps, { token: owner.token, body: { entry: { name: 'Console app', allowed_origins: ['https://shop.example.com'], email_auth: true } } }))
    expect(created).toMatchObject({ name: 'Console app', source: 'console', revision: 1, user_count: 0 })
    expect(created.id).toHaveLength(25)
    // Served at once: its users' routes know it.
    expect((await get<AdminUserPage>(adminPaths.users(created.id))).data).toEqual([])
    await refused(await a.api(adminPaths.apps, { token: owner.token, body: { entry: { ...created.entry } } }), 409, 'app_exists')
    await refused(await a.api(adminPaths.apps, { token: owner.token, body: { entry: { name: '', allowed_origins: [] } } }), 400, 'invalid_app_config')
    await refused(await a.api(adminPaths.apps, { token: owner.token, body: { entry: 'x' } }), 400, 'invalid_data')

    const updated = await json<AdminApp>(await a.api(adminPaths.app(created.id), { token: owner.token, body: { entry: { ...created.entry, name: 'Renamed' }, revision: 1 } }))
    expect(updated).toMatchObject({ name: 'Renamed', revision: 2 })
    await refused(await a.api(adminPaths.app(created.id), { token: owner.token, body: { entry: { ...created.entry, name: 'Stale' }, revision: 1 } }), 409, 'app_changed')
    await refused(await a.api(adminPaths.app(created.id), { token: owner.token, body: { entry: created.entry } }), 400, 'invalid_data')
    expect((await get<AdminApp>(adminPaths.app(created.id))).name).toBe('Renamed')

    expect((await a.api(adminPaths.app(created.id), { method: 'DELETE', token: owner.token })).status).toBe(204)
    await refused(await a.api(adminPaths.app(created.id), { token: owner.token }), 404, 'app_not_found')
    await refused(await a.api(adminPaths.users(created.id), { token: owner.token }), 404, 'app_not_found')
    const events = await a.t.server.ctx.audit.list({ appId: created.id })
    // (One clock tick: the order among them is not the point.)
    expect(events.map((e) => [e.event, e.actor]).sort()).toEqual([
      ['app.created', `operator:${owner.userId}`],
      ['app.deleted', `operator:${owner.userId}`],
      ['app.updated', `operator:${owner.userId}`],
    ])
  })

  it('protects the admin app: no deletion, no update without TOTP (400 app_protected); an update keeping TOTP passes', async () => {
    const admin = await get<AdminApp>(adminPaths.app(ADMIN_APP_ID))
    await refused(await a.api(adminPaths.app(ADMIN_APP_ID), { method: 'DELETE', token: owner.token }), 400, 'app_protected')
    for (const mfa_methods of [[], ['sms'], undefined]) {
      const entry = { ...admin.entry, mfa_methods }
      await refused(await a.api(adminPaths.app(ADMIN_APP_ID), { token: owner.token, body: { entry, revision: admin.revision } }), 400, 'app_protected')
    }
    expect((await get<AdminApp>(adminPaths.app(ADMIN_APP_ID))).revision).toBe(admin.revision)
    const renamed = await json<AdminApp>(await a.api(adminPaths.app(ADMIN_APP_ID), { token: owner.token, body: { entry: { ...admin.entry, name: 'Our admin' }, revision: admin.revision } }))
    expect(renamed.name).toBe('Our admin')
    // Still served: the operator's calls go on.
    expect((await a.api(adminPaths.session, { token: owner.token })).status).toBe(200)
  })
})

describe('admin console: the page', () => {
  it('is served at /admin by the plugin (the console’s page, with its CSP)', async () => {
    const res = await a.t.app.request('/admin')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
  }, 60_000)
})
