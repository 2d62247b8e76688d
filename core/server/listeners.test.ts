import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { createServer } from './createServer.js'
import { defineServerPlugin } from './defineServerPlugin.js'

const WALLET_ORIGIN = 'https://wallet.example.com'

// Stands in for the embedded-wallet frame: a page of its own on a second listener.
const frame = defineServerPlugin({
  id: 'frame',
  listeners: {
    wallet: (app, ctx) => void app.get('/frame', (c) => c.json({ frameOf: ctx.config.walletOrigin })),
  },
  routes() {},
})

let t: TestServer
beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), frame], walletOrigin: `${WALLET_ORIGIN}/` })
})
afterAll(() => t.close())

describe('listeners', () => {
  it('a plugin serves its own app on a named listener, apart from the API', async () => {
    const listening = await t.server.listenAll({ api: 0, wallet: 0 })
    expect(listening.wallet!.port).not.toBe(listening.api!.port)
    const page = await fetch(`${listening.wallet!.url}/frame`)
    expect([page.status, await page.json()]).toEqual([200, { frameOf: WALLET_ORIGIN }])
    const api = await fetch(`${listening.api!.url}/api/v1/apps/${t.appId}`)
    expect(api.status).toBe(200)
    // Neither listener answers the other's routes.
    const crossed = await fetch(`${listening.wallet!.url}/api/v1/apps/${t.appId}`)
    expect([crossed.status, (await crossed.json()).code]).toEqual([404, 'not_found'])
    expect((await fetch(`${listening.api!.url}/frame`)).status).toBe(404)
    await listening.wallet!.close()
    await listening.api!.close()
  })

  it("a listener's warm-up starts once it is served, not when the server is made or only answers app.request", async () => {
    let warmed = 0
    const warming = defineServerPlugin({
      id: 'warming',
      listeners: {
        wallet: (app) => {
          app.get('/frame', (c) => c.text('frame page'))
          return () => void warmed++
        },
      },
      routes() {},
    })
    const server = await createTestServer({ plugins: [emailServer(), warming], walletOrigin: WALLET_ORIGIN })
    try {
      expect((await server.server.listeners.wallet!.request('/frame')).status).toBe(200)
      expect(warmed).toBe(0)
      const api = await server.server.listen(0)
      expect(warmed).toBe(0)
      await api.close()
      const listening = await server.server.listenAll({ api: 0, wallet: 0 })
      expect(warmed).toBe(1)
      await Promise.all([listening.api!.close(), listening.wallet!.close()])
    } finally {
      await server.close()
    }
  })

  it('every listener needs a port, and only declared ones exist', async () => {
    await expect(t.server.listenAll({ api: 0 })).rejects.toThrow('no port for listener "wallet"')
    await expect(t.server.listenAll({ api: 0, wallet: 0, admin: 0 })).rejects.toThrow('no listener "admin"')
  })

  it("the wallet origin may call every app's API, preflight included", async () => {
    const preflight = await t.request('/api/v1/passwordless/init', {
      method: 'OPTIONS',
      headers: { origin: WALLET_ORIGIN, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    const res = await t.request('/api/v1/passwordless/init', { body: { email: 'frame@example.com' }, headers: { origin: WALLET_ORIGIN } })
    expect([res.status, res.headers.get('access-control-allow-origin')]).toEqual([200, WALLET_ORIGIN])
    const other = await t.request('/api/v1/passwordless/init', { body: { email: 'frame@example.com' }, headers: { origin: 'https://evil.example' } })
    expect(other.status).toBe(403)
  })

  it('a wallet origin that is not an origin, or a plugin claiming the api listener, stops the start', async () => {
    await expect(createServer({ dev: true, walletOrigin: 'https://wallet.example.com/frame' })).rejects.toThrow('walletOrigin (FOYER_WALLET_ORIGIN) must be an origin')
    const claims = defineServerPlugin({ id: 'claims', listeners: { api: () => {} }, routes() {} })
    await expect(createServer({ dev: true, plugins: [claims] })).rejects.toThrow('the "api" listener is core\'s')
  })
})
