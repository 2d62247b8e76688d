import { ed25519 } from '@noble/curves/ed25519'
import { randomBytes } from 'node:crypto'
import { bytesToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { startWarpcastSignerStandin, type WarpcastSignerStandin } from '../../test/standins/warpcastSignerStandin.js'
import { emailServer } from '../email/server.js'
import { farcasterSignerServer } from './server.js'
import { farcasterSignerMessages } from './schema.js'

const REQUEST_FID = 1234
const CUSTODY_KEY = generatePrivateKey()
const custody = privateKeyToAccount(CUSTODY_KEY)
const newKey = () => bytesToHex(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
let nextFid = 500

describe('Farcaster signer routes against a Warpcast stand-in', () => {
  let standin: WarpcastSignerStandin
  let t: TestServer
  let unregistered: TestServer
  let unconfigured: TestServer
  const logged: string[] = []
  const log = (...args: unknown[]) => logged.push(args.map(String).join(' '))

  beforeAll(async () => {
    standin = await startWarpcastSignerStandin({ custody: { [REQUEST_FID]: custody.address } })
    const section = { custody_private_key: CUSTODY_KEY, request_fid: REQUEST_FID, api_url: standin.url }
    const plugins = () => [emailServer(), farcasterSignerServer({ env: {} })]
    t = await createTestServer({ plugins: plugins(), app: { 'farcaster-signer': section }, logger: { info: log, warn: log, error: log } })
    // The custody key isn't the custody of this fid at Farcaster.
    unregistered = await createTestServer({ plugins: plugins(), app: { 'farcaster-signer': { ...section, request_fid: 4321 } }, logger: { info: log, warn: log, error: log } })
    unconfigured = await createTestServer({ plugins: plugins() })
  })
  afterAll(async () => {
    await Promise.all([t?.close(), unregistered?.close(), unconfigured?.close()])
    await standin?.close()
  })

  /** A signed-in user; with an embedded Ethereum wallet and a Farcaster account (its fid) unless told otherwise. */
  async function user(server: TestServer, { wallet = true, farcaster = true } = {}) {
    const { token, user } = await server.login(`u${randomBytes(6).toString('hex')}@example.com`)
    const fid = nextFid++
    const address = `0x${randomBytes(20).toString('hex')}`
    if (wallet) {
      await server.server.ctx.accounts.link(user.id, { type: 'wallet', identifier: address, data: { address, chainType: 'ethereum', walletClientType: 'privy', connectorType: 'embedded', walletIndex: 0 } })
    }
    if (farcaster) await server.server.ctx.accounts.link(user.id, { type: 'farcaster', identifier: String(fid), data: { fid, ownerAddress: address, username: `user${fid}` } })
    return { token: token!, fid }
  }
  const post = async (server: TestServer, call: 'init' | 'status', key: string, token?: string) => {
    const res = await server.request(`/api/v1/farcaster/signer/${call}`, { body: { ed25519_public_key: key }, ...(token ? { token } : {}) })
    return { status: res.status, body: (await res.json()) as Record<string, any> }
  }
  const me = async (token: string) => ((await (await t.request('/api/v1/users/me', { token })).json()) as { user: { linkedAccounts: Record<string, unknown>[] } }).user

  it('init signs the key request with the custody account and answers the approval URL; status follows it to approved', async () => {
    const { token, fid } = await user(t)
    const key = newKey()
    const init = await post(t, 'init', key, token)
    expect(init).toEqual({ status: 200, body: { public_key: key, status: 'pending_approval', signer_approval_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/deeplinks\/signed-key-request\?token=0x/) } })
    // The stand-in verified the EIP-712 signature against REQUEST_FID's custody address before accepting it.
    const request = standin.requestFor(key)!
    expect(request).toMatchObject({ requestFid: REQUEST_FID, state: 'pending' })
    expect(request.deadline).toBeGreaterThan(Date.now() / 1000 + 3600)
    expect(standin.rejected).toEqual([])
    // Asked again while pending: the same request, not a second one.
    expect((await post(t, 'init', key, token)).body.signer_approval_url).toBe(init.body.signer_approval_url)
    expect([...standin.requests.values()].filter((r) => r.key === key)).toHaveLength(1)

    expect((await post(t, 'status', key, token)).body).toMatchObject({ public_key: key, status: 'pending_approval' })
    expect((await me(token)).linkedAccounts.find((a) => a.type === 'farcaster')).not.toHaveProperty('signerPublicKey')
    standin.approve(request.token, fid)
    expect(await post(t, 'status', key, token)).toEqual({ status: 200, body: { public_key: key, status: 'approved' } })
    // The user's Farcaster account now carries the key (user.farcaster.signerPublicKey on the client).
    expect((await me(token)).linkedAccounts.find((a) => a.type === 'farcaster')).toMatchObject({ fid, signerPublicKey: key })
    // Approved stays approved, also for init.
    expect((await post(t, 'init', key, token)).body).toEqual({ public_key: key, status: 'approved' })
    // Neither the request token nor the custody key reached the log.
    expect(logged.join('\n')).not.toContain(request.token)
    expect(logged.join('\n')).not.toContain(CUSTODY_KEY.slice(2))
  })

  it('an approval by another fid is refused (403 farcaster_signer_fid_mismatch) and the request is revoked; the key is not recorded', async () => {
    const { token } = await user(t)
    const key = newKey()
    await post(t, 'init', key, token)
    standin.approve(standin.requestFor(key)!.token, 999_999)
    expect(await post(t, 'status', key, token)).toEqual({ status: 403, body: { error: farcasterSignerMessages.fidMismatch, code: 'farcaster_signer_fid_mismatch' } })
    expect((await post(t, 'status', key, token)).body).toMatchObject({ status: 'revoked' })
    expect((await me(token)).linkedAccounts.find((a) => a.type === 'farcaster')).not.toHaveProperty('signerPublicKey')
  })

  it("a request Farcaster no longer knows is revoked; another user's key is unknown (404)", async () => {
    const { token } = await user(t)
    const key = newKey()
    await post(t, 'init', key, token)
    standin.revoke(standin.requestFor(key)!.token)
    expect((await post(t, 'status', key, token)).body).toEqual({ public_key: key, status: 'revoked' })
    const other = await user(t)
    expect((await post(t, 'status', key, other.token)).status).toBe(404)
  })

  it("refuses without a token, without an embedded wallet or a Farcaster account (the spec's texts), and a malformed key", async () => {
    const key = newKey()
    expect((await post(t, 'init', key)).status).toBe(401)
    const noWallet = await user(t, { wallet: false })
    expect(await post(t, 'init', key, noWallet.token)).toEqual({ status: 400, body: { error: 'Must have an embedded wallet to use Farcaster signers', code: 'no_embedded_wallet' } })
    const noFarcaster = await user(t, { farcaster: false })
    expect(await post(t, 'init', key, noFarcaster.token)).toEqual({ status: 400, body: { error: 'Must have Farcaster account to use Farcaster signers', code: 'no_farcaster_account' } })
    expect(await post(t, 'status', key, noFarcaster.token)).toMatchObject({ status: 400, body: { code: 'no_farcaster_account' } })
    const ok = await user(t)
    for (const bad of ['0x1234', key.slice(2), `${key}00`]) expect((await post(t, 'init', bad, ok.token)).status).toBe(400)
  })

  it('a custody key Farcaster refuses is 502 farcaster_signer_api_failed; an app without the section is 503', async () => {
    const before = standin.rejected.length
    const { token } = await user(unregistered)
    expect(await post(unregistered, 'init', newKey(), token)).toEqual({ status: 502, body: { error: farcasterSignerMessages.apiFailed, code: 'farcaster_signer_api_failed' } })
    expect(standin.rejected.slice(before)).toEqual([{ reason: 'requestFid' }])
    const other = await user(unconfigured)
    expect(await post(unconfigured, 'init', newKey(), other.token)).toMatchObject({ status: 503, body: { code: 'farcaster_signer_not_configured' } })
  })
})
