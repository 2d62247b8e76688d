import { describe, expect, it } from 'vitest'
import type { SupportedChain } from '../../../../core/client/wallets/supportedChain.js'
import type { TransactionWallet } from '../../transactionWallet.js'
import { MAX_BATCH_CALLS, readSendCallsRequest } from './readSendCallsRequest.js'

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TO = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const chain = (id: number): SupportedChain => ({ id, name: `Local ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } })

async function read(request: unknown) {
  // The wallet's chains: the host's 31337 and 31338.
  const chains = [chain(31337), chain(31338)]
  const wallet = { isSupportedChain: (id: number) => chains.some((c) => c.id === id) } as Partial<TransactionWallet> as TransactionWallet
  return readSendCallsRequest(wallet, request, WALLET, 31337)
}
/** The EIP-1193 / EIP-5792 error a request is refused with. */
const refusal = (request: unknown) => read(request).then(() => null, (e: { code: number; message: string }) => ({ code: e.code, message: e.message }))
/** What viem's sendCalls sends (v2.0.0), with `over`. */
const viemRequest = (over: Record<string, unknown> = {}) => ({ version: '2.0.0', atomicRequired: false, chainId: '0x7a69', from: WALLET, calls: [{ to: TO, value: '0x5af3107a4000' }], ...over })

describe('readSendCallsRequest (wallet_sendCalls params[0])', () => {
  it("reads viem's request: calls with to, data and value (hex) as bigint, the chain, atomicRequired and the app's id", async () => {
    expect(await read(viemRequest({ id: 'batch-1', atomicRequired: true, calls: [{ to: TO, value: '0x5af3107a4000' }, { to: TO, data: '0xdeadbeef' }] }))).toEqual({
      id: 'batch-1',
      chainId: 31337,
      atomicRequired: true,
      calls: [
        { to: TO, value: 100_000_000_000_000n },
        { to: TO, data: '0xdeadbeef', value: 0n },
      ],
    })
  })

  it('takes the current chain when the request names none, and no id, from or atomicRequired', async () => {
    expect(await read({ version: '2.0.0', calls: [{ data: '0x6000' }] })).toEqual({ id: null, chainId: 31337, atomicRequired: false, calls: [{ data: '0x6000', value: 0n }] })
    expect((await read(viemRequest({ chainId: '0x7a6a' }))).chainId).toBe(31338)
  })

  it('refuses a chain the host does not support with 5710, another wallet with 4100', async () => {
    expect(await refusal(viemRequest({ chainId: '0x1' }))).toEqual({ code: 5710, message: 'Chain ID 1 is not supported. It must be added to the config.supportedChains property of the FoyerProvider.' })
    expect(await refusal(viemRequest({ from: TO }))).toEqual({ code: 4100, message: 'The requested method and/or account has not been authorized by the user.' })
  })

  it(`refuses more than ${MAX_BATCH_CALLS} calls with 5740, and no calls with -32602`, async () => {
    const calls = Array.from({ length: MAX_BATCH_CALLS + 1 }, () => ({ to: TO }))
    expect(await refusal(viemRequest({ calls }))).toEqual({ code: 5740, message: 'The batch is too large: the wallet sends at most 10 calls at once.' })
    expect((await read(viemRequest({ calls: calls.slice(1) }))).calls).toHaveLength(MAX_BATCH_CALLS)
    expect(await refusal(viemRequest({ calls: [] }))).toEqual({ code: -32602, message: 'Invalid wallet_sendCalls request' })
  })

  it('refuses a capability it lacks with 5700 unless marked optional, at the batch and at a call', async () => {
    expect(await refusal(viemRequest({ capabilities: { paymasterService: { url: 'https://pm.example' } } }))).toEqual({
      code: 5700,
      message: "The wallet does not support the capability 'paymasterService', which the request did not mark as optional.",
    })
    expect((await refusal(viemRequest({ calls: [{ to: TO, capabilities: { permissions: {} } }] })))?.code).toBe(5700)
    expect(await read(viemRequest({ capabilities: { dataSuffix: { value: '0x12', optional: true } } }))).toMatchObject({ calls: [{ to: TO }] })
  })

  it('refuses malformed fields with -32602 (and the spec text for a bad quantity)', async () => {
    for (const bad of [
      null,
      'calls',
      { calls: [{ to: TO }] }, // no version
      viemRequest({ chainId: 31337 }),
      viemRequest({ chainId: 'mainnet' }),
      viemRequest({ atomicRequired: 'yes' }),
      viemRequest({ id: 42 }),
      viemRequest({ id: 'x'.repeat(4097) }),
      viemRequest({ calls: [{ to: '0x1234' }] }),
      viemRequest({ calls: [{ to: TO, data: 'hello' }] }),
      viemRequest({ calls: [{ value: '0x1' }] }), // neither to nor data
      viemRequest({ calls: ['0x1234'] }),
    ]) {
      expect((await refusal(bad))?.code, JSON.stringify(bad)).toBe(-32602)
    }
    expect(await refusal(viemRequest({ calls: [{ to: TO, value: 'lots' }] }))).toEqual({
      code: -32602,
      message: "Transaction request property 'value' must be a valid number, bigint, or hex string representing a quantity",
    })
  })

  it("ignores a call's other fields (no nonce or gas of the app's)", async () => {
    expect((await read(viemRequest({ calls: [{ to: TO, nonce: '0x5', gas: '0x1', value: '0x1' }] }))).calls).toEqual([{ to: TO, value: 1n }])
  })
})
