import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { completeChannel, signConnectUri } from '../../test/standins/farcasterApp.js'
import { expectError, expectTransferOffer, ownerOf, refreshStatus, tokensOf, userExists, userOf } from '../../test/kit/transferKit.js'
import { emailServer } from '../email/server.js'
import { farcasterServer } from './server.js'

const custody = privateKeyToAccount(generatePrivateKey())
let t: TestServer
let nextFid = 500
const transfer = (token: string, body: unknown) => t.request('/api/v1/farcaster/transfer', { token, body })

beforeAll(async () => {
  t = await createTestServer({
    // Every fid belongs to `custody` in this fixture registry.
    plugins: [emailServer(), farcasterServer({ resolveCustody: async () => custody.address })],
    app: { farcaster: { connect_host: 'https://farcaster.test' } },
    rateLimits: { 'farcaster.init.ip': { limit: 1000 }, 'farcaster.authenticate.ip': { limit: 1000 }, 'email.send.ip': { limit: 1000 } },
  })
})
afterAll(() => t?.close())

async function completed(fid: number) {
  const { connect_uri } = (await (await t.request('/api/v1/farcaster/init', { body: {} })).json()) as { connect_uri: string }
  const signed = await signConnectUri(connect_uri, custody, fid)
  const res = await completeChannel((path, init) => Promise.resolve(t.app.request(path, init)), signed, { username: `fc${fid}`, displayName: 'F', pfpUrl: 'https://img.test/f.png' })
  expect(res.status).toBe(201)
  return { channel_token: signed.channelToken, message: signed.message, signature: signed.signature, fid }
}

/** A signed up with Farcaster; B (e-mail) links the same fid. */
async function conflict(tag: string) {
  const fid = nextFid++
  const a = await tokensOf(await t.request('/api/v1/farcaster/authenticate', { body: { ...(await completed(fid)), mode: 'login-or-sign-up' } }))
  const b = await t.login(`fc-b-${tag}@example.com`)
  const data = await expectTransferOffer(await t.request('/api/v1/farcaster/link', { token: b.token!, body: await completed(fid) }))
  return { fid, a, b, data }
}

describe('Farcaster account transfer', () => {
  it('link conflict → 400 with {farcaster_id}; transfer moves the fid and deletes the other user; replay refused', async () => {
    const { fid, a, b, data } = await conflict('ok')
    expect(data).toMatchObject({ account_type: 'farcaster', display_name: `fc${fid}`, account: { farcaster_id: fid } })
    const user = await userOf(await transfer(b.token!, { ...data.account, farcaster_embedded_address: null, nonce: data.nonce }))
    expect(user.linkedAccounts).toContainEqual(expect.objectContaining({ type: 'farcaster', fid, username: `fc${fid}` }))
    expect(await userExists(t, a.user.id)).toBe(false)
    expect(await refreshStatus(t, a.refresh_token!)).toBe(401)
    await expectError(await transfer(b.token!, { ...data.account, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
  })

  it('malformed bodies and another fid change nothing', async () => {
    const { fid, a, b, data } = await conflict('bad')
    for (const body of [{ nonce: data.nonce }, { farcaster_id: String(fid), nonce: data.nonce }, { farcaster_id: 0, nonce: data.nonce }, { farcaster_id: fid, farcaster_embedded_address: 'x', nonce: data.nonce }, { farcaster_id: fid }]) {
      await expectError(await transfer(b.token!, body), 400, 'invalid_data')
    }
    await expectError(await transfer(b.token!, { farcaster_id: fid + 1000, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
    expect(await ownerOf(t, 'farcaster', String(fid))).toBe(a.user.id)
  })
})
