import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../plugins/email/server.js'
import { createTestServer, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { createTestDevice, type TestDevice } from '../../test/kit/testDevice.js'
import { defineServerPlugin } from './defineServerPlugin.js'

// A custody-like route: it answers only a caller whose session's device key signed this very request.
const custodyProbe = defineServerPlugin({
  id: 'custody-probe',
  routes(app, ctx) {
    app.post('/api/v1/custody-probe', async (c) => c.json({ userId: (await ctx.requireCustody(c)).userId }))
    app.post('/api/v1/custody-probe/other', async (c) => c.json({ userId: (await ctx.requireCustody(c)).userId }))
  },
})

let clock = Date.now()
let t: TestServer
let device: TestDevice
beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), custodyProbe], now: () => clock })
  device = await createTestDevice()
})
afterAll(() => t.close())

const PATH = '/api/v1/custody-probe'
const call = (token: string, headers: Record<string, string> = {}, path = PATH) => t.request(path, { body: {}, token, headers })
const codeOf = async (res: Response) => [res.status, (await res.json()).code]

describe('device-bound sessions (ctx.requireCustody)', () => {
  it('passes a proof by the key bound at login, once', async () => {
    const { token, user } = await t.login('bound@example.com', { device })
    const proof = await device.proofHeader(PATH, token!)
    const res = await call(token!, proof)
    expect([res.status, await res.json()]).toEqual([200, { userId: user.id }])
    // The same proof again: refused (its single-use id is spent).
    expect(await codeOf(await call(token!, proof))).toEqual([401, 'invalid_device_proof'])
  })

  it('refuses a token alone, whatever headers a script adds, and a proof by another key', async () => {
    const { token } = await t.login('thief@example.com', { device })
    expect(await codeOf(await call(token!, { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-site' }))).toEqual([401, 'device_proof_required'])
    const other = await createTestDevice()
    expect(await codeOf(await call(token!, await other.proofHeader(PATH, token!)))).toEqual([401, 'invalid_device_proof'])
    // A binding is not a proof, even from the right key.
    expect(await codeOf(await call(token!, { 'foyer-device-proof': (await device.bindingHeader())['foyer-device-key']! }))).toEqual([401, 'invalid_device_proof'])
  })

  it('refuses a proof made for another path, method, token or time', async () => {
    const { token } = await t.login('scoped@example.com', { device })
    const { token: otherToken } = await t.login('scoped@example.com', { device })
    expect(await codeOf(await call(token!, await device.proofHeader('/api/v1/custody-probe/other', token!)))).toEqual([401, 'invalid_device_proof'])
    expect(await codeOf(await call(token!, await device.proofHeader(PATH, token!, { method: 'GET' })))).toEqual([401, 'invalid_device_proof'])
    expect(await codeOf(await call(token!, await device.proofHeader(PATH, otherToken!)))).toEqual([401, 'invalid_device_proof'])
    const stale = await call(token!, await device.proofHeader(PATH, token!, { nowMs: clock - 6 * 60_000 }))
    const body = await stale.json()
    expect([stale.status, body.code]).toEqual([401, 'invalid_device_proof'])
    // The server's time comes back so a device with a wrong clock can correct itself.
    expect(body.data.server_time).toBe(clock)
    expect((await call(token!, await device.proofHeader(PATH, token!, { nowMs: clock + 4 * 60_000 }))).status).toBe(200)
  })

  it('a session started without a device key never opens custody, nor does a fork of a bound one', async () => {
    const { token, refresh_token } = await t.login('unbound@example.com', { device: null })
    expect(await codeOf(await call(token!, await device.proofHeader(PATH, token!)))).toEqual([401, 'session_not_bound'])
    const bound = await t.login('unbound@example.com', { device })
    // A refresh keeps the binding; a fork (which a refresh-token holder can make) starts a session bound to nothing.
    const refreshed = await (await t.request('/api/v1/sessions', { body: { refresh_token: bound.refresh_token } })).json()
    expect((await call(refreshed.token, await device.proofHeader(PATH, refreshed.token))).status).toBe(200)
    const forked = await (await t.request('/api/v1/sessions/fork', { body: { refresh_token: refreshed.refresh_token } })).json()
    const recovered = await (await t.request('/api/v1/sessions/fork/recover', { body: { refresh_token: forked.new_session_refresh_token } })).json()
    expect(await codeOf(await call(recovered.token, await device.proofHeader(PATH, recovered.token)))).toEqual([401, 'session_not_bound'])
    expect(refresh_token).toBeTruthy()
  })

  it('a malformed binding refuses the sign-in and stores nothing', async () => {
    const email = 'badkey@example.com'
    await t.request('/api/v1/passwordless/init', { body: { email } })
    const code = await t.lastCode(email)
    const res = await t.request('/api/v1/passwordless/authenticate', { body: { email, code }, headers: { 'foyer-device-key': 'e30.e30.AAAA' } })
    expect(await codeOf(res)).toEqual([400, 'invalid_device_key'])
    const users = await t.server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM linked_accounts WHERE identifier = $1", [email])
    expect(users[0]!.n).toBe(0)
  })
})
