import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../../plugins/email/server.js'
import { webhooksOf, webhooksServer } from '../../../plugins/webhooks/server.js'
import { createTestServer, TEST_APP_ID, type TestServer } from '../../../test/kit/createTestServer.js'
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/kit/webhookReceiver.js'
import { secretProbePlugin } from './secretProbePlugin.js'

// The app store's events go where every event goes: an endpoint of the app subscribed to all events gets app.updated
// with the changed keys, never a secret.
let t: TestServer
let receiver: WebhookReceiver
beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), secretProbePlugin(), webhooksServer({ retryDelaysMs: [20], attemptTimeoutMs: 2000 })], app: { probe: { api_key: 'probe-secret-abcdef' } } })
  receiver = await startWebhookReceiver()
})
afterAll(async () => {
  await receiver?.close()
  await t?.close()
})

describe('app.* events and webhooks', () => {
  it('an update through the store reaches an all-events endpoint as app.updated, signed, without secrets', async () => {
    const hooks = webhooksOf(t.server.ctx)
    const { id, secret } = await hooks.addEndpoint(TEST_APP_ID, { url: receiver.url })
    const stored = (await t.server.ctx.appStore.get(TEST_APP_ID))!
    await t.server.ctx.appStore.update(TEST_APP_ID, { ...stored.entry, probe: { api_key: 'probe-secret-new-123' } }, stored.revision, 'admin:alice')
    for (let i = 0; i < 20 && !receiver.received.length; i++) {
      await t.server.runJob('webhooks.deliver')
      await new Promise((r) => setTimeout(r, 25))
    }
    expect(receiver.received).toHaveLength(1)
    const got = receiver.received[0]!
    const payload = new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string; data: Record<string, unknown> }
    expect(payload).toMatchObject({ type: 'app.updated', data: { app_id: TEST_APP_ID, changed: ['probe'] } })
    expect(got.body).not.toContain('probe-secret')
    expect(((await hooks.deliveries(id)).data)[0]).toMatchObject({ status: 'delivered', type: 'app.updated' })
  })
})
