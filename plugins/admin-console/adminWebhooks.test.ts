import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeOf, createAdminTestServer, type AdminTestServer } from '../../test/kit/adminConsole.js'
import { TEST_APP_ID } from '../../test/kit/createTestServer.js'
import { webhooksServer } from '../webhooks/server.js'
import { createRng, fuzzBody } from '../../test/kit/schemaFuzzer.js'
import { adminPaths, type AdminWebhookDelivery, type AdminWebhookDeliveryPage, type AdminWebhookEndpoint } from './adminApi.js'
import { AddOperatorSchema, CreateSecretSchema, EmptyBodySchema } from './server/adminSchemas.js'
import { AddWebhookSchema } from './server/adminWebhookRoutes.js'

let a: AdminTestServer
let owner: Awaited<ReturnType<AdminTestServer['operator']>>
beforeAll(async () => {
  a = await createAdminTestServer({ plugins: [webhooksServer()] })
  owner = await a.operator('owner@example.com')
})
afterAll(() => a?.t.close())

const json = async <T>(res: Response, status = 200): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}

describe('admin console: webhooks with the webhooks plugin', () => {
  it('adds an endpoint (its secret shown once), lists it, shows its deliveries, replays one and removes it, each audited', async () => {
    const added = await json<AdminWebhookEndpoint & { secret: string }>(
      await a.api(adminPaths.webhooks(TEST_APP_ID), { token: owner.token, body: { url: 'https://hooks.example.com/foyer', events: ['user.created'] } }),
    )
    expect(added).toMatchObject({ url: 'https://hooks.example.com/foyer', events: ['user.created'], disabled_at: null })
    expect(added.secret).toMatch(/^whsec_/)
    const listed = await json<{ enabled: boolean; data: AdminWebhookEndpoint[] }>(await a.api(adminPaths.webhooks(TEST_APP_ID), { token: owner.token }))
    expect(listed.enabled).toBe(true)
    expect(listed.data.map((e) => e.id)).toEqual([added.id])
    expect(JSON.stringify(listed)).not.toContain(added.secret)

    // A sign-up: a user.created delivery to the endpoint.
    await a.login('hooked@example.com', TEST_APP_ID)
    const deliveries = await json<{ data: AdminWebhookDelivery[] }>(await a.api(adminPaths.webhookDeliveries(TEST_APP_ID, added.id), { token: owner.token }))
    expect(deliveries.data).toHaveLength(1)
    expect(deliveries.data[0]).toMatchObject({ event_type: 'user.created', status: 'pending', attempts: 0, last_status: null })
    const delivery = deliveries.data[0]!
    expect((await a.api(adminPaths.webhookReplay(TEST_APP_ID, added.id, delivery.id), { token: owner.token, body: {} })).status).toBe(204)
    // A delivery of another endpoint (none here) is not found under this one.
    const other = 'ep_000000000000000000000000'
    const res = await a.api(adminPaths.webhookReplay(TEST_APP_ID, other, delivery.id), { token: owner.token, body: {} })
    expect([res.status, await codeOf(res)]).toEqual([404, 'not_found'])

    expect((await a.api(adminPaths.webhook(TEST_APP_ID, added.id), { method: 'DELETE', token: owner.token })).status).toBe(204)
    const after = await json<{ data: AdminWebhookEndpoint[] }>(await a.api(adminPaths.webhooks(TEST_APP_ID), { token: owner.token }))
    expect(after.data[0]!.disabled_at).not.toBeNull()
    const events = (await a.t.server.ctx.audit.list({ appId: TEST_APP_ID })).filter((e) => e.event.startsWith('app.webhook_'))
    expect(events.map((e) => [e.event, e.actor]).sort()).toEqual([
      ['app.webhook_delivery_replayed', `operator:${owner.userId}`],
      ['app.webhook_endpoint_created', `operator:${owner.userId}`],
      ['app.webhook_endpoint_removed', `operator:${owner.userId}`],
    ])
  })

  it('pages an endpoint\'s deliveries with next_cursor and replays one from any page; a bad cursor is 400', async () => {
    const added = await json<AdminWebhookEndpoint>(await a.api(adminPaths.webhooks(TEST_APP_ID), { token: owner.token, body: { url: 'https://hooks.example.com/paged', events: ['user.created'] } }))
    for (const n of [1, 2, 3]) await a.login(`paged-${n}@example.com`, TEST_APP_ID)
    const page = async (query: string) => json<AdminWebhookDeliveryPage>(await a.api(`${adminPaths.webhookDeliveries(TEST_APP_ID, added.id)}?${query}`, { token: owner.token }))
    const pages: AdminWebhookDelivery[][] = []
    let cursor: string | null = null
    do {
      const got: AdminWebhookDeliveryPage = await page(`limit=1${cursor ? `&before=${cursor}` : ''}`)
      pages.push(got.data)
      cursor = got.next_cursor
    } while (cursor)
    expect(pages.map((p) => p.length)).toEqual([1, 1, 1])
    expect(new Set(pages.flat().map((d) => d.id)).size).toBe(3)
    // The oldest, on the last page, replays like the newest.
    expect((await a.api(adminPaths.webhookReplay(TEST_APP_ID, added.id, pages[2]![0]!.id), { token: owner.token, body: {} })).status).toBe(204)
    for (const query of ['before=msg_000000000000000000000000', 'before=nope', 'limit=0', 'limit=101']) {
      const res = await a.api(`${adminPaths.webhookDeliveries(TEST_APP_ID, added.id)}?${query}`, { token: owner.token })
      expect([query, res.status, await codeOf(res)]).toEqual([query, 400, 'invalid_data'])
    }
    await a.api(adminPaths.webhook(TEST_APP_ID, added.id), { method: 'DELETE', token: owner.token })
  })

  it('refuses a bad URL or event with 400 invalid_data and adds nothing', async () => {
    const before = (await json<{ data: unknown[] }>(await a.api(adminPaths.webhooks(TEST_APP_ID), { token: owner.token }))).data.length
    for (const body of [{ url: 'ftp://example.com' }, { url: 'http://example.com/hook' }, { url: 'https://example.com', events: ['nope'] }, { url: 'https://example.com', extra: 1 }, {}]) {
      const res = await a.api(adminPaths.webhooks(TEST_APP_ID), { token: owner.token, body })
      expect([res.status, await codeOf(res)], JSON.stringify(body)).toEqual([400, 'invalid_data'])
    }
    expect((await json<{ data: unknown[] }>(await a.api(adminPaths.webhooks(TEST_APP_ID), { token: owner.token }))).data).toHaveLength(before)
  })
})

describe('admin console: generated bodies', () => {
  it('80 generated bodies per write route: every answer a 2xx or a declared 4xx, never a 5xx', async () => {
    const { user } = await a.login('fuzz.target@example.com', TEST_APP_ID)
    const routes = [
      [adminPaths.operators, AddOperatorSchema],
      [adminPaths.webhooks(TEST_APP_ID), AddWebhookSchema],
      [adminPaths.appSecrets(TEST_APP_ID), CreateSecretSchema],
      [adminPaths.userSessionsRevoke(TEST_APP_ID, user.id), EmptyBodySchema],
      [adminPaths.session, EmptyBodySchema],
    ] as const
    const seed = Date.now() % 2 ** 31
    const rng = createRng(seed)
    // POST session needs a fresh MFA verification: missing_or_invalid_mfa once the window passed.
    const declared = new Set(['invalid_data', 'admin_secret_limit_reached', 'payload_too_large', 'missing_or_invalid_mfa', 'last_owner'])
    for (const [path, schema] of routes) {
      for (let i = 0; i < 80; i++) {
        const body = fuzzBody(schema, rng)
        const res = await a.api(path, { token: owner.token, body: 'text' in body ? body.text : body.json })
        const answer = await res.text()
        expect(res.status, `seed ${seed} ${path} ${answer.slice(0, 200)}`).toBeLessThan(500)
        if (res.status >= 400) expect(declared.has((JSON.parse(answer) as { code: string }).code), `seed ${seed} ${path} ${answer}`).toBe(true)
      }
    }
  })
})
