import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseTransaction, recoverTransactionAddress } from 'viem'
import type { SupportedChain } from '../../core/client/wallets/supportedChain.js'
import { embeddedWalletAccount, fakeWalletFrame, kitUser, startKitFoyer } from '../../test/kit/fakeWalletFrame.js'
import { startAnvil, type Anvil } from '../../test/standins/anvil.js'
import { embeddedWallet, type EmbeddedWalletOptions } from './index.js'
import { SEND_TRANSACTION_SCREEN } from './walletConstants.js'

const chain = (id: number, rpcUrl: string): SupportedChain => ({ id, name: `Local ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })

describe('useFoyer().sendTransaction / signTransaction (real plugin over a fake frame, anvil)', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
  })
  afterAll(() => anvil?.stop())

  async function setup(options: EmbeddedWalletOptions = { showWalletUIs: false }) {
    const frame = fakeWalletFrame()
    const address = frame.account(0).address
    const kit = await startKitFoyer([{ ...embeddedWallet(options), state: () => frame.state }], { supportedChains: [chain(31337, anvil.rpcUrl)] })
    kit.signIn(kitUser([embeddedWalletAccount(address)]))
    await anvil.setBalance(address, 10n ** 18n)
    const actions = kit.foyer.actions() as unknown as {
      sendTransaction(request: unknown, options?: unknown): Promise<{ hash: `0x${string}`; hashes?: `0x${string}`[] }>
      signTransaction(request: unknown, options?: unknown): Promise<{ signature: `0x${string}` }>
    }
    return { ...kit, frame, address, actions }
  }

  it('with wallet UIs off: sends at once (a list in order) and answers the hash; signTransaction answers { signature }', async () => {
    const { actions, frame, address } = await setup()
    const to = frame.account(1).address
    const { hash } = await actions.sendTransaction({ to, value: 5n })
    // Without the screens the hash comes back once the node took the transaction; anvil mines it a moment later.
    await expect.poll(() => anvil.rpc('eth_getTransactionReceipt', [hash]), { timeout: 10_000 }).toMatchObject({ status: '0x1' })
    const steps = await actions.sendTransaction([{ to, value: 1 }, { to, value: '0x2' }])
    expect(steps.hashes).toHaveLength(2)
    expect(steps.hash).toBe(steps.hashes![1])
    const { signature } = await actions.signTransaction({ to, value: 3n, gasLimit: 21000 })
    expect(await recoverTransactionAddress({ serializedTransaction: signature as never })).toBe(address)
    expect(parseTransaction(signature)).toMatchObject({ value: 3n, gas: 21000n, chainId: 31337 })
  })

  it("refuses with the spec's texts: quantities, chainId, an unsupported chain, a wallet without the funds", async () => {
    const { actions, frame } = await setup()
    const to = frame.account(1).address
    await expect(actions.sendTransaction({ to, gasPrice: 'cheap' })).rejects.toThrow("Transaction request property 'gasPrice' must be a valid number, bigint, or hex string representing a quantity")
    await expect(actions.sendTransaction({ to, chainId: 'mainnet' })).rejects.toThrow("Transaction request property 'chainId' must be a number")
    await expect(actions.sendTransaction({ to, chainId: 5 })).rejects.toThrow('Chain ID 5 is not supported. It must be added to the config.supportedChains property of the FoyerProvider.')
    await expect(actions.sendTransaction({ to, value: 10n ** 21n })).rejects.toThrow('Wallet has insufficient funds for this transaction.')
  })

  it('with wallet UIs on: the confirmation screen (intent transaction); a per-call showWalletUIs: false skips it; closing is 4001', async () => {
    const { actions, frame, foyer } = await setup({})
    const to = frame.account(1).address
    const pending = actions.sendTransaction({ to, value: 1n }, { uiOptions: { title: 'Pay' } }).catch((e: { code: number; message: string }) => e)
    await expect.poll(() => foyer.$modal.value.stack.at(-1)?.id).toBe(SEND_TRANSACTION_SCREEN)
    expect(foyer.$modal.value.intent).toBe('transaction')
    expect(foyer.$modal.value.stack.at(-1)?.params).toMatchObject({ mode: 'send', uiOptions: { title: 'Pay' }, priceDisplay: 'usd', steps: [{ chainId: 31337 }] })
    foyer.modal.close()
    expect(await pending).toMatchObject({ code: 4001, message: 'The user rejected the request.' })
    const { hash } = await actions.sendTransaction({ to, value: 1n }, { uiOptions: { showWalletUIs: false } })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  })
})
