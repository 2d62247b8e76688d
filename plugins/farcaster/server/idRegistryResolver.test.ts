import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createTestServer } from '../../../test/kit/createTestServer.js'
import { startAnvilRegistry, type AnvilRegistry } from '../../../test/standins/anvilIdRegistry.js'
import { completeChannel, signConnectUri } from '../../../test/standins/farcasterApp.js'
import { emailServer } from '../../email/server.js'
import { farcasterServer } from '../server.js'
import { createIdRegistryResolver } from './idRegistryResolver.js'

let anvil: AnvilRegistry
const custody = privateKeyToAccount(generatePrivateKey())

beforeAll(async () => {
  anvil = await startAnvilRegistry()
  await anvil.setCustody(1234, custody.address)
})
afterAll(() => anvil?.stop())

describe('ID registry resolver against a local anvil node', () => {
  it('reads custodyOf(fid) over JSON-RPC; an unregistered fid is null', async () => {
    const resolve = createIdRegistryResolver({ rpcUrl: anvil.rpcUrl })
    expect((await resolve(1234n))?.toLowerCase()).toBe(custody.address.toLowerCase())
    expect(await resolve(99n)).toBeNull()
  })

  it('an unreachable RPC rejects (the route turns it into 502)', async () => {
    const resolve = createIdRegistryResolver({ rpcUrl: 'http://127.0.0.1:9' })
    await expect(resolve(1n)).rejects.toThrow()
  })

  it('the server with the default resolver signs the custody owner in through the app section rpc_url', async () => {
    const t = await createTestServer({ plugins: [emailServer(), farcasterServer()], app: { farcaster: { rpc_url: anvil.rpcUrl } } })
    const init = (await (await t.request('/api/v1/farcaster/init', { body: {} })).json()) as { connect_uri: string }
    const signed = await signConnectUri(init.connect_uri, custody, 1234)
    expect((await completeChannel((p, i) => Promise.resolve(t.app.request(p, i)), signed)).status).toBe(201)
    const res = await t.request('/api/v1/farcaster/authenticate', {
      body: { channel_token: signed.channelToken, message: signed.message, signature: signed.signature, fid: 1234 },
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { user: { linkedAccounts: Record<string, unknown>[] } }
    expect(body.user.linkedAccounts[0]).toMatchObject({ type: 'farcaster', fid: 1234, ownerAddress: custody.address.toLowerCase() })
    await t.close()
  })
})
