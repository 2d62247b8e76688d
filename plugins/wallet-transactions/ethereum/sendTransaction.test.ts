import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, erc721Abi, http, parseTransaction, recoverTransactionAddress, type Abi, type PublicClient } from 'viem'
import type { SupportedChain } from '../../../core/client/wallets/supportedChain.js'
import { embeddedWalletAccount, fakeWalletFrame, kitUser, startKitFoyer } from '../../../test/kit/fakeWalletFrame.js'
import { startAnvil, type Anvil } from '../../../test/standins/anvil.js'
import { embeddedWallet, type EmbeddedWalletOptions } from '../../embedded-wallet/index.js'
import { previewTransaction, receiptOfEarlierSend } from './sendTransaction.js'
import { SEND_TRANSACTION_SCREEN } from '../transactionScreens.js'

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
    // §5: a number — the hex form is eth_sendTransaction's (the provider takes it), not sendTransaction's.
    await expect(actions.sendTransaction({ to, chainId: '0x7a69' })).rejects.toThrow("Transaction request property 'chainId' must be a number")
    await expect(actions.sendTransaction({ to, chainId: 31337n })).rejects.toThrow("Transaction request property 'chainId' must be a number")
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

// OpenZeppelin 4.9's build artifacts, deployed from anvil's first (unlocked) account.
const artifact = (name: string) => createRequire(import.meta.url)(`@openzeppelin/contracts/build/contracts/${name}.json`) as { abi: Abi; bytecode: `0x${string}` }
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const

describe('on anvil: the preview tells NFT calls from ERC-20 ones; a retry after a timeout finds the earlier send', () => {
  let anvil: Anvil
  let client: PublicClient
  const local = () => ({ id: 31337, name: 'Local 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } })
  const deployer = () => createWalletClient({ account: DEPLOYER, chain: local(), transport: http(anvil.rpcUrl) })
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient
  })
  afterAll(() => anvil?.stop())

  async function deploy(name: string, args: unknown[]): Promise<`0x${string}`> {
    const { abi, bytecode } = artifact(name)
    const hash = await deployer().deployContract({ abi, bytecode, args })
    return (await client.waitForTransactionReceipt({ hash })).contractAddress!
  }

  it('approve / transferFrom: an ERC-721 (ERC-165 says so) reads as NFT with a token id, an ERC-20 as a token amount', async () => {
    const nft = await deploy('ERC721PresetMinterPauserAutoId', ['Test NFT', 'TNFT', 'https://nft.example/'])
    const token = await deploy('ERC20PresetFixedSupply', ['Test Token', 'TST', 10n ** 24n, DEPLOYER])
    await client.waitForTransactionReceipt({ hash: await deployer().writeContract({ address: nft, abi: artifact('ERC721PresetMinterPauserAutoId').abi, functionName: 'mint', args: [DEPLOYER] }) })
    const preview = (to: `0x${string}`, data: `0x${string}`) => previewTransaction(client, local(), DEPLOYER, { chainId: 31337, request: { to, data } })

    const nftApprove = await preview(nft, encodeFunctionData({ abi: erc721Abi, functionName: 'approve', args: [OTHER, 0n] }))
    expect(nftApprove.decoded).toMatchObject({ action: 'approve', isNFTIsh: true, spender: OTHER, tokenId: 0n })
    expect(nftApprove.decoded.isErc20Ish).toBeUndefined()
    expect(nftApprove.token).toBeUndefined()
    const nftTransfer = await preview(nft, encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [DEPLOYER, OTHER, 0n] }))
    expect(nftTransfer.decoded).toMatchObject({ action: 'transfer', isNFTIsh: true, transferFrom: DEPLOYER, transferTo: OTHER, tokenId: 0n })

    // The same calldata to the ERC-20 (no ERC-165: the probe reverts) is an amount of TST.
    const tokenApprove = await preview(token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [OTHER, 0n] }))
    expect(tokenApprove.decoded).toMatchObject({ action: 'approve', isErc20Ish: true, spender: OTHER, amount: 0n })
    expect(tokenApprove.token).toEqual({ symbol: 'TST', decimals: 18 })
  })

  it('receiptOfEarlierSend: null for a hash the node never saw; waits for a pending one; its receipt once mined', async () => {
    expect(await receiptOfEarlierSend(client, `0x${'12'.repeat(32)}`)).toBeNull()
    await anvil.rpc('evm_setAutomine', [false])
    try {
      const hash = await deployer().sendTransaction({ to: OTHER, value: 1n })
      // Still pending: no receipt within the wait (the screen shows 'Timed out' again, and nothing is sent twice).
      await expect(receiptOfEarlierSend(client, hash, 600)).rejects.toMatchObject({ name: 'WaitForTransactionReceiptTimeoutError' })
      const waiting = receiptOfEarlierSend(client, hash, 20_000)
      await anvil.rpc('evm_mine')
      expect(await waiting).toMatchObject({ transactionHash: hash, status: 'success', from: DEPLOYER.toLowerCase(), to: OTHER.toLowerCase() })
      // Mined before the retry asked: the receipt at once.
      expect((await receiptOfEarlierSend(client, hash, 1000))?.transactionHash).toBe(hash)
    } finally {
      await anvil.rpc('evm_setAutomine', [true])
    }
  })
})
