import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_APP_ID } from '../../test/kit/createTestServer.js'
import { codeOf, createManagementTestServer, OTHER_APP_ID, type ManagementTestServer } from '../../test/kit/managementApi.js'
import { startWebhookReceiver } from '../../test/kit/webhookReceiver.js'
import { webhooksServer } from '../webhooks/server.js'
import {
  managementPaths,
  MAX_LIVE_APP_SECRETS,
  operationsPaths,
  type AppSecretListEntry,
  type AuditLogPage,
  type CreatedAppSecret,
  type CreatedWebhookEndpoint,
  type ManagementUser,
  type WebhookDeliveryInfo, type WebhookDeliveryPage,
  type WebhookEndpointInfo,
} from './schema.js'

// The operator's routes of the management API against the real server: the audit rows every changing call writes
// (actor `app:<secret prefix>`), the audit log, app secrets over HTTP, webhook endpoints with and without the plugin.

let m: ManagementTestServer
beforeAll(async () => {
  m = await createManagementTestServer({ rateLimits: { 'management.app_secrets': { limit: 1000, windowSeconds: 3600 } } })
})
afterAll(() => m?.t.close())

/** The actor of the audit rows a secret's calls write. */
const actorOf = (secret: string) => `app:${secret.slice(0, 'foyer_sk_'.length + 8)}`
const json = async <T>(res: Response, status = 200): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}
const auditRows = async (server: ManagementTestServer, appId = TEST_APP_ID) =>
  server.t.server.db.query<{ id: string; event: string; user_id: string | null; actor: string; data: Record<string, unknown> }>(
    'SELECT id, event, user_id, actor, data FROM audit_log WHERE app_id = $1',
    [appId],
  )
const auditOf = async (event: string, server = m) => (await auditRows(server)).filter((r) => r.event === event)
const userPath = (id: string) => managementPaths.user.replace(':id', id)
const createUser = (email: string, init: { appId?: string } = {}) =>
  m.api(managementPaths.users, { ...init, body: { linked_accounts: [{ type: 'email', address: email }] } }).then((res) => json<ManagementUser>(res))

describe('management calls write audit rows, by the app secret that made them', () => {
  it('create, custom metadata, revoke sessions, delete: one row each with actor app:<prefix>, in the change', async () => {
    const user = await createUser('audited@example.com')
    const created = (await auditOf('user.created')).filter((r) => r.user_id === user.id)
    expect(created).toHaveLength(1)
    expect(created[0]!.actor).toBe(actorOf(m.secret))
    expect(created[0]!.data).toMatchObject({ user_id: user.id, accounts: [{ type: 'email', address: 'audited@example.com' }] })

    await json(await m.api(`${userPath(user.id)}/custom_metadata`, { body: { custom_metadata: { plan: 'pro', seats: 3 } } }))
    const [metadata] = (await auditOf('app.user_metadata_updated')).filter((r) => r.user_id === user.id)
    expect(metadata).toMatchObject({ actor: actorOf(m.secret), data: { user_id: user.id, keys: ['plan', 'seats'] } })
    // Which keys, never the values.
    expect(JSON.stringify(metadata!.data)).not.toContain('pro')

    await json(await m.api(`${userPath(user.id)}/sessions/revoke`, { body: {} }))
    const [revoked] = (await auditOf('app.sessions_revoked')).filter((r) => r.user_id === user.id)
    expect(revoked).toMatchObject({ actor: actorOf(m.secret), data: { user_id: user.id, revoked_sessions: 0 } })

    expect((await m.api(userPath(user.id), { method: 'DELETE' })).status).toBe(204)
    const [deleted] = (await auditOf('user.deleted')).filter((r) => r.user_id === user.id)
    expect(deleted).toMatchObject({ actor: actorOf(m.secret), data: { reason: 'deleted_by_app' } })
  })

  it('a refused call (bad input, another app’s user, no secret) writes no row', async () => {
    const user = await createUser('refused@example.com')
    const other = await createUser('refused.other@example.com', { appId: OTHER_APP_ID })
    const before = (await auditRows(m)).length
    expect((await m.api(`${userPath(user.id)}/custom_metadata`, { body: { custom_metadata: [1] } })).status).toBe(400)
    expect((await m.api(`${userPath(other.id)}/custom_metadata`, { body: { custom_metadata: { a: 1 } } })).status).toBe(404)
    expect((await m.api(`${userPath(other.id)}/sessions/revoke`, { body: {} })).status).toBe(404)
    expect((await m.api(managementPaths.users, { body: { linked_accounts: [] } })).status).toBe(400)
    expect((await m.api(managementPaths.users, { body: { linked_accounts: [{ type: 'email', address: 'x@example.com' }] }, secret: null })).status).toBe(401)
    expect((await auditRows(m)).length).toBe(before)
  })
})

describe('GET /api/v1/audit_log', () => {
  it('pages the app’s log newest first with next_cursor, filtered by user and event; the rows carry actor, IP, request id', async () => {
    const user = await createUser('paged@example.com')
    for (let i = 0; i < 5; i++) await json(await m.api(`${userPath(user.id)}/custom_metadata`, { body: { custom_metadata: { n: i } } }))
    const seen: AuditLogPage['data'] = []
    let cursor: string | null = null
    for (let pages = 0; pages < 10; pages++) {
      const query = `?user_id=${user.id}&event=app.user_metadata_updated&limit=2${cursor ? `&before=${cursor}` : ''}`
      const page: AuditLogPage = await json<AuditLogPage>(await m.api(`${operationsPaths.auditLog}${query}`))
      expect(page.data.length).toBeLessThanOrEqual(2)
      seen.push(...page.data)
      cursor = page.next_cursor
      if (!cursor) break
    }
    expect(seen).toHaveLength(5)
    expect(new Set(seen.map((r) => r.id)).size).toBe(5)
    for (let i = 1; i < seen.length; i++) expect(seen[i - 1]!.at).toBeGreaterThanOrEqual(seen[i]!.at)
    for (const row of seen) {
      expect(row).toMatchObject({ event: 'app.user_metadata_updated', user_id: user.id, actor: actorOf(m.secret), data: { keys: ['n'] } })
      expect(Object.keys(row).sort()).toEqual(['actor', 'at', 'data', 'event', 'id', 'ip', 'request_id', 'user_id'])
      expect(typeof row.ip).toBe('string')
      expect(typeof row.request_id).toBe('string')
      expect(Number.isInteger(row.at)).toBe(true)
    }
    // Unfiltered: the user's creation is there too.
    const all = await json<AuditLogPage>(await m.api(`${operationsPaths.auditLog}?user_id=${user.id}`))
    expect(all.data.map((r) => r.event)).toContain('user.created')
  })

  it("shows no other app's rows, and refuses another app's row as cursor (400 invalid_data)", async () => {
    const other = await createUser('log.other@example.com', { appId: OTHER_APP_ID })
    const mine = await json<AuditLogPage>(await m.api(`${operationsPaths.auditLog}?user_id=${other.id}`))
    expect(mine.data).toEqual([])
    const theirs = await json<AuditLogPage>(await m.api(`${operationsPaths.auditLog}?user_id=${other.id}`, { appId: OTHER_APP_ID }))
    expect(theirs.data.map((r) => r.event)).toEqual(['user.created'])
    const res = await m.api(`${operationsPaths.auditLog}?before=${theirs.data[0]!.id}`)
    expect(res.status).toBe(400)
    expect(await codeOf(res)).toBe('invalid_data')
  })

  it('bad input is 400 invalid_data; no secret is 401', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'event=user.nope', 'before=nope', `user_id=${'u'.repeat(129)}`]) {
      const res = await m.api(`${operationsPaths.auditLog}?${query}`)
      expect(res.status, query).toBe(400)
      expect(await codeOf(res)).toBe('invalid_data')
    }
    const res = await m.api(operationsPaths.auditLog, { secret: null })
    expect(res.status).toBe(401)
    expect(await codeOf(res)).toBe('invalid_app_secret')
  })
})

describe('app secrets over HTTP', () => {
  it('creates another secret of the app (answered once), lists without secrets, revokes: the revoked one is refused at once', async () => {
    const made = await json<CreatedAppSecret>(await m.api(operationsPaths.appSecrets, { method: 'POST' }))
    expect(made.secret.startsWith('foyer_sk_')).toBe(true)
    expect(made.secret.startsWith(made.prefix)).toBe(true)
    expect((await m.api(operationsPaths.appSecrets, { secret: made.secret })).status).toBe(200)

    const listed = await json<{ data: AppSecretListEntry[] }>(await m.api(operationsPaths.appSecrets))
    expect(listed.data.map((s) => s.id)).toContain(made.id)
    expect(JSON.stringify(listed)).not.toContain(made.secret)
    expect(JSON.stringify(listed)).not.toContain(m.secret)
    for (const s of listed.data) expect(Object.keys(s).sort()).toEqual(['created_at', 'id', 'last_used_at', 'prefix', 'revoked_at'])

    expect((await m.api(operationsPaths.appSecret.replace(':id', made.id), { method: 'DELETE' })).status).toBe(204)
    const res = await m.api(operationsPaths.appSecrets, { secret: made.secret })
    expect(res.status).toBe(401)
    expect(await codeOf(res)).toBe('invalid_app_secret')
    // Revoked again: not found, nothing written.
    const again = await m.api(operationsPaths.appSecret.replace(':id', made.id), { method: 'DELETE' })
    expect(again.status).toBe(404)
    expect(await codeOf(again)).toBe('app_secret_not_found')

    const createdRow = (await auditOf('app.secret_created')).find((r) => r.data.id === made.id)
    expect(createdRow).toMatchObject({ actor: actorOf(m.secret), data: { id: made.id, prefix: made.prefix } })
    const revokedRows = (await auditOf('app.secret_revoked')).filter((r) => r.data.id === made.id)
    expect(revokedRows).toHaveLength(1)
    expect(revokedRows[0]!.actor).toBe(actorOf(m.secret))
    // No audit row holds a secret.
    expect(JSON.stringify(await auditRows(m))).not.toContain(made.secret)
  })

  it('a secret may revoke itself (the end of a rotation): that call succeeds, the next is refused', async () => {
    const made = await json<CreatedAppSecret>(await m.api(operationsPaths.appSecrets, { method: 'POST' }))
    expect((await m.api(operationsPaths.appSecret.replace(':id', made.id), { method: 'DELETE', secret: made.secret })).status).toBe(204)
    expect((await m.api(operationsPaths.appSecrets, { secret: made.secret })).status).toBe(401)
    const [row] = (await auditOf('app.secret_revoked')).filter((r) => r.data.id === made.id)
    expect(row!.actor).toBe(actorOf(made.secret))
  })

  it("another app's secret, an unknown or malformed id: 404 app_secret_not_found, nothing revoked", async () => {
    const theirs = await json<CreatedAppSecret>(await m.api(operationsPaths.appSecrets, { method: 'POST', appId: OTHER_APP_ID }))
    for (const id of [theirs.id, 'sk_AAAAAAAAAAAAAAAA', 'nope', 'x'.repeat(300)]) {
      const res = await m.api(operationsPaths.appSecret.replace(':id', encodeURIComponent(id)), { method: 'DELETE' })
      expect(res.status, id).toBe(404)
      expect(await codeOf(res)).toBe('app_secret_not_found')
    }
    expect((await m.api(operationsPaths.appSecrets, { appId: OTHER_APP_ID, secret: theirs.secret })).status).toBe(200)
    const mine = await json<{ data: AppSecretListEntry[] }>(await m.api(operationsPaths.appSecrets))
    expect(mine.data.map((s) => s.id)).not.toContain(theirs.id)
  })

  it(`at most ${MAX_LIVE_APP_SECRETS} live secrets: 409 app_secret_limit_reached, nothing created`, async () => {
    const limited = await createManagementTestServer()
    try {
      for (let i = 1; i < MAX_LIVE_APP_SECRETS; i++) await json(await limited.api(operationsPaths.appSecrets, { method: 'POST' }))
      const count = async () => (await limited.t.server.ctx.appSecrets.list(TEST_APP_ID)).length
      expect(await count()).toBe(MAX_LIVE_APP_SECRETS)
      const res = await limited.api(operationsPaths.appSecrets, { method: 'POST' })
      expect(res.status).toBe(409)
      expect(await codeOf(res)).toBe('app_secret_limit_reached')
      expect(await count()).toBe(MAX_LIVE_APP_SECRETS)
      expect(await auditOf('app.secret_created', limited)).toHaveLength(MAX_LIVE_APP_SECRETS - 1)
    } finally {
      await limited.t.close()
    }
  })

  it('is rate limited per app (management.app_secrets) and needs the secret (401)', async () => {
    const limited = await createManagementTestServer({ rateLimits: { 'management.app_secrets': { limit: 1, windowSeconds: 3600 } } })
    try {
      expect((await limited.api(operationsPaths.appSecrets, { method: 'POST' })).status).toBe(200)
      const res = await limited.api(operationsPaths.appSecrets, { method: 'POST' })
      expect(res.status).toBe(429)
      expect(await codeOf(res)).toBe('too_many_requests')
      expect(await limited.t.server.ctx.appSecrets.list(TEST_APP_ID)).toHaveLength(2)
      for (const [method, path] of [['POST', operationsPaths.appSecrets], ['GET', operationsPaths.appSecrets], ['DELETE', operationsPaths.appSecret.replace(':id', 'sk_AAAAAAAAAAAAAAAA')]] as const) {
        const refused = await limited.api(path, { method, secret: null })
        expect(refused.status, `${method} ${path}`).toBe(401)
        expect(await codeOf(refused)).toBe('invalid_app_secret')
      }
    } finally {
      await limited.t.close()
    }
  })
})

describe('webhook endpoints without the webhooks plugin', () => {
  it('every route is 404 webhooks_not_enabled (after the secret: 401 first)', async () => {
    for (const [method, path] of [
      ['POST', operationsPaths.webhooks],
      ['GET', operationsPaths.webhooks],
      ['DELETE', operationsPaths.webhook.replace(':id', 'ep_000000000000000000000000')],
      ['GET', operationsPaths.webhookDeliveries.replace(':id', 'ep_000000000000000000000000')],
      ['POST', operationsPaths.replayDelivery.replace(':id', 'msg_000000000000000000000000')],
    ] as const) {
      const body = method === 'POST' ? { url: 'https://example.com/hook' } : undefined
      const res = await m.api(path, { method, body })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(await codeOf(res)).toBe('webhooks_not_enabled')
      expect((await m.api(path, { method, body, secret: null })).status).toBe(401)
    }
  })
})

describe('webhook endpoints with the webhooks plugin', () => {
  let w: ManagementTestServer
  beforeAll(async () => {
    w = await createManagementTestServer({ plugins: [webhooksServer({ retryDelaysMs: [20, 20], attemptTimeoutMs: 2000 })] })
  })
  afterAll(() => w?.t.close())
  const endpoints = async () => (await w.t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoints'))[0]!.n

  it('adds (secret once), lists (no secret), delivers, shows deliveries, replays, removes; each change audited', async () => {
    const receiver = await startWebhookReceiver()
    try {
      const added = await json<CreatedWebhookEndpoint>(await w.api(operationsPaths.webhooks, { body: { url: receiver.url, events: ['user.created'] } }))
      expect(added).toMatchObject({ url: receiver.url, events: ['user.created'], disabled_at: null })
      expect(added.secret.startsWith('whsec_')).toBe(true)
      const listed = await json<{ data: WebhookEndpointInfo[] }>(await w.api(operationsPaths.webhooks))
      expect(listed.data.map((e) => e.id)).toEqual([added.id])
      expect(JSON.stringify(listed)).not.toContain(added.secret)

      const user = await json<ManagementUser>(await w.api(managementPaths.users, { body: { linked_accounts: [{ type: 'email', address: 'hooked@example.com' }] } }))
      await w.t.server.runJob('webhooks.deliver')
      const deliveries = await json<WebhookDeliveryPage>(await w.api(operationsPaths.webhookDeliveries.replace(':id', added.id)))
      expect(deliveries.data).toHaveLength(1)
      expect(deliveries.next_cursor).toBeNull()
      // Paged: a page of one, the cursor of a delivery of this endpoint; a bad query is 400 and lists nothing.
      expect(await json<WebhookDeliveryPage>(await w.api(`${operationsPaths.webhookDeliveries.replace(':id', added.id)}?limit=1`))).toMatchObject({ next_cursor: null })
      for (const query of ['limit=0', 'limit=101', 'before=x', 'before=msg_000000000000000000000000']) {
        const res = await w.api(`${operationsPaths.webhookDeliveries.replace(':id', added.id)}?${query}`)
        expect([query, res.status, await codeOf(res)]).toEqual([query, 400, 'invalid_data'])
      }
      expect(deliveries.data[0]).toMatchObject({ endpoint_id: added.id, type: 'user.created', status: 'delivered', attempts: 1 })
      expect(deliveries.data[0]!.log[0]).toMatchObject({ status: 204 })
      expect(JSON.parse(receiver.received[0]!.body).data.user_id).toBe(user.id)

      const deliveryId = deliveries.data[0]!.id
      expect((await w.api(operationsPaths.replayDelivery.replace(':id', deliveryId), { method: 'POST' })).status).toBe(204)
      await w.t.server.runJob('webhooks.deliver')
      expect(receiver.received).toHaveLength(2)
      expect(receiver.received[1]!.headers['webhook-id']).toBe(deliveryId)

      expect((await w.api(operationsPaths.webhook.replace(':id', added.id), { method: 'DELETE' })).status).toBe(204)
      const after = await json<{ data: WebhookEndpointInfo[] }>(await w.api(operationsPaths.webhooks))
      expect(after.data[0]!.disabled_at).not.toBeNull()
      // Removing it again changes nothing and writes no second row.
      expect((await w.api(operationsPaths.webhook.replace(':id', added.id), { method: 'DELETE' })).status).toBe(204)

      const rows = await auditRows(w)
      const actor = actorOf(w.secret)
      expect(rows.filter((r) => r.event === 'app.webhook_endpoint_created')).toEqual([expect.objectContaining({ actor, data: { endpoint_id: added.id, url: receiver.url, events: ['user.created'] } })])
      expect(rows.filter((r) => r.event === 'app.webhook_delivery_replayed')).toEqual([expect.objectContaining({ actor, data: { delivery_id: deliveryId } })])
      expect(rows.filter((r) => r.event === 'app.webhook_endpoint_removed')).toEqual([expect.objectContaining({ actor, data: { endpoint_id: added.id } })])
      expect(JSON.stringify(rows)).not.toContain(added.secret)
    } finally {
      await receiver.close()
    }
  })

  it("another app's endpoint and delivery are not found: 404, nothing removed or replayed", async () => {
    const receiver = await startWebhookReceiver()
    try {
      const theirs = await json<CreatedWebhookEndpoint>(await w.api(operationsPaths.webhooks, { appId: OTHER_APP_ID, body: { url: receiver.url } }))
      await json(await w.api(managementPaths.users, { appId: OTHER_APP_ID, body: { linked_accounts: [{ type: 'email', address: 'their.hook@example.com' }] } }))
      await w.t.server.runJob('webhooks.deliver')
      const theirDeliveries = (await json<{ data: WebhookDeliveryInfo[] }>(await w.api(operationsPaths.webhookDeliveries.replace(':id', theirs.id), { appId: OTHER_APP_ID }))).data
      // An endpoint for every event gets the management API's app.* events too, its own creation included.
      expect(theirDeliveries.map((d) => d.type).sort()).toEqual(['app.webhook_endpoint_created', 'user.created'])
      const delivery = theirDeliveries[0]
      expect(delivery).toBeDefined()
      const received = receiver.received.length

      const mine = await json<{ data: WebhookEndpointInfo[] }>(await w.api(operationsPaths.webhooks))
      expect(mine.data.map((e) => e.id)).not.toContain(theirs.id)
      for (const [method, path, code] of [
        ['DELETE', operationsPaths.webhook.replace(':id', theirs.id), 'webhook_endpoint_not_found'],
        ['GET', operationsPaths.webhookDeliveries.replace(':id', theirs.id), 'webhook_endpoint_not_found'],
        ['POST', operationsPaths.replayDelivery.replace(':id', delivery!.id), 'webhook_delivery_not_found'],
        ['DELETE', operationsPaths.webhook.replace(':id', 'nope'), 'webhook_endpoint_not_found'],
        ['POST', operationsPaths.replayDelivery.replace(':id', 'msg_000000000000000000000000'), 'webhook_delivery_not_found'],
      ] as const) {
        const res = await w.api(path, { method })
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(await codeOf(res)).toBe(code)
      }
      await w.t.server.runJob('webhooks.deliver')
      expect(receiver.received.length).toBe(received)
      const still = await json<{ data: WebhookEndpointInfo[] }>(await w.api(operationsPaths.webhooks, { appId: OTHER_APP_ID }))
      expect(still.data.find((e) => e.id === theirs.id)!.disabled_at).toBeNull()
      const rows = await auditRows(w)
      expect(rows.filter((r) => r.event === 'app.webhook_delivery_replayed' && r.data.delivery_id === delivery!.id)).toEqual([])
    } finally {
      await receiver.close()
    }
  })

  it('bad input is 400 invalid_data and stores nothing; no secret is 401', async () => {
    const before = await endpoints()
    const audited = (await auditRows(w)).length
    for (const body of [
      {},
      { url: 'http://example.com/hook' },
      { url: 'https://user:pass@example.com/hook' },
      { url: 'not a url' },
      { url: 'https://example.com/hook', events: ['user.nope'] },
      { url: 'https://example.com/hook', events: 'user.created' },
      { url: `https://example.com/${'a'.repeat(2100)}` },
    ]) {
      const res = await w.api(operationsPaths.webhooks, { body })
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(await codeOf(res)).toBe('invalid_data')
    }
    const refused = await w.api(operationsPaths.webhooks, { body: { url: 'https://example.com/hook' }, secret: null })
    expect(refused.status).toBe(401)
    expect(await endpoints()).toBe(before)
    expect((await auditRows(w)).length).toBe(audited)
  })
})
