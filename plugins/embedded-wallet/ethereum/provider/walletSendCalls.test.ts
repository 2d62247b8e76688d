import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createWalletClient, custom, type Hex } from 'viem'
import { getCallsStatus, getCapabilities, sendCalls, waitForCallsStatus } from 'viem/actions'
import type { BatchCall, BatchReceipt, FoyerPlugin } from '../../../../core/client/plugin.js'
import type { SupportedChain } from '../../../../core/client/wallets/supportedChain.js'
import { embeddedWalletAccount, fakeWalletFrame, kitUser, startKitFoyer } from '../../../../test/kit/fakeWalletFrame.js'
import { startAnvil, type Anvil } from '../../../../test/standins/anvil.js'
import { SEND_CALLS_SCREEN, type SendCallsParams } from '../../../wallet-transactions/index.js'
import { createEmbeddedEthereumProvider, embeddedWalletAccount as accountOf } from './embeddedEthereumProvider.js'
import { frameEvents } from '../../../wallet-frame/index.js'
import { embeddedWallet } from '../../index.js'
import { rpcError } from '../../../../test/kit/rpcErrors.js'

// EIP-5792 through the embedded wallet's provider, as viem's wallet actions use it: the real plugin over a fake frame,
// anvil as the chain; a stand-in batch executor (the kernel slot smart wallets fill) for the atomic path.

const chain = (id: number, rpcUrl: string): SupportedChain => ({ id, name: `Local ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
const A = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const
const B = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as const
const SMART = '0x1111111111111111111111111111111111111111' as const

describe('wallet_sendCalls, wallet_getCallsStatus, wallet_getCapabilities (provider over a fake frame, anvil)', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
  })
  afterAll(() => anvil?.stop())
  const balance = async (address: Hex) => BigInt(await anvil.rpc<Hex>('eth_getBalance', [address, 'latest']))

  /** A signed-in kernel (wallet UIs `ui`), the provider and a viem client over it; `plugins` beside the embedded wallet. */
  async function setup(ui = false, plugins: FoyerPlugin[] = []) {
    const frame = fakeWalletFrame()
    const address = frame.account(0).address
    const kit = await startKitFoyer([{ ...embeddedWallet({ showWalletUIs: ui, priceDisplay: 'native' }), state: () => frame.state }, ...plugins], { supportedChains: [chain(31337, anvil.rpcUrl)] })
    kit.signIn(kitUser([embeddedWalletAccount(address)]))
    await anvil.setBalance(address, 10n ** 18n)
    const provider = createEmbeddedEthereumProvider(kit.foyer, { state: () => frame.state, prompt: () => ui, priceDisplay: 'native' }, accountOf(kit.foyer, address))
    const client = createWalletClient({ account: address, chain: chain(31337, anvil.rpcUrl) as never, transport: custom(provider), pollingInterval: 100 })
    return { ...kit, frame, address, provider, client }
  }

  /** A plugin whose batch executor (for `owner` on 31337) records the calls and answers a receipt. */
  function executorPlugin(owner: string) {
    const sent: BatchCall[][] = []
    const receipt: BatchReceipt = { transactionHash: `0x${'a'.repeat(64)}`, blockHash: `0x${'b'.repeat(64)}`, blockNumber: 7n, gasUsed: 90_000n, status: 'success', logs: [] }
    const plugin: FoyerPlugin = {
      id: 'batching',
      kind: 'feature',
      batchExecutor: { executorFor: (_foyer, request) => (request.owner === owner && request.chainId === 31337 ? { account: SMART, sponsored: true, send: async (calls) => (sent.push([...calls]), receipt) } : null) },
    }
    return { plugin, sent, receipt }
  }

  it('without a smart wallet: capabilities say atomic unsupported; the calls go one transaction each, in order; the status is 200 with both receipts, atomic false', async () => {
    const { client, frame } = await setup()
    expect(await getCapabilities(client)).toEqual({ 31337: { atomic: { status: 'unsupported' } } })
    const [a, b] = [await balance(A), await balance(B)]
    const { id } = await sendCalls(client, { calls: [{ to: A, value: 1000n }, { to: B, value: 2000n }] })
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const status = await waitForCallsStatus(client, { id, timeout: 20_000 })
    expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: false, chainId: 31337, version: '2.0.0' })
    expect(status.receipts).toHaveLength(2)
    expect(status.receipts!.map((r) => r.status)).toEqual(['success', 'success'])
    expect([await balance(A), await balance(B)]).toEqual([a + 1000n, b + 2000n])
    // One signature each, in the request's order.
    const signed = frame.calls.filter((c) => c.event === frameEvents.rpc).map((c) => c.data.request.params[0])
    expect(signed.map((tx: { to: string }) => tx.to)).toEqual([A, B])
    const nonces = signed.map((tx: { nonce: number }) => tx.nonce)
    expect(nonces[1]).toBe(nonces[0]! + 1)
  })

  it('refuses atomicRequired with 5760 when the calls cannot go atomically (one call is atomic by itself); a taken id with 5720; an unknown id with 5730', async () => {
    const { client, provider } = await setup()
    const forced = sendCalls(client, { forceAtomic: true, calls: [{ to: A, value: 1n }, { to: B, value: 1n }] })
    expect(await rpcError(forced.catch((e: { cause?: unknown }) => Promise.reject(e.cause ?? e)))).toMatchObject({ code: 5760 })
    const single = await sendCalls(client, { id: 'mine-1', forceAtomic: true, calls: [{ to: A, value: 1n }] })
    expect(single.id).toBe('mine-1')
    expect((await waitForCallsStatus(client, { id: 'mine-1', timeout: 20_000 })).atomic).toBe(true)
    expect(await rpcError(provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', id: 'mine-1', chainId: '0x7a69', atomicRequired: false, calls: [{ to: A }] }] }))).toEqual({
      code: 5720,
      message: 'A batch with this id was already submitted.',
    })
    expect(await rpcError(provider.request({ method: 'wallet_getCallsStatus', params: ['0x1234'] }))).toEqual({ code: 5730, message: 'No batch with this id was submitted.' })
    expect(await rpcError(provider.request({ method: 'wallet_showCallsStatus', params: ['0x1234'] }))).toMatchObject({ code: 5730 })
  })

  it('stops at a call that fails: 600 with what landed when an earlier call did, 400 when nothing reached the chain', async () => {
    const { client } = await setup()
    // A contract whose every call reverts (PUSH1 0 PUSH1 0 REVERT): its estimate fails, so it is never sent.
    const reverter = '0x000000000000000000000000000000000000bEEF'
    await anvil.rpc('anvil_setCode', [reverter, '0x60006000fd'])
    const b = await balance(B)
    const partial = await sendCalls(client, { calls: [{ to: A, value: 1n }, { to: reverter, data: '0x01' }, { to: B, value: 1n }] })
    const after = await waitForCallsStatus(client, { id: partial.id, timeout: 20_000 })
    expect(after).toMatchObject({ statusCode: 600, status: 'failure' })
    expect(after.receipts).toHaveLength(1)
    // The call after the failed one was not sent.
    expect(await balance(B)).toBe(b)
    const none = await sendCalls(client, { calls: [{ to: reverter, data: '0x01' }, { to: A, value: 1n }] })
    const failed = await waitForCallsStatus(client, { id: none.id, timeout: 20_000 })
    expect(failed).toMatchObject({ statusCode: 400, receipts: [] })
  })

  it("with a plugin's batch executor: atomic supported on its chain; the calls go to it as one batch (nothing signed here), one receipt, atomic true", async () => {
    // The fake frame's wallet (its fixed secret's first account) owns the stand-in executor's account.
    const { plugin, sent, receipt } = executorPlugin(fakeWalletFrame().account(0).address)
    const { client, frame: used, provider } = await setup(false, [plugin])
    expect(await getCapabilities(client)).toEqual({ 31337: { atomic: { status: 'supported' } } })
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [used.account(0).address, ['0x7a69', '0x1']] })).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
    const { id } = await sendCalls(client, { forceAtomic: true, calls: [{ to: A, value: 1000n }, { to: B, data: '0x1234' }] })
    const status = await waitForCallsStatus(client, { id, timeout: 20_000 })
    expect(sent).toEqual([[{ to: A, value: 1000n }, { to: B, data: '0x1234', value: 0n }]])
    expect(status).toMatchObject({ statusCode: 200, atomic: true })
    expect(status.receipts).toEqual([{ logs: [], status: 'success', blockHash: receipt.blockHash, blockNumber: 7n, gasUsed: 90_000n, transactionHash: receipt.transactionHash }])
    expect(used.calls.filter((c) => c.event === frameEvents.rpc)).toEqual([])
    // A call without `to` (a deployment) can't go through a smart account: that batch is the wallet's own.
    const deploy = { version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: A }, { data: '0x6000' }] }
    expect(await rpcError(provider.request({ method: 'wallet_sendCalls', params: [deploy] }))).toMatchObject({ code: 5760 })
  })

  it('with wallet UIs on: one screen with the whole batch; closing it is 4001, nothing is sent and the id is free again', async () => {
    const { provider, address, foyer } = await setup(true)
    const nonce = await anvil.rpc('eth_getTransactionCount', [address, 'latest'])
    const request = { version: '2.0.0', id: 'closed', chainId: '0x7a69', from: address, atomicRequired: false, calls: [{ to: A, value: '0x3e8' }, { to: B, data: '0xabcd' }] }
    const pending = rpcError(provider.request({ method: 'wallet_sendCalls', params: [request] }))
    await expect.poll(() => foyer.$modal.value.stack.at(-1)?.id).toBe(SEND_CALLS_SCREEN)
    expect(foyer.$modal.value.intent).toBe('transaction')
    const params = foyer.$modal.value.stack.at(-1)?.params as SendCallsParams
    expect(params.batch.value).toMatchObject({ id: 'closed', approved: false, sender: 'wallet', calls: [{ to: A, value: 1000n }, { to: B, data: '0xabcd', value: 0n }] })
    foyer.modal.close()
    expect(await pending).toEqual({ code: 4001, message: 'The user rejected the request.' })
    expect(await anvil.rpc('eth_getTransactionCount', [address, 'latest'])).toBe(nonce)
    expect((await rpcError(provider.request({ method: 'wallet_getCallsStatus', params: ['closed'] })))?.code).toBe(5730)
    // Approved from the screen, the batch goes; the provider answers its id when the screen is done.
    // The closed screen's Approve sends nothing.
    params.approve()
    expect(params.batch.value.approved).toBe(false)
    const again = provider.request({ method: 'wallet_sendCalls', params: [request] }) as Promise<{ id: string }>
    await expect.poll(() => (foyer.$modal.value.stack.at(-1)?.params as SendCallsParams | undefined)?.batch).not.toBe(params.batch)
    const shown = foyer.$modal.value.stack.at(-1)?.params as SendCallsParams
    expect(shown.batch.value.id).toBe('closed')
    shown.approve()
    await vi.waitFor(() => expect(shown.batch.value.status).toBe(200), { timeout: 20_000 })
    foyer.modal.resolve({ id: 'closed' })
    expect(await again).toEqual({ id: 'closed' })
    expect(await getCallsStatus(createWalletClient({ transport: custom(provider) }), { id: 'closed' })).toMatchObject({ statusCode: 200, receipts: [{}, {}] })
    // wallet_showCallsStatus answers at once and shows that batch (its outcome) on the same screen.
    await expect.poll(() => foyer.$modal.value.open).toBe(false)
    expect(await provider.request({ method: 'wallet_showCallsStatus', params: ['closed'] })).toBeNull()
    await expect.poll(() => foyer.$modal.value.open).toBe(true)
    expect(foyer.$modal.value.stack.at(-1)).toMatchObject({ id: SEND_CALLS_SCREEN, params: { batch: shown.batch } })
  })

  it("answers no batch of another wallet's and none after logout (5730)", async () => {
    const { client, provider, signOut } = await setup()
    const { id } = await sendCalls(client, { calls: [{ to: A, value: 1n }] })
    await waitForCallsStatus(client, { id, timeout: 20_000 })
    await signOut()
    expect((await rpcError(provider.request({ method: 'wallet_getCallsStatus', params: [id] })))?.code).toBe(5730)
    expect((await rpcError(provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', calls: [{ to: A }] }] })))?.code).toBe(4100)
  })
})
