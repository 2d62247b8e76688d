import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '../../core/protocol/index.js'
import { main } from '../../core/server/cli/main.js'
import { TEST_APP_ID } from '../../test/kit/createTestServer.js'
import { codeOf, createAdminTestServer, type AdminTestServer } from '../../test/kit/adminConsole.js'
import { ADMIN_APP_ID, ADMIN_SESSION_TTL_SECONDS, adminPaths, type AdminOperator, type AdminSession } from './adminApi.js'
import { adminAppEntry, adminConsoleServer } from './server.js'
import { adminRoutePatterns } from './server/adminRoutePatterns.js'

let a: AdminTestServer
let owner: Awaited<ReturnType<AdminTestServer['operator']>>
beforeAll(async () => {
  a = await createAdminTestServer()
  owner = await a.operator('owner@example.com', 'owner')
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
const count = async (sql: string, params: unknown[] = []) => (await a.t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n

describe('admin console: who may call it', () => {
  it('refuses a call without a token (401), from another app (403 not_an_operator) and by a user who is no more an operator (403 not_an_operator)', async () => {
    await refused(await a.api(adminPaths.session), 401, 'unauthorized')
    const { token } = await a.login('someone@example.com', TEST_APP_ID)
    await refused(await a.api(adminPaths.session, { token: token!, appId: TEST_APP_ID }), 403, 'not_an_operator')
    expect((await a.cli(['add', 'was.operator@example.com', '--role', 'viewer'])).code).toBe(0)
    const admin = await a.login('was.operator@example.com')
    expect((await a.cli(['remove', 'was.operator@example.com'])).code).toBe(0)
    await refused(await a.api(adminPaths.session, { token: admin.token! }), 403, 'not_an_operator')
    await refused(await a.api(adminPaths.users(TEST_APP_ID), { token: admin.token! }), 403, 'not_an_operator')
  })

  it('takes no sign-ups: an address no one added is refused after its code (404 user_does_not_exist) and no admin-app user is made', async () => {
    const users = () => count(`users WHERE app_id = $1`, [ADMIN_APP_ID])
    const before = await users()
    const email = 'stranger@example.com'
    expect((await a.api('/api/v1/passwordless/init', { body: { email } })).status).toBe(200)
    const code = await a.t.lastCode(email)
    await refused(await a.api('/api/v1/passwordless/authenticate', { body: { email, code } }), 404, 'user_does_not_exist')
    expect(await users()).toBe(before)
  })

  it('an operator without TOTP reads its session (has_totp false) and is refused everything else: 403 admin_mfa_enrollment_required', async () => {
    expect((await a.cli(['add', 'fresh@example.com', '--role', 'viewer'])).code).toBe(0)
    const { token } = await a.login('fresh@example.com')
    const session = await json<AdminSession>(await a.api(adminPaths.session, { token: token! }))
    expect(session).toMatchObject({ verified: false, verified_until: null, has_totp: false, operator: { email: 'fresh@example.com', role: 'viewer' } })
    await refused(await a.api(adminPaths.session, { token: token!, body: {} }), 403, 'admin_mfa_enrollment_required')
    await refused(await a.api(adminPaths.users(TEST_APP_ID), { token: token! }), 403, 'admin_mfa_enrollment_required')
    await refused(await a.api(adminPaths.operators, { token: token!, body: { email: 'x@example.com' } }), 403, 'admin_mfa_enrollment_required')
  })

  it('enrol TOTP, a fresh verification, POST session: verified for ADMIN_SESSION_TTL_SECONDS; before that 403 admin_session_unverified', async () => {
    expect((await a.cli(['add', 'enrol@example.com', '--role', 'viewer'])).code).toBe(0)
    const { token } = await a.login('enrol@example.com')
    const secret = await a.enrolTotp(token!)
    // Enrolled, not verified: every route but the session's.
    await refused(await a.api(adminPaths.users(TEST_APP_ID), { token: token! }), 403, 'admin_session_unverified')
    // A later session of the same user has no fresh MFA verification: POST session is missing_or_invalid_mfa.
    const later = await a.login('enrol@example.com')
    await refused(await a.api(adminPaths.session, { token: later.token!, body: {} }), 403, 'missing_or_invalid_mfa')
    await a.verifyTotp(later.token!, secret)
    const verified = await json<AdminSession>(await a.api(adminPaths.session, { token: later.token!, body: {} }))
    expect(verified.verified).toBe(true)
    expect(verified.has_totp).toBe(true)
    expect(verified.verified_until).toBe(Math.floor(a.clock.now / 1000) + ADMIN_SESSION_TTL_SECONDS)
    expect((await a.api(adminPaths.users(TEST_APP_ID), { token: later.token! })).status).toBe(200)
    // The verification is this session's: the first session (its MFA fresh from the enrolment) still is not verified.
    await refused(await a.api(adminPaths.users(TEST_APP_ID), { token: token! }), 403, 'admin_session_unverified')
    // It ends after the TTL (the session lives on: a refreshed access token of it is unverified).
    a.clock.now += ADMIN_SESSION_TTL_SECONDS * 1000 + 1000
    const refreshed = await json<{ token: string }>(await a.api(paths.sessions, { body: { refresh_token: later.refresh_token } }))
    await refused(await a.api(adminPaths.users(TEST_APP_ID), { token: refreshed.token }), 403, 'admin_session_unverified')
    expect((await json<AdminSession>(await a.api(adminPaths.session, { token: refreshed.token }))).verified).toBe(false)
  })

  it('a session verified but no longer an operator (removed) is refused at once', async () => {
    const gone = await a.operator('gone@example.com', 'viewer')
    expect((await a.api(adminPaths.users(TEST_APP_ID), { token: gone.token })).status).toBe(200)
    expect((await a.cli(['remove', 'gone@example.com'])).code).toBe(0)
    await refused(await a.api(adminPaths.users(TEST_APP_ID), { token: gone.token }), 403, 'not_an_operator')
  })
})

describe('admin console: rate limit', () => {
  it("limits each operator's calls under 'admin.user': 429 too_many_requests past the rule", async () => {
    const limited = await createAdminTestServer({ rateLimits: { 'admin.user': { limit: 8, windowSeconds: 60 } } })
    try {
      // operator() spends 1 call (POST session); then the rule's remaining 7 pass and the next is refused.
      const op = await limited.operator('limited@example.com')
      const answers: number[] = []
      for (let i = 0; i < 8; i++) answers.push((await limited.api(adminPaths.session, { token: op.token })).status)
      expect(answers).toEqual([200, 200, 200, 200, 200, 200, 200, 429])
      const res = await limited.api(adminPaths.session, { token: op.token })
      expect(await codeOf(res)).toBe('too_many_requests')
    } finally {
      await limited.t.close()
    }
  })
})

describe('admin console: roles', () => {
  it('a viewer reads, and every write answers 403 admin_role_required and changes nothing', async () => {
    owner = await a.operator('owner@example.com', 'owner')
    const viewer = await a.operator('viewer@example.com', 'viewer')
    const { user } = await a.login('target@example.com', TEST_APP_ID)
    expect((await a.api(adminPaths.users(TEST_APP_ID), { token: viewer.token })).status).toBe(200)
    expect((await a.api(adminPaths.stats(TEST_APP_ID), { token: viewer.token })).status).toBe(200)
    const before = { apps: await count('apps'), users: await count('users'), sessions: await count('sessions WHERE revoked_at IS NULL'), secrets: await count('app_secrets'), operators: await count('admin_operators'), audit: await count('audit_log') }
    const ep = 'ep_000000000000000000000000'
    const writes: [string, string, unknown?][] = [
      ['POST', adminPaths.operators, { email: 'new.op@example.com', role: 'owner' }],
      ['DELETE', adminPaths.operator(owner.userId)],
      ['DELETE', adminPaths.user(TEST_APP_ID, user.id)],
      ['POST', adminPaths.userSessionsRevoke(TEST_APP_ID, user.id), {}],
      ['POST', adminPaths.appSecrets(TEST_APP_ID), {}],
      ['DELETE', adminPaths.appSecret(TEST_APP_ID, 'sk_0000000000000000')],
      ['POST', adminPaths.webhooks(TEST_APP_ID), { url: 'https://example.com/hook' }],
      ['DELETE', adminPaths.webhook(TEST_APP_ID, ep)],
      ['POST', adminPaths.webhookReplay(TEST_APP_ID, ep, 'msg_000000000000000000000000'), {}],
      ['POST', adminPaths.apps, { entry: { name: 'Nope', allowed_origins: [] } }],
      ['POST', adminPaths.app(TEST_APP_ID), { entry: { name: 'Nope', allowed_origins: [] }, revision: 1 }],
      ['DELETE', adminPaths.app(TEST_APP_ID)],
      // The operators list is an owner's read.
      ['GET', adminPaths.operators],
    ]
    for (const [method, path, body] of writes) {
      await refused(await a.api(path, { method, token: viewer.token, ...(body === undefined ? {} : { body }) }), 403, 'admin_role_required')
    }
    expect({ apps: await count('apps'), users: await count('users'), sessions: await count('sessions WHERE revoked_at IS NULL'), secrets: await count('app_secrets'), operators: await count('admin_operators'), audit: await count('audit_log') }).toEqual(before)
  })

  it('a demotion applies at once: the demoted owner’s next write is refused', async () => {
    const second = await a.operator('second.owner@example.com', 'owner')
    expect((await a.api(adminPaths.operators, { token: second.token })).status).toBe(200)
    const demoted = await json<AdminOperator>(await a.api(adminPaths.operators, { token: owner.token, body: { email: 'second.owner@example.com', role: 'viewer' } }))
    expect(demoted.role).toBe('viewer')
    await refused(await a.api(adminPaths.operators, { token: second.token }), 403, 'admin_role_required')
  })
})

describe('admin console: operators', () => {
  it('an owner lists, adds by e-mail (creating the admin app’s user), re-roles and removes operators, each audited', async () => {
    const listed = await json<{ data: AdminOperator[] }>(await a.api(adminPaths.operators, { token: owner.token }))
    expect(listed.data.find((o) => o.user_id === owner.userId)).toMatchObject({ email: 'owner@example.com', role: 'owner' })
    const added = await json<AdminOperator>(await a.api(adminPaths.operators, { token: owner.token, body: { email: '  New.Op@Example.com ' } }))
    expect(added).toMatchObject({ email: 'new.op@example.com', role: 'viewer' })
    const [user] = await a.t.server.db.query<{ app_id: string }>('SELECT app_id FROM users WHERE id = $1', [added.user_id])
    expect(user?.app_id).toBe(ADMIN_APP_ID)
    // The new operator signs in to the admin app as that user.
    a.clock.now += 1000
    expect((await a.login('new.op@example.com')).user.id).toBe(added.user_id)
    a.clock.now += 1000
    expect((await json<AdminOperator>(await a.api(adminPaths.operators, { token: owner.token, body: { email: 'new.op@example.com', role: 'owner' } }))).role).toBe('owner')
    a.clock.now += 1000
    expect((await a.api(adminPaths.operator(added.user_id), { method: 'DELETE', token: owner.token })).status).toBe(204)
    await refused(await a.api(adminPaths.operator(added.user_id), { method: 'DELETE', token: owner.token }), 404, 'operator_not_found')
    // Newest first (the clock moved between the steps; user.created and the first operator_added share a transaction).
    const audit = await a.t.server.ctx.audit.list({ appId: ADMIN_APP_ID, userId: added.user_id })
    expect(audit.slice(0, 3).map((e) => [e.event, e.actor, e.data.role])).toEqual([
      ['admin.operator_removed', `operator:${owner.userId}`, 'owner'],
      ['admin.operator_added', `operator:${owner.userId}`, 'owner'],
      ['user.authenticated', added.user_id, undefined],
    ])
    expect(audit.slice(3).map((e) => [e.event, e.actor, e.data.role]).sort()).toEqual([
      ['admin.operator_added', `operator:${owner.userId}`, 'viewer'],
      ['user.created', `operator:${owner.userId}`, undefined],
    ])
  })

  it('keeps the last owner: removing or demoting it is 400 last_owner, removing yourself 400 not_allowed', async () => {
    // Only `owner` is an owner now (second.owner was demoted; others are viewers or removed).
    const owners = await a.t.server.db.query<{ user_id: string }>(`SELECT user_id FROM admin_operators WHERE role = 'owner'`)
    expect(owners.map((o) => o.user_id)).toEqual([owner.userId])
    await refused(await a.api(adminPaths.operators, { token: owner.token, body: { email: 'owner@example.com', role: 'viewer' } }), 400, 'last_owner')
    // Adding an operator again without a role keeps its role.
    expect((await json<AdminOperator>(await a.api(adminPaths.operators, { token: owner.token, body: { email: 'owner@example.com' } }))).role).toBe('owner')
    await refused(await a.api(adminPaths.operator(owner.userId), { method: 'DELETE', token: owner.token }), 400, 'not_allowed')
    const cli = await a.cli(['remove', 'owner@example.com'])
    expect(cli.code).toBe(1)
    expect(cli.err.join('\n')).toMatch(/at least one owner/)
    expect(await count(`admin_operators WHERE role = 'owner'`)).toBe(1)
  })

  it('two owners removing each other at once leave one owner', async () => {
    const x = await a.operator('race.x@example.com', 'owner')
    const y = await a.operator('race.y@example.com', 'owner')
    // Only these two owners: the setup's owner steps down to viewer for this test, and back after.
    expect((await a.cli(['add', 'owner@example.com', '--role', 'viewer'])).code).toBe(0)
    const answers = await Promise.all([
      a.api(adminPaths.operator(y.userId), { method: 'DELETE', token: x.token }),
      a.api(adminPaths.operator(x.userId), { method: 'DELETE', token: y.token }),
    ])
    // The other is refused: 400 last_owner (both passed the guard first) or 403 not_an_operator (it was removed first).
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses[0]).toBe(204)
    expect([400, 403]).toContain(statuses[1])
    expect(await count(`admin_operators WHERE role = 'owner'`)).toBe(1)
    expect((await a.cli(['add', 'owner@example.com', '--role', 'owner'])).code).toBe(0)
    const left = answers[0]!.status === 204 ? x : y
    expect((await a.api(adminPaths.operator(left.userId), { method: 'DELETE', token: owner.token })).status).toBe(204)
  })

  it('refuses bad input with 400 invalid_data and changes nothing', async () => {
    const before = await count('admin_operators')
    for (const body of [{}, { email: 'not-an-email' }, { email: 'a@example.com', role: 'admin' }, { email: 'a@example.com', extra: 1 }, { email: 'x'.repeat(400) + '@example.com' }, 'not json']) {
      await refused(await a.api(adminPaths.operators, { token: owner.token, body }), 400, 'invalid_data')
    }
    await refused(await a.api(`/api/v1/admin/operators/${'x'.repeat(200)}`, { method: 'DELETE', token: owner.token }), 400, 'invalid_data')
    await refused(await a.api(adminPaths.session, { token: owner.token, body: { extra: true } }), 400, 'invalid_data')
    expect(await count('admin_operators')).toBe(before)
  })
})

describe('foyer admin (CLI)', () => {
  it('add creates the admin app’s user with the e-mail (or finds it) and upserts the operator; list shows it; bad usage is exit 2', async () => {
    const first = await a.cli(['add', 'Cli.Op@example.com'])
    expect(first.code).toBe(0)
    expect(first.out[0]).toMatch(/^cli\.op@example\.com is an operator \(owner\), a new user of the admin app: did:foyer:/)
    const again = await a.cli(['add', 'cli.op@example.com', '--role=viewer'])
    expect(again.code).toBe(0)
    expect(again.out[0]).not.toMatch(/new user/)
    expect(await count(`linked_accounts WHERE app_id = $1 AND identifier = 'cli.op@example.com'`, [ADMIN_APP_ID])).toBe(1)
    expect((await a.cli(['add', 'cli.op@example.com'])).out[0]).toMatch(/\(viewer\)/)
    const list = await a.cli(['list'])
    expect(list.out.find((l) => l.startsWith('cli.op@example.com'))).toMatch(/ viewer /)
    for (const args of [[], ['add'], ['add', 'nope'], ['add', 'a@example.com', '--role', 'root'], ['add', 'a@example.com', 'b@example.com'], ['list', 'x'], ['remove'], ['drop', 'a@example.com']]) {
      expect((await a.cli(args)).code, args.join(' ')).toBe(2)
    }
    expect((await a.cli(['remove', 'nobody@example.com'])).code).toBe(1)
  })

  it('is reached through core’s CLI (foyer admin), whose help lists it', async () => {
    const out: string[] = []
    const err: string[] = []
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }
    // Bad usage stops before the database is opened.
    expect(await main(['admin', 'add'], io)).toBe(2)
    expect(err.join('\n')).toMatch(/admin add <email> \[--role owner\|viewer\]/)
    expect(await main(['help'], io)).toBe(0)
    expect(out.join('\n')).toMatch(/admin add\|list\|remove/)
  })
})

describe('the admin app entry', () => {
  it('takes its extra origins from `origins`, else FOYER_ADMIN_ORIGINS; a bad one stops the start', () => {
    expect(adminAppEntry({ env: {} })).toMatchObject({ id: ADMIN_APP_ID, allowed_origins: [], allow_api_origin: true, mfa_methods: ['totp'], disable_signup: true })
    expect(adminAppEntry({ env: { FOYER_ADMIN_ORIGINS: ' https://ops.example.com, http://localhost:8080 ' } }).allowed_origins).toEqual(['https://ops.example.com', 'http://localhost:8080'])
    expect(adminAppEntry({ origins: ['https://a.example.com'], env: { FOYER_ADMIN_ORIGINS: 'https://b.example.com' } }).allowed_origins).toEqual(['https://a.example.com'])
    expect(() => adminConsoleServer({ env: { FOYER_ADMIN_ORIGINS: 'ops.example.com' } })).toThrow(/FOYER_ADMIN_ORIGINS/)
    expect(() => adminConsoleServer({ origins: ['javascript:alert(1)'] })).toThrow(/not an origin/)
  })
})

describe('admin route patterns', () => {
  it('match the contract’s adminPaths builders', () => {
    const ids = { appId: 'a', secretId: 'b', endpointId: 'c', deliveryId: 'd', userId: 'e' }
    const fill = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: keyof typeof ids) => ids[name])
    expect(fill(adminRoutePatterns.app)).toBe(adminPaths.app('a'))
    expect(fill(adminRoutePatterns.appSecrets)).toBe(adminPaths.appSecrets('a'))
    expect(fill(adminRoutePatterns.appSecret)).toBe(adminPaths.appSecret('a', 'b'))
    expect(fill(adminRoutePatterns.webhooks)).toBe(adminPaths.webhooks('a'))
    expect(fill(adminRoutePatterns.webhook)).toBe(adminPaths.webhook('a', 'c'))
    expect(fill(adminRoutePatterns.webhookDeliveries)).toBe(adminPaths.webhookDeliveries('a', 'c'))
    expect(fill(adminRoutePatterns.webhookReplay)).toBe(adminPaths.webhookReplay('a', 'c', 'd'))
    expect(fill(adminRoutePatterns.users)).toBe(adminPaths.users('a'))
    expect(fill(adminRoutePatterns.user).replace('/users/e', '/users/e')).toBe(adminPaths.user('a', 'e'))
    expect(fill(adminRoutePatterns.userSessionsRevoke)).toBe(adminPaths.userSessionsRevoke('a', 'e'))
    expect(fill(adminRoutePatterns.stats)).toBe(adminPaths.stats('a'))
    expect(fill(adminRoutePatterns.operator)).toBe(adminPaths.operator('e'))
  })
})
