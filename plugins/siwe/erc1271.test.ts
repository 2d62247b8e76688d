import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashMessage, type Hex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { emailServer } from '../email/server.js'
import { createTestServer, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { startAnvil, type Anvil } from '../../test/standins/anvil.js'
import { siweServer } from './server.js'

/**
 * Runtime of a minimal ERC-1271 wallet: `isValidSignature(hash, sig)` answers the magic value
 * 0x1626ba7e when storage[hash] is non-zero, else 32 zero bytes; the signature bytes are ignored.
 *   PUSH1 4 CALLDATALOAD SLOAD PUSH1 0x0c JUMPI            ; storage[hash] != 0 → ok
 *   PUSH1 32 PUSH1 0 RETURN                                 ; zeros: not valid
 *   ok: JUMPDEST PUSH4 0x1626ba7e PUSH1 224 SHL PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN
 */
const RUNTIME: Hex = '0x600435 54 600c 57 6020 6000 f3 5b 631626ba7e 60e0 1b 6000 52 6020 6000 f3'.replace(/ /g, '') as Hex
const CONTRACT: Hex = '0x00000000000000000000000000000000C0FFEE01'
const CHAIN_ID = 31337

let anvil: Anvil
let t: TestServer

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  await anvil.rpc('anvil_setCode', [CONTRACT, RUNTIME])
  t = await createTestServer({
    plugins: [emailServer(), siweServer()],
    app: { wallet_auth: true, siwe: { chains: { [CHAIN_ID]: { rpc_url: anvil.rpcUrl }, '1': {} } } },
  })
}, 90_000)
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any })

async function contractMessage(chainId = CHAIN_ID) {
  const { body } = await json(await t.request('/api/v1/siwe/init', { body: { address: CONTRACT } }))
  return createSiweMessage({ address: CONTRACT, chainId, domain: new URL(TEST_ORIGIN).host, nonce: body.nonce, uri: TEST_ORIGIN, version: '1', issuedAt: new Date() })
}
const markValid = (message: string) => anvil.rpc('anvil_setStorageAt', [CONTRACT, hashMessage(message), `0x${'0'.repeat(63)}1`])
// Contract wallets sign however they like; this one ignores the bytes (longer than an ECDSA signature on purpose).
const SIGNATURE: Hex = `0x${'5a'.repeat(97)}`
const authenticate = (message: string, chainId = CHAIN_ID) =>
  t.request('/api/v1/siwe/authenticate', { body: { message, signature: SIGNATURE, chainId: `eip155:${chainId}`, walletClientType: 'safe', connectorType: 'wallet_connect_v2' } })

describe('ERC-1271 contract wallets through the chain RPC', () => {
  it('refuses a message the contract does not accept', async () => {
    const { status, body } = await json(await authenticate(await contractMessage()))
    expect(status).toBe(401)
    expect(body.error).toBe('Invalid signature')
  })

  it('signs in the contract wallet once isValidSignature accepts the message hash', async () => {
    const message = await contractMessage()
    await markValid(message)
    const { status, body } = await json(await authenticate(message))
    expect(status).toBe(200)
    expect(body.user.linkedAccounts[0]).toMatchObject({ type: 'wallet', address: '0x00000000000000000000000000000000C0FFEE01', chainId: `eip155:${CHAIN_ID}`, walletClientType: 'safe' })
  })

  it('does not ask a chain without rpc_url: EOA signatures only there', async () => {
    const message = await contractMessage(1)
    await markValid(message)
    const { status, body } = await json(await authenticate(message, 1))
    expect(status).toBe(401)
    expect(body.error).toBe('Invalid signature')
  })

  it('answers 502 rpc_unavailable when the chain RPC is down, and keeps the nonce', async () => {
    const down = await createTestServer({
      plugins: [emailServer(), siweServer()],
      app: { wallet_auth: true, siwe: { chains: { [CHAIN_ID]: { rpc_url: 'http://127.0.0.1:9/' } } } },
    })
    try {
      const { body: init } = await json(await down.request('/api/v1/siwe/init', { body: { address: CONTRACT } }))
      const message = createSiweMessage({ address: CONTRACT, chainId: CHAIN_ID, domain: new URL(TEST_ORIGIN).host, nonce: init.nonce, uri: TEST_ORIGIN, version: '1', issuedAt: new Date() })
      const res = await json(await down.request('/api/v1/siwe/authenticate', { body: { message, signature: SIGNATURE } }))
      expect(res.status).toBe(502)
      expect(res.body.code).toBe('rpc_unavailable')
      const rows = await down.server.db.query<{ consumed_at: Date | null }>('SELECT consumed_at FROM siwe_nonces')
      expect(rows.map((r) => r.consumed_at)).toEqual([null])
    } finally {
      await down.close()
    }
  }, 60_000)
})
