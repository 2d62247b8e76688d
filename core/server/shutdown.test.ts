import { createConnection } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { defineServerPlugin } from './defineServerPlugin.js'

/** A route that answers when the test says so; `entered` resolves once a request is inside it. */
function slowPlugin() {
  let release!: () => void
  let entered!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const inside = new Promise<void>((resolve) => (entered = resolve))
  const plugin = defineServerPlugin({
    id: 'slow',
    routes(app) {
      app.get('/slow', async (c) => {
        entered()
        await gate
        return c.json({ finished: true })
      })
    },
  })
  return { plugin, release, inside }
}

/** Opens a new TCP connection (not one of fetch's kept-alive ones): 'connected' or the error code. */
const connect = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = createConnection({ port, host: 'localhost' }, () => (socket.destroy(), resolve('connected')))
    socket.once('error', (error: Error & { code?: string }) => resolve(error.code ?? error.message))
  })
const refused = (url: string) => fetch(url).then(() => 'answered', (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message)

describe('server.shutdown()', () => {
  let t: TestServer
  const slow = slowPlugin()
  beforeAll(async () => {
    t = await createTestServer({ plugins: [emailServer(), slow.plugin] })
  })
  afterAll(() => t.close())

  it('fails readiness, refuses new connections, lets the request under way finish, then closes the database', async () => {
    const { url, port } = await t.server.listen(0)
    expect((await fetch(`${url}/readyz`)).status).toBe(200)
    const inFlight = fetch(`${url}/slow`)
    await slow.inside
    const stopped = t.server.shutdown({ graceMs: 10_000 })
    expect(t.server.shutdown()).toBe(stopped)

    const ready = await t.app.request('/readyz')
    expect([ready.status, await ready.json()]).toEqual([503, { status: 'unavailable', checks: { server: 'stopping', pool: 'ok', database: 'skipped' } }])
    expect(await connect(port)).toBe('ECONNREFUSED')

    slow.release()
    const answer = await inFlight
    expect([answer.status, await answer.json(), answer.headers.get('connection')]).toEqual([200, { finished: true }, 'close'])
    await stopped
    expect(await connect(port)).toBe('ECONNREFUSED')
    await expect(t.server.db.query('SELECT 1')).rejects.toThrow()
    await t.server.close()
  })
})

describe('server.shutdown({ graceMs })', () => {
  let t: TestServer
  const stuck = slowPlugin()
  beforeAll(async () => {
    t = await createTestServer({ plugins: [emailServer(), stuck.plugin] })
  })
  afterAll(() => t.close())

  it('closes the connections still busy when the grace period ends', async () => {
    const { url } = await t.server.listen(0)
    const inFlight = refused(`${url}/slow`)
    await stuck.inside
    const started = Date.now()
    await t.server.shutdown({ graceMs: 300 })
    const took = Date.now() - started
    expect(took).toBeGreaterThanOrEqual(250)
    expect(took).toBeLessThan(5000)
    expect(await inFlight).not.toBe('answered')
    stuck.release()
  })
})
