import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWalletClient, custom, type PublicClient } from 'viem'
import { watchAsset as viemWatchAsset } from 'viem/actions'
import type { SupportedChain } from '../../../core/client/wallets/supportedChain.js'
import { deployTestUsdc, mintTestUsdc } from '../../../examples/local-stack/testUsdc.js'
import { embeddedWalletAccount, fakeWalletFrame, kitUser, startKitFoyer } from '../../../test/kit/fakeWalletFrame.js'
import { KIT_APP_ID } from '../../../test/kit/renderWithFoyer.js'
import { startAnvil, type Anvil } from '../../../test/standins/anvil.js'
import { kitEthereumProvider } from '../../../test/kit/kitEthereumProvider.js'
import { embeddedWallet } from '../../embedded-wallet/index.js'
import { WATCH_ASSET_SCREEN } from '../index.js'
import { watchedAssetsOf } from '../../../test/kit/embeddedWalletInternals.js'
import { readToken, readWatchAssetRequest, type WatchAssetParams } from './watchAsset.js'
import { rpcError, thrown } from '../../../test/kit/rpcErrors.js'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const

/** A node stand-in: a contract at TOKEN answering `answers` (a missing one reverts). */
const tokenNode = (answers: { name?: string; symbol?: string; decimals?: number; balanceOf?: bigint }, code = '0x6080') =>
  ({
    getCode: async () => code,
    readContract: async ({ functionName }: { functionName: keyof typeof answers }) => {
      if (answers[functionName] === undefined) throw new Error('execution reverted')
      return answers[functionName]
    },
  }) as unknown as PublicClient

describe('wallet_watchAsset: the request (EIP-747) and the token it names', () => {
  it('takes an ERC-20 with an address; refuses other shapes with -32602 and MetaMask messages', () => {
    expect(readWatchAssetRequest({ type: 'ERC20', options: { address: TOKEN, symbol: 'USDC', decimals: 6, image: 'https://x.test/u.png' } })).toEqual({ address: TOKEN, symbol: 'USDC', decimals: 6, image: 'https://x.test/u.png' })
    expect(readWatchAssetRequest({ type: 'ERC20', options: { address: TOKEN, decimals: '18' } })).toEqual({ address: TOKEN, decimals: 18 })
    const cases: Array<[unknown, string]> = [
      ['ERC20', "Invalid params: expected { type: 'ERC20', options: { address, symbol, decimals, image } }"],
      [{ type: 'ERC721', options: { address: TOKEN, tokenId: '1' } }, 'Asset of type ERC721 not supported'],
      [{ options: { address: TOKEN } }, 'Asset of type undefined not supported'],
      [{ type: 'ERC20' }, "Invalid params: 'options' must be an object with the token's address"],
      [{ type: 'ERC20', options: {} }, 'Address must be specified'],
      [{ type: 'ERC20', options: { address: '0x1234' } }, 'Invalid address "0x1234"'],
      [{ type: 'ERC20', options: { address: TOKEN, symbol: 7 } }, 'Invalid symbol: not a string'],
      [{ type: 'ERC20', options: { address: TOKEN, symbol: 'TWELVECHARSS' } }, 'Invalid symbol "TWELVECHARSS": longer than 11 characters'],
      [{ type: 'ERC20', options: { address: TOKEN, decimals: 37 } }, 'Invalid decimals "37": must be an integer 0 <= 36'],
      [{ type: 'ERC20', options: { address: TOKEN, decimals: 1.5 } }, 'Invalid decimals "1.5": must be an integer 0 <= 36'],
      [{ type: 'ERC20', options: { address: TOKEN, decimals: 'six' } }, 'Invalid decimals "six": must be an integer 0 <= 36'],
      [{ type: 'ERC20', options: { address: TOKEN, image: {} } }, 'Invalid image: not a string'],
    ]
    for (const [raw, message] of cases) expect(thrown(() => readWatchAssetRequest(raw)), message).toEqual({ code: -32602, message })
  })

  it("checks the app's symbol and decimals against the contract, takes what it left out from there, and refuses what has no contract", async () => {
    const usdc = tokenNode({ name: 'USD Coin', symbol: 'USDC', decimals: 6, balanceOf: 5_000_000n })
    expect(await readToken(usdc, { address: TOKEN }, WALLET, 1)).toEqual({ chainId: 1, token: { address: TOKEN, symbol: 'USDC', decimals: 6, name: 'USD Coin' }, balance: 5_000_000n })
    // The symbol's case may differ (MetaMask's rule); the contract's spelling is kept.
    expect((await readToken(usdc, { address: TOKEN, symbol: 'usdc', decimals: 6 }, WALLET, 1)).token.symbol).toBe('USDC')
    expect(await rpcError(readToken(usdc, { address: TOKEN, symbol: 'USDT' }, WALLET, 1))).toEqual({
      code: -32602,
      message: 'The symbol in the request (USDT) does not match the symbol in the contract (USDC)',
    })
    expect(await rpcError(readToken(usdc, { address: TOKEN, decimals: 18 }, WALLET, 1))).toEqual({
      code: -32602,
      message: 'The decimals in the request (18) do not match the decimals in the contract (6)',
    })
    // A contract that answers neither: the request's values, and no balance when balanceOf reverts too.
    const bare = tokenNode({})
    expect(await readToken(bare, { address: TOKEN, symbol: 'ABC', decimals: 2 }, WALLET, 1)).toEqual({ chainId: 1, token: { address: TOKEN, symbol: 'ABC', decimals: 2 }, balance: null })
    expect((await rpcError(readToken(bare, { address: TOKEN, decimals: 2 }, WALLET, 1)))?.message).toBe('A symbol is required, but was not found in either the request or contract')
    expect((await rpcError(readToken(bare, { address: TOKEN, symbol: 'ABC' }, WALLET, 1)))?.message).toBe('Decimals are required, but were not found in either the request or contract')
    expect(await rpcError(readToken(tokenNode({ symbol: 'X' }, '0x'), { address: TOKEN, symbol: 'X', decimals: 0 }, WALLET, 31337))).toEqual({
      code: -32602,
      message: `No token contract at ${TOKEN} on chain 31337`,
    })
  })
})

describe('wallet_watchAsset through the provider (fake frame, anvil, a test ERC-20)', () => {
  let anvil: Anvil
  let token: `0x${string}`
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    token = await deployTestUsdc(anvil.rpcUrl)
  })
  afterAll(() => anvil?.stop())
  const chain = (): SupportedChain => ({ id: 31337, name: 'Local 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } })

  /** A signed-in kernel with wallet UIs `ui`, the provider of the user's wallet, and viem over it. */
  async function setup(ui: boolean) {
    const frame = fakeWalletFrame()
    const address = frame.account(0).address
    const kit = await startKitFoyer([{ ...embeddedWallet({ showWalletUIs: ui }), state: () => frame.state }], { supportedChains: [chain()] })
    const user = kitUser([embeddedWalletAccount(address)])
    kit.signIn(user)
    const provider = kitEthereumProvider(kit.foyer, frame.state, { prompt: () => ui }, address)
    const client = createWalletClient({ account: address, transport: custom(provider) })
    return { ...kit, frame, address, provider, client, user }
  }

  it("viem's watchAsset shows 'Add suggested token' with the contract's details and the balance; Add token answers true and the token is the wallet's on that chain", async () => {
    const { foyer, client, address, provider } = await setup(true)
    await mintTestUsdc(anvil.rpcUrl, token, address, 5n * 10n ** 18n)
    const answer = viemWatchAsset(client, { type: 'ERC20', options: { address: token, symbol: 'USDC', decimals: 18 } })
    await expect.poll(() => foyer.$modal.value.stack.at(-1)?.id).toBe(WATCH_ASSET_SCREEN)
    expect(foyer.$modal.value.stack.at(-1)?.params).toEqual({
      wallet: address,
      chainId: 31337,
      chainName: 'Local 31337',
      token: { address: token, symbol: 'USDC', decimals: 18, name: 'Test USDC' },
      balance: 5n * 10n ** 18n,
    } satisfies WatchAssetParams)
    foyer.modal.resolve(true)
    expect(await answer).toBe(true)
    expect(watchedAssetsOf(foyer, { wallet: address, chainId: 31337 })).toEqual([{ wallet: address, chainId: 31337, type: 'ERC20', address: token, symbol: 'USDC', decimals: 18, name: 'Test USDC' }])
    expect(watchedAssetsOf(foyer, { chainId: 1 })).toEqual([])
    // Kept for the app and the user; asking again answers true without the screen.
    expect(JSON.parse(foyer.storage.get(`foyer:${KIT_APP_ID}:wallet_preferences:did:foyer:u1`)!).assets).toHaveLength(1)
    expect(await provider.request({ method: 'wallet_watchAsset', params: { type: 'ERC20', options: { address: token } } })).toBe(true)
    expect(foyer.$modal.value.open).toBe(false)
  })

  it('a symbol the contract does not have is refused (-32602) before any screen; Cancel and closing are 4001 and nothing is kept', async () => {
    const { foyer, provider } = await setup(true)
    expect(await rpcError(provider.request({ method: 'wallet_watchAsset', params: { type: 'ERC20', options: { address: token, symbol: 'USDT', decimals: 18 } } }))).toEqual({
      code: -32602,
      message: 'The symbol in the request (USDT) does not match the symbol in the contract (USDC)',
    })
    expect(foyer.$modal.value.open).toBe(false)
    for (const answer of ['close', 'cancel'] as const) {
      const pending = rpcError(provider.request({ method: 'wallet_watchAsset', params: { type: 'ERC20', options: { address: token } } }))
      await expect.poll(() => (foyer.$modal.value.open ? foyer.$modal.value.stack.at(-1)?.id : null)).toBe(WATCH_ASSET_SCREEN)
      if (answer === 'close') foyer.modal.close()
      else {
        const { UserRejectedRequestError } = await import('../../../core/errors/index.js')
        foyer.modal.reject(new UserRejectedRequestError())
      }
      expect(await pending).toEqual({ code: 4001, message: 'The user rejected the request.' })
    }
    expect(watchedAssetsOf(foyer)).toEqual([])
  })

  it("shows the screen with wallet UIs off too (it is no signature), and keeps one user's tokens from the next", async () => {
    const { foyer, provider, signIn, signOut, user, frame } = await setup(false)
    const pending = provider.request({ method: 'wallet_watchAsset', params: [{ type: 'ERC20', options: { address: token, symbol: 'USDC' } }] })
    await expect.poll(() => foyer.$modal.value.stack.at(-1)?.id).toBe(WATCH_ASSET_SCREEN)
    foyer.modal.resolve(true)
    expect(await pending).toBe(true)
    await signOut()
    signIn({ ...user, id: 'did:foyer:u2', linkedAccounts: [embeddedWalletAccount(frame.account(0).address)] })
    expect(watchedAssetsOf(foyer)).toEqual([])
    await signOut()
    signIn(user)
    expect(watchedAssetsOf(foyer).map((a) => a.symbol)).toEqual(['USDC'])
  })
})
