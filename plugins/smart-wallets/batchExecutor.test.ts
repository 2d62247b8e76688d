import { describe, expect, it } from 'vitest'
import { atomicBatchExecutor } from '../../core/client/wallets/atomicBatchExecutor.js'
import { kitUser, startKitFoyer } from '../../test/kit/fakeWalletFrame.js'
import { smartWallets, SMART_WALLETS_PLUGIN_ID, type SmartWalletClient, type SmartWalletsState } from './index.js'

const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const ACCOUNT = '0x1111111111111111111111111111111111111111' as const

/** A kernel with the plugin, and its state with a ready client on `chainId` (no bundler: the send is a stub). */
async function withReadyWallet(chainId = 31337) {
  const { foyer, signIn, signOut } = await startKitFoyer([smartWallets()])
  const state = foyer.pluginState<SmartWalletsState>(SMART_WALLETS_PLUGIN_ID)
  const sent: unknown[] = []
  const ready = () => {
    state.client.value = { account: { address: ACCOUNT }, chain: { id: chainId, name: 'Local' }, smartWalletType: 'simple', sponsored: true } as unknown as SmartWalletClient
    state.batch = { owner: OWNER, send: async (calls) => (sent.push(calls), { transactionHash: `0x${'a'.repeat(64)}`, blockHash: `0x${'b'.repeat(64)}`, blockNumber: 1n, gasUsed: 2n, status: 'success', logs: [] }) }
  }
  return { foyer, state, sent, ready, signIn, signOut }
}

describe("the smart-wallets plugin's batch executor (the kernel's batchExecutor slot)", () => {
  it('is there only once the smart wallet is ready, for the embedded wallet that owns it, on its chain', async () => {
    const { foyer, ready, sent } = await withReadyWallet()
    expect(atomicBatchExecutor(foyer, { owner: OWNER, chainId: 31337 })).toBeNull()
    ready()
    const executor = atomicBatchExecutor(foyer, { owner: OWNER.toLowerCase(), chainId: 31337 })
    expect(executor).toMatchObject({ account: ACCOUNT, sponsored: true })
    expect(atomicBatchExecutor(foyer, { owner: OWNER, chainId: 1 })).toBeNull()
    expect(atomicBatchExecutor(foyer, { owner: ACCOUNT, chainId: 31337 })).toBeNull()
    const calls = [{ to: OWNER, value: 1n }, { to: ACCOUNT, value: 2n, data: '0x1234' as const }]
    expect((await executor!.send(calls)).status).toBe('success')
    expect(sent).toEqual([calls])
  })

  it('goes with the user at logout', async () => {
    const { foyer, state, ready, signIn, signOut } = await withReadyWallet()
    signIn(kitUser([]))
    ready()
    expect(atomicBatchExecutor(foyer, { owner: OWNER, chainId: 31337 })).not.toBeNull()
    await signOut()
    expect(state.batch).toBeNull()
    expect(atomicBatchExecutor(foyer, { owner: OWNER, chainId: 31337 })).toBeNull()
  })
})
