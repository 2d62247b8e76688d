import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../core/server/cli/main.js'
import { emailServer } from '../email/server.js'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { startPostgresServer, type PostgresServer } from '../../test/kit/postgresServer.js'
import { startWebhookReceiver, type WebhookReceiver } from '../../test/kit/webhookReceiver.js'
import { webhooksOf, webhooksServer } from './server.js'

// Several instances on one PostgreSQL: each delivery is attempted by one instance at a time (a row claim), a killed
// instance's claim lapses and another delivers, and the operator's CLI manages endpoints in the same database.
let pg: PostgresServer
let a: TestServer
let b: TestServer
const receivers: WebhookReceiver[] = []
const children: ChildProcess[] = []
const settings = { retryDelaysMs: [20, 20], attemptTimeoutMs: 5000, lockMs: 1500 }

beforeAll(async () => {
  pg = await startPostgresServer()
  a = await createTestServer({ databaseUrl: pg.url, plugins: [emailServer(), webhooksServer(settings)] })
  b = await createTestServer({ databaseUrl: pg.url, plugins: [emailServer(), webhooksServer(settings)] })
}, 90_000)
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  await Promise.all(receivers.map((r) => r.close()))
  await Promise.all([a?.close(), b?.close()])
  await pg?.close()
})

const receiver = async () => {
  const r = await startWebhookReceiver()
  receivers.push(r)
  return r
}
const stopEndpoints = async () => {
  const hooks = webhooksOf(a.server.ctx)
  for (const e of await hooks.listEndpoints(TEST_APP_ID)) if (!e.disabledAt) await hooks.removeEndpoint(e.id)
}

describe('webhooks on several instances', () => {
  it('two instances delivering at the same time send each event once', async () => {
    const r = await receiver()
    const { id } = await webhooksOf(a.server.ctx).addEndpoint(TEST_APP_ID, { url: r.url })
    for (let i = 0; i < 6; i++) await (i % 2 ? a : b).login(`two-${i}@example.com`)
    // Every user: user.created and user.authenticated.
    // Eight claimers at once, four on each instance: every delivery is claimed, and attempted, by one of them.
    const sent = await Promise.all([a, b, a, b, a, b, a, b].map((s) => webhooksOf(s.server.ctx).deliverDue()))
    expect(sent.reduce((x, y) => x + y, 0)).toBe(12)
    const ids = r.received.map((got) => got.headers['webhook-id'])
    expect(ids).toHaveLength(12)
    expect(new Set(ids).size).toBe(12)
    const deliveries = (await webhooksOf(b.server.ctx).deliveries(id)).data
    expect(deliveries.map((d) => [d.status, d.attempts, d.log.length])).toEqual(Array.from({ length: 12 }, () => ['delivered', 1, 1]))
    await stopEndpoints()
  })

  it('an instance killed mid-delivery: another delivers once its claim lapses, with the same webhook-id', async () => {
    const r = await receiver()
    // The first request is never answered: the instance sending it dies meanwhile.
    r.answer = (n) => (n === 0 ? 'hang' : { status: 200 })
    const { id, secret } = await webhooksOf(a.server.ctx).addEndpoint(TEST_APP_ID, { url: r.url, events: ['user.created'] })
    await a.login('killed@example.com')
    const first = r.next()
    children.push(startChildInstance(pg.url))
    const got = await first
    children.at(-1)!.kill('SIGKILL')
    await new Promise((resolve) => setTimeout(resolve, settings.lockMs + 300))
    await b.server.runJob('webhooks.deliver')
    expect(r.received).toHaveLength(2)
    expect(r.received[1]!.headers['webhook-id']).toBe(got.headers['webhook-id'])
    expect((new Webhook(secret).verify(r.received[1]!.body, r.received[1]!.headers as Record<string, string>) as { type: string }).type).toBe('user.created')
    const [delivery] = (await webhooksOf(b.server.ctx).deliveries(id)).data
    // The killed attempt never got to the log; the one that answered did.
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 })
    expect(delivery!.log.map((l) => l.status)).toEqual([200])
    await stopEndpoints()
  }, 60_000)

  it('foyer webhook add / list / deliveries / replay / remove on the server database', async () => {
    const r = await receiver()
    const out: string[] = []
    const err: string[] = []
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }
    const previous = process.env.DATABASE_URL
    process.env.DATABASE_URL = pg.url
    try {
      expect(await main(['webhook'], io)).toBe(2)
      expect(await main(['webhook', 'add', TEST_APP_ID, r.url, 'user.nope'], io)).toBe(2)
      expect(await main(['webhook', 'add', TEST_APP_ID, 'http://example.com/hook'], io)).toBe(1)
      expect(err.at(-1)).toMatch(/https/)
      expect(await main(['webhook', 'add', TEST_APP_ID, r.url, 'user.created'], io)).toBe(0)
      const endpointId = /Endpoint (ep_[0-9a-f]+)/.exec(out.join('\n'))![1]!
      const secret = /(whsec_\S+)/.exec(out.join('\n'))![1]!
      expect(await main(['webhook', 'list', TEST_APP_ID], io)).toBe(0)
      expect(out.at(-1)).toContain(endpointId)
      // The running server delivers to the endpoint the command added, signed with the secret it printed.
      await b.login('cli@example.com')
      await a.server.runJob('webhooks.deliver')
      expect(r.received).toHaveLength(1)
      expect(() => new Webhook(secret).verify(r.received[0]!.body, r.received[0]!.headers as Record<string, string>)).not.toThrow()
      expect(await main(['webhook', 'deliveries', endpointId], io)).toBe(0)
      const deliveryId = /(msg_[0-9a-f]+)\s+user\.created\s+delivered/.exec(out.join('\n'))![1]!
      expect(await main(['webhook', 'replay', deliveryId], io)).toBe(0)
      await a.server.runJob('webhooks.deliver')
      expect(r.received.map((got) => got.headers['webhook-id'])).toEqual([deliveryId, deliveryId])
      // A second sign-up: a page of one names the command for the older one, which is the first delivery.
      await b.login('cli-2@example.com')
      out.length = 0
      expect(await main(['webhook', 'deliveries', endpointId, '--limit', '1'], io)).toBe(0)
      const older = /Older deliveries: foyer webhook deliveries \S+ --before (msg_[0-9a-f]+)/.exec(out.join('\n'))
      expect(older).not.toBeNull()
      out.length = 0
      expect(await main(['webhook', 'deliveries', endpointId, '--before', older![1]!, '--limit', '1'], io)).toBe(0)
      expect(out[0]).toMatch(new RegExp(`^${deliveryId}\\s`))
      expect(out.join('\n')).not.toContain('Older deliveries')
      for (const flags of [['--limit', '0'], ['--limit'], ['--since', 'x'], ['--before', 'a', '--before', 'b']]) {
        expect(await main(['webhook', 'deliveries', endpointId, ...flags], io), flags.join(' ')).toBe(2)
      }
      expect(await main(['webhook', 'replay', 'msg_unknown'], io)).toBe(1)
      expect(await main(['webhook', 'remove', endpointId], io)).toBe(0)
      expect((await webhooksOf(a.server.ctx).listEndpoints(TEST_APP_ID)).find((e) => e.id === endpointId)?.disabledAt).toBeInstanceOf(Date)
      // The secret was printed once, never stored as such.
      const [{ n } = { n: -1 }] = await a.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoints WHERE secret_sealed LIKE $1', [`%${secret.slice(6, 20)}%`])
      expect(n).toBe(0)
    } finally {
      if (previous === undefined) delete process.env.DATABASE_URL
      else process.env.DATABASE_URL = previous
    }
  }, 60_000)
})

/** A server instance in a process of its own (so it can be SIGKILLed), polling deliveries every second. */
function startChildInstance(databaseUrl: string): ChildProcess {
  const file = (path: string) => pathToFileURL(fileURLToPath(new URL(path, import.meta.url))).href
  const script = `
    const { createServer } = await import(${JSON.stringify(file('../../core/server/index.ts'))})
    const { emailServer } = await import(${JSON.stringify(file('../email/server.ts'))})
    const { webhooksServer } = await import(${JSON.stringify(file('./server.ts'))})
    const server = await createServer({
      databaseUrl: ${JSON.stringify(databaseUrl)}, dev: true, smtpUrl: '', logger: { info() {}, warn() {}, error() {} },
      plugins: [emailServer(), webhooksServer({ pollMs: 1000, lockMs: ${settings.lockMs}, attemptTimeoutMs: 60000 })],
      apps: [{ id: ${JSON.stringify(TEST_APP_ID)}, name: 'Test App', allowed_origins: [${JSON.stringify(TEST_ORIGIN)}], email_auth: true }],
    })
    await server.listen(0, '127.0.0.1')
    setInterval(() => {}, 60000)`
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' })
}
