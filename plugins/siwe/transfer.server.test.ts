import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { createTestServer, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { expectError, expectTransferOffer, ownerOf, refreshStatus, tokensOf, userExists, userOf } from '../../test/kit/transferKit.js'
import { emailServer } from '../email/server.js'
import { siweServer } from './server.js'

let t: TestServer
const clock = Date.now()
const wallet = () => privateKeyToAccount(generatePrivateKey())
const transfer = (token: string, body: unknown) => t.request('/api/v1/siwe/transfer', { token, body })

beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), siweServer()],
    app: { wallet_auth: true, siwe: { chains: { '1': {} }, max_wallets_per_user: 2 } },
    rateLimits: { 'siwe.init.ip': { limit: 10_000 }, 'siwe.authenticate.ip': { limit: 10_000 }, 'email.send.ip': { limit: 10_000 } },
    now: () => clock,
  })
})
afterAll(() => t?.close())

async function signed(signer: PrivateKeyAccount) {
  const { nonce } = (await (await t.request('/api/v1/siwe/init', { body: { address: signer.address } })).json()) as { nonce: string }
  const message = createSiweMessage({ address: signer.address, chainId: 1, domain: new URL(TEST_ORIGIN).host, nonce, uri: TEST_ORIGIN, version: '1', issuedAt: new Date(clock) })
  return { message, signature: await signer.signMessage({ message }), chainId: 'eip155:1' }
}

/** A signed up with a wallet; B (e-mail) links the same wallet. */
async function conflict(tag: string) {
  const w = wallet()
  const a = await tokensOf(await t.request('/api/v1/siwe/authenticate', { body: { ...(await signed(w)), walletClientType: 'metamask', connectorType: 'injected' } }))
  const b = await t.login(`siwe-b-${tag}@example.com`)
  const res = await t.request('/api/v1/siwe/link', { token: b.token!, body: { ...(await signed(w)), walletClientType: 'rabby_wallet', connectorType: 'injected' } })
  return { w, a, b, data: await expectTransferOffer(res) }
}

describe('SIWE account transfer', () => {
  it('link conflict → 400 with the wallet metadata; transfer moves the wallet with this user’s metadata and deletes the other user', async () => {
    const { w, a, b, data } = await conflict('ok')
    expect(data).toMatchObject({
      account_type: 'wallet',
      display_name: w.address,
      account: { address: w.address, chainId: 'eip155:1', walletClientType: 'rabby_wallet', connectorType: 'injected' },
    })
    const user = await userOf(await transfer(b.token!, { ...data.account, nonce: data.nonce }))
    expect(user.linkedAccounts).toContainEqual(expect.objectContaining({ type: 'wallet', address: w.address, walletClientType: 'rabby_wallet', chainType: 'ethereum' }))
    expect(await userExists(t, a.user.id)).toBe(false)
    expect(await refreshStatus(t, a.refresh_token!)).toBe(401)
    await expectError(await transfer(b.token!, { ...data.account, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
  })

  it('wallet parameters are required; malformed bodies change nothing', async () => {
    const { w, a, b, data } = await conflict('bad')
    const { walletClientType: _w, ...noClient } = data.account
    const { connectorType: _c, ...noConnector } = data.account
    for (const body of [{ nonce: data.nonce }, { ...noClient, nonce: data.nonce }, { ...noConnector, nonce: data.nonce }, { ...data.account, address: '0x12', nonce: data.nonce }, { ...data.account }]) {
      await expectError(await transfer(b.token!, body), 400, 'invalid_data')
    }
    await expectError(await transfer(b.token!, { ...data.account, address: wallet().address, nonce: data.nonce }), 400, 'invalid_transfer_nonce')
    expect(await ownerOf(t, 'wallet', w.address.toLowerCase())).toBe(a.user.id)
  })

  it('the offer respects max_wallets_per_user: a full user gets cannot_link_more_of_type', async () => {
    const w = wallet()
    await tokensOf(await t.request('/api/v1/siwe/authenticate', { body: { ...(await signed(w)), walletClientType: 'metamask', connectorType: 'injected' } }))
    const b = await t.login('siwe-full@example.com')
    for (let i = 0; i < 2; i++) await userOf(await t.request('/api/v1/siwe/link', { token: b.token!, body: await signed(wallet()) }))
    await expectError(await t.request('/api/v1/siwe/link', { token: b.token!, body: await signed(w) }), 400, 'cannot_link_more_of_type')
  })
})
