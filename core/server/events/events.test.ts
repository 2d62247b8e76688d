import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import type { Listening } from '../types.js'
import { defineServerPlugin } from '../defineServerPlugin.js'
import type { ServerEvent } from './createEvents.js'

// Events are written in the change's transaction: each change that commits gives exactly one, a rolled-back one none.
let t: TestServer
let api: Listening
let clock = Date.now()
const seen: ServerEvent[] = []
/** A plugin's onEvent sees every event inside the transaction, after its audit row. */
const sink = defineServerPlugin({
  id: 'test-event-sink',
  async onEvent(db, event) {
    const [row] = await db.query('SELECT 1 FROM audit_log WHERE id = $1', [event.id])
    if (row) seen.push(event)
  },
  routes() {},
})

beforeAll(async () => {
  t = await createTestServer({ now: () => clock, plugins: [emailServer(), sink] })
  api = await t.server.listen(0, '127.0.0.1')
})
afterAll(() => t.close())

const audit = (userId: string) => t.server.ctx.audit.list({ appId: t.appId, userId, limit: 100 })

/** Signs `email` in over real HTTP (so the server sees a socket address), with a request id of ours. */
async function loginOverHttp(email: string, requestId: string) {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'foyer-app-id': t.appId, ...headers }, body: JSON.stringify(body) })
  expect((await post('/api/v1/passwordless/init', { email })).status).toBe(200)
  const res = await post('/api/v1/passwordless/authenticate', { email, code: await t.lastCode(email) }, { 'x-request-id': requestId })
  expect(res.status).toBe(200)
  return (await res.json()) as { user: { id: string }; refresh_token: string; token: string }
}

describe('user lifecycle events and the audit log', () => {
  it('a sign-up gives one user.created and one user.authenticated, with actor, IP and request id; a login only the latter', async () => {
    const first = await loginOverHttp('events-a@example.com', 'req-signup-1')
    const userId = first.user.id
    let rows = await audit(userId)
    expect(rows.map((r) => r.event).sort()).toEqual(['user.authenticated', 'user.created'])
    for (const row of rows) {
      expect(row).toMatchObject({ appId: t.appId, userId, actor: userId, ip: '127.0.0.1', requestId: 'req-signup-1' })
      expect(row.data).toMatchObject({ user_id: userId, account: { type: 'email' } })
      // Nothing the response carried that unlocks anything.
      const text = JSON.stringify(row.data)
      expect(text).not.toContain(first.refresh_token)
      expect(text).not.toContain(first.token)
    }
    await loginOverHttp('events-a@example.com', 'req-login-2')
    rows = await audit(userId)
    expect(rows.filter((r) => r.event === 'user.created')).toHaveLength(1)
    expect(rows.filter((r) => r.event === 'user.authenticated').map((r) => r.requestId).sort()).toEqual(['req-login-2', 'req-signup-1'])
    // Plugins got the same events, in the transaction (their audit row was visible there).
    expect(seen.filter((e) => e.userId === userId)).toHaveLength(3)
    expect(seen.find((e) => e.type === 'user.created' && e.userId === userId)?.user?.id).toBe(userId)
  })

  it('link, update, unlink: one event each; a link rolled back with its outer transaction leaves none', async () => {
    const { user } = await t.login('events-b@example.com')
    const { accounts, db } = t.server.ctx
    const account = { type: 'custom_auth', identifier: 'sub-1', data: { customUserId: 'sub-1' } }
    await expect(
      db.tx(async (tx) => {
        await accounts.link(user.id, account, { db: tx })
        throw new Error('the route failed after the link')
      }),
    ).rejects.toThrow('the route failed')
    expect((await audit(user.id)).filter((r) => r.event === 'user.linked_account')).toHaveLength(0)

    await accounts.link(user.id, account)
    // Linking an account the user already has changes nothing: no event.
    await accounts.link(user.id, account)
    await accounts.replace(user.id, 'sub-1', { type: 'custom_auth', identifier: 'sub-2', data: { customUserId: 'sub-2' } })
    await accounts.unlink(user.id, 'custom_auth', 'sub-2')
    const rows = await audit(user.id)
    const events = rows.map((r) => r.event)
    expect(events.filter((e) => e === 'user.linked_account')).toHaveLength(1)
    expect(events.filter((e) => e === 'user.updated_account')).toHaveLength(1)
    expect(events.filter((e) => e === 'user.unlinked_account')).toHaveLength(1)
    const updated = rows.find((r) => r.event === 'user.updated_account')!
    expect(updated.data).toMatchObject({ account: { type: 'custom_auth', customUserId: 'sub-2' }, previous_account: { customUserId: 'sub-1' } })
    // Called outside a request: the system did it, from no address.
    expect(updated).toMatchObject({ actor: 'system', ip: null, requestId: null })
  })

  it('a failed sign-up (no-signup mode) leaves no event', async () => {
    const email = 'events-nobody@example.com'
    await t.request('/api/v1/passwordless/init', { body: { email } })
    const res = await t.request('/api/v1/passwordless/authenticate', { body: { email, code: await t.lastCode(email), mode: 'no-signup' } })
    expect(res.status).toBe(404)
    const [{ n } = { n: -1 }] = await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE data->'account'->>'address' = $1`, [email])
    expect(n).toBe(0)
  })

  it('emit drops secret-looking fields, and the actor a management call names', async () => {
    const event = await t.server.ctx.events.emit('user.deleted', {
      appId: t.appId,
      userId: 'did:foyer:gone',
      actor: 'app:sk_abc123',
      data: { user_id: 'did:foyer:gone', refresh_token: 'r', nested: { accessToken: 'a', code: '123456', privateKey: 'k', address: '0xabc' } },
    })
    const [row] = await t.server.ctx.audit.list({ appId: t.appId, userId: 'did:foyer:gone', limit: 1 })
    expect(row).toMatchObject({ id: event.id, event: 'user.deleted', actor: 'app:sk_abc123' })
    expect(row!.data).toEqual({ user_id: 'did:foyer:gone', nested: { address: '0xabc' } })
  })

  it('list pages newest first with `before`, filters by event', async () => {
    const { user } = await t.login('events-c@example.com')
    for (let i = 0; i < 3; i++) {
      clock += 1000
      await t.login('events-c@example.com')
    }
    const page1 = await t.server.ctx.audit.list({ appId: t.appId, userId: user.id, event: 'user.authenticated', limit: 2 })
    const page2 = await t.server.ctx.audit.list({ appId: t.appId, userId: user.id, event: 'user.authenticated', limit: 2, before: page1.at(-1)!.id })
    expect(page1).toHaveLength(2)
    expect(page2).toHaveLength(2)
    const all = [...page1, ...page2]
    expect(new Set(all.map((r) => r.id)).size).toBe(4)
    expect(all.map((r) => r.at.getTime())).toEqual([...all.map((r) => r.at.getTime())].sort((a, b) => b - a))
    await expect(t.server.ctx.audit.list({ appId: t.appId, limit: 0 })).rejects.toMatchObject({ code: 'invalid_data' })
  })

  it('the daily retention job deletes rows older than the retention (365 days by default), and only those', async () => {
    const { user } = await t.login('events-old@example.com')
    expect((await audit(user.id)).length).toBe(2)
    clock += 366 * 24 * 3600 * 1000
    const fresh = await t.login('events-new@example.com')
    await t.server.runJob('core.audit_retention')
    expect(await audit(user.id)).toEqual([])
    expect((await audit(fresh.user.id)).length).toBe(2)
    expect(t.server.ctx.audit.retentionDays).toBe(365)
  })
})

describe('auditRetentionDays', () => {
  it('refuses a start with a retention that is not a whole number of days ≥ 1', async () => {
    await expect(createTestServer({ auditRetentionDays: 0 })).rejects.toThrow(/auditRetentionDays/)
    await expect(createTestServer({ auditRetentionDays: 1.5 })).rejects.toThrow(/auditRetentionDays/)
  })
})
