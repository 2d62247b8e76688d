import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../test/kit/webhookReceiver.js'
import { webhooksOf, webhooksServer, type Webhooks } from './server.js'

// Real receivers (node:http), real signatures checked with the standardwebhooks library, the real server and its jobs.
let t: TestServer
let hooks: Webhooks
let receiver: WebhookReceiver

beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), webhooksServer({ retryDelaysMs: [20, 20, 20, 20], attemptTimeoutMs: 2000 })] })
  hooks = webhooksOf(t.server.ctx)
})
afterAll(() => t.close())
afterEach(async () => {
  await receiver?.close()
  // Each test's endpoints stop with it: the next test's events go to its own receiver only.
  for (const e of await hooks.listEndpoints(t.appId)) if (!e.disabledAt) await hooks.removeEndpoint(e.id)
})

const verify = (secret: string, got: ReceivedWebhook) =>
  new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> }

/** Runs the delivery job until nothing is pending for the endpoint (or `rounds` runs). */
async function deliverAll(endpointId: string, rounds = 20) {
  for (let i = 0; i < rounds; i++) {
    await t.server.runJob('webhooks.deliver')
    const pending = ((await hooks.deliveries(endpointId)).data).filter((d) => d.status === 'pending')
    if (!pending.length) return
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('webhooks', () => {
  it('a sign-up reaches a subscribed endpoint signed the Standard Webhooks way, with the user and no token', async () => {
    receiver = await startWebhookReceiver()
    const { id, secret } = await hooks.addEndpoint(t.appId, { url: receiver.url, events: ['user.created'] })
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const login = await t.login('hook-a@example.com')
    await deliverAll(id)
    // user.authenticated happened too, but this endpoint asked for user.created only.
    expect(receiver.received).toHaveLength(1)
    const got = receiver.received[0]!
    const payload = verify(secret, got)
    expect(payload.type).toBe('user.created')
    expect(payload.data).toMatchObject({ user_id: login.user.id, app_id: t.appId, account: { type: 'email', address: 'hook-a@example.com' }, user: { id: login.user.id } })
    expect(got.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{24}$/)
    expect(got.body).not.toContain(login.refresh_token)
    expect(got.body).not.toContain(login.token)
    // Another secret does not verify it.
    expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, got)).toThrow()
    const [delivery] = (await hooks.deliveries(id)).data
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, type: 'user.created', id: got.headers['webhook-id'] })
    // The secret is stored sealed, not as it was shown.
    const [row] = await t.server.db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM webhook_endpoints WHERE id = $1', [id])
    expect(row!.secret_sealed).not.toContain(secret.slice(6, 30))
  })

  it('a receiver that fails 3 times then answers 2xx gets the event once delivered, after 4 logged attempts with the same webhook-id', async () => {
    receiver = await startWebhookReceiver()
    receiver.answer = (n) => (n < 3 ? { status: 500, body: 'x'.repeat(5000) } : { status: 200, body: 'ok' })
    const { id, secret } = await hooks.addEndpoint(t.appId, { url: receiver.url, events: ['user.created'] })
    await t.login('hook-b@example.com')
    await deliverAll(id)
    expect(receiver.received).toHaveLength(4)
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1)
    for (const got of receiver.received) expect(verify(secret, got).type).toBe('user.created')
    const [delivery] = (await hooks.deliveries(id)).data
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 4 })
    expect(delivery!.log.map((a) => a.status)).toEqual([200, 500, 500, 500])
    expect(delivery!.log[1]).toMatchObject({ error: 'HTTP 500' })
    // At most 1 kB of what the receiver answered is kept.
    expect(delivery!.log[1]!.response!.length).toBe(1024)
  })

  it('gives up after the last retry: failed, every attempt logged', async () => {
    receiver = await startWebhookReceiver()
    receiver.answer = () => ({ status: 503 })
    const { id } = await hooks.addEndpoint(t.appId, { url: receiver.url, events: ['user.created'] })
    await t.login('hook-c@example.com')
    await deliverAll(id)
    const [delivery] = (await hooks.deliveries(id)).data
    // retryDelaysMs has 4 entries: 5 attempts.
    expect(delivery).toMatchObject({ status: 'failed', attempts: 5 })
    expect(delivery!.log).toHaveLength(5)
    expect(receiver.received).toHaveLength(5)
  })

  it('replay sends the delivery again with the same webhook-id, verifiable', async () => {
    receiver = await startWebhookReceiver()
    const { id, secret } = await hooks.addEndpoint(t.appId, { url: receiver.url, events: ['user.created'] })
    await t.login('hook-d@example.com')
    await deliverAll(id)
    const [delivery] = (await hooks.deliveries(id)).data
    await hooks.replay(delivery!.id)
    await deliverAll(id)
    expect(receiver.received).toHaveLength(2)
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id'])
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body)
    expect(verify(secret, receiver.received[1]!).type).toBe('user.created')
    const [again] = (await hooks.deliveries(id)).data
    expect(again).toMatchObject({ status: 'delivered' })
    expect(again!.log).toHaveLength(2)
    // Another app's delivery is not found for an app-scoped caller.
    await expect(hooks.replay(delivery!.id, 'foyer_other_app_000000001')).rejects.toMatchObject({ code: 'not_found' })
  })

  it('a connection refused is a logged failure, retried', async () => {
    receiver = await startWebhookReceiver()
    const url = receiver.url
    await receiver.close()
    const { id } = await hooks.addEndpoint(t.appId, { url, events: ['user.created'] })
    await t.login('hook-e@example.com')
    await t.server.runJob('webhooks.deliver')
    const [delivery] = (await hooks.deliveries(id)).data
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 })
    expect(delivery!.log[0]).toMatchObject({ status: null, error: 'connection failed (ECONNREFUSED)' })
    await hooks.removeEndpoint(id)
  })

  it('a change rolled back leaves no delivery; a removed endpoint gets nothing more', async () => {
    receiver = await startWebhookReceiver()
    const { id } = await hooks.addEndpoint(t.appId, { url: receiver.url })
    await expect(
      t.server.db.tx(async (tx) => {
        await t.server.ctx.events.emit('user.deleted', { appId: t.appId, userId: 'did:foyer:x', data: { user_id: 'did:foyer:x' }, db: tx })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect((await hooks.deliveries(id)).data).toEqual([])
    await hooks.removeEndpoint(id)
    await t.login('hook-f@example.com')
    await t.server.runJob('webhooks.deliver')
    expect(receiver.received).toHaveLength(0)
    expect((await hooks.deliveries(id)).data).toEqual([])
    expect((await hooks.listEndpoints(t.appId)).find((e) => e.id === id)?.disabledAt).toBeInstanceOf(Date)
  })

  it('pages the delivery log newest first with a cursor, refuses a cursor of another endpoint or a bad limit, and finds any delivery\'s endpoint', async () => {
    const { id } = await hooks.addEndpoint(t.appId, { url: 'https://hooks.example.com/paged', events: ['user.created'] })
    const other = await hooks.addEndpoint(t.appId, { url: 'https://hooks.example.com/other', events: ['user.created'] })
    for (const n of [1, 2, 3]) await t.login(`paged-${n}@example.com`)
    const all = (await hooks.deliveries(id)).data
    expect(all).toHaveLength(3)
    expect((await hooks.deliveries(id)).nextCursor).toBeNull()
    const first = await hooks.deliveries(id, t.appId, { limit: 2 })
    expect(first.data.map((d) => d.id)).toEqual(all.slice(0, 2).map((d) => d.id))
    expect(first.nextCursor).toBe(all[1]!.id)
    const second = await hooks.deliveries(id, t.appId, { limit: 2, before: first.nextCursor! })
    expect([second.data.map((d) => d.id), second.nextCursor]).toEqual([[all[2]!.id], null])
    // The other endpoint's deliveries are no cursor of this one; a page is never silently the last.
    const otherDelivery = (await hooks.deliveries(other.id)).data[0]!.id
    await expect(hooks.deliveries(id, t.appId, { before: otherDelivery })).rejects.toMatchObject({ status: 400, code: 'invalid_data', message: 'before: unknown cursor' })
    for (const limit of [0, 101, 1.5]) await expect(hooks.deliveries(id, t.appId, { limit })).rejects.toMatchObject({ status: 400, code: 'invalid_data' })
    expect(await hooks.deliveryEndpoint(all[2]!.id, t.appId)).toBe(id)
    await expect(hooks.deliveryEndpoint(all[2]!.id, 'another_app_0000000000001')).rejects.toMatchObject({ status: 404 })
  })

  it('the daily log pruning drops finished deliveries older than 30 days with their payload and attempts, never a pending one', async () => {
    receiver = await startWebhookReceiver()
    const { id } = await hooks.addEndpoint(t.appId, { url: receiver.url, events: ['user.created'] })
    await t.login('hook-old@example.com')
    await deliverAll(id)
    receiver.answer = () => ({ status: 500 })
    await t.login('hook-pending@example.com')
    await t.server.runJob('webhooks.deliver')
    expect(((await hooks.deliveries(id)).data).map((d) => d.status)).toEqual(['pending', 'delivered'])
    await t.server.db.query(
      `UPDATE webhook_messages SET created_at = created_at - interval '31 days' WHERE id IN (SELECT message_id FROM webhook_deliveries WHERE endpoint_id = $1)`,
      [id],
    )
    await t.server.runJob('webhooks.prune_log')
    expect(((await hooks.deliveries(id)).data).map((d) => d.status)).toEqual(['pending'])
  })

  it('refuses http:// to anything but localhost, credentials in the URL and unknown events', async () => {
    for (const url of ['http://example.com/hook', 'http://10.0.0.1/hook', 'ftp://localhost/x', 'https://user:pw@example.com/x', 'not a url']) {
      await expect(hooks.addEndpoint(t.appId, { url })).rejects.toMatchObject({ status: 400, code: 'invalid_data' })
    }
    await expect(hooks.addEndpoint(t.appId, { url: 'https://example.com/x', events: ['user.nope' as never] })).rejects.toMatchObject({ code: 'invalid_data' })
    const ok = await hooks.addEndpoint(t.appId, { url: 'https://hooks.example.com/foyer', events: [] })
    expect(ok.events).toBeNull()
    await hooks.removeEndpoint(ok.id)
    const local = await hooks.addEndpoint(t.appId, { url: 'http://localhost:9/x' })
    await hooks.removeEndpoint(local.id)
  })

  it('a production start without FOYER_WEBHOOK_KEK is refused; a malformed key too', async () => {
    const previous = process.env.FOYER_WEBHOOK_KEK
    delete process.env.FOYER_WEBHOOK_KEK
    try {
      await expect(createTestServer({ dev: false, smtpUrl: 'smtp://127.0.0.1:9', plugins: [emailServer(), webhooksServer()] })).rejects.toThrow(/FOYER_WEBHOOK_KEK/)
      await expect(createTestServer({ plugins: [emailServer(), webhooksServer({ key: 'short' })] })).rejects.toThrow(/FOYER_WEBHOOK_KEK must be 32/)
    } finally {
      if (previous !== undefined) process.env.FOYER_WEBHOOK_KEK = previous
    }
  })
})
