import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createWalletClient, custom, parseTransaction, recoverTransactionAddress, verifyMessage, verifyTypedData } from 'viem'
import type { FoyerClientConfig } from '../../../../core/client/types.js'
import type { SupportedChain } from '../../../../core/client/wallets/supportedChain.js'
import { embeddedWalletAccount, fakeWalletFrame, kitUser, startKitFoyer } from '../../../../test/kit/fakeWalletFrame.js'
import { startAnvil, type Anvil } from '../../../../test/standins/anvil.js'
import { createEmbeddedEthereumProvider, embeddedWalletAccount as accountOf, primaryWalletAccount, type EmbeddedEthereumProvider } from './embeddedEthereumProvider.js'
import { frameEvents } from '../../../wallet-frame/index.js'
import { embeddedWallet, SIGN_SCREEN, type EmbeddedWalletOptions } from '../../index.js'
import { SEND_TRANSACTION_SCREEN } from '../../../wallet-transactions/index.js'
import { WalletProxyError } from '../../../wallet-frame/index.js'
import { rpcError } from '../../../../test/kit/rpcErrors.js'

const chain = (id: number, rpcUrl = `http://127.0.0.1:1/${id}`): SupportedChain => ({
  id,
  name: `Local ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
})

const TYPED_DATA = {
  domain: { name: 'Foyer test', version: '1', chainId: 1 },
  types: { Greeting: [{ name: 'text', type: 'string' }] },
  primaryType: 'Greeting',
  message: { text: 'Hello' },
} as const

/** A signed-in kernel with the real plugin over a fake frame, and a provider for the user's first wallet. */
async function setup(options: EmbeddedWalletOptions = { showWalletUIs: false }, config: FoyerClientConfig = {}, signedIn = true) {
  const frame = fakeWalletFrame()
  const address = frame.account(0).address
  const plugin = { ...embeddedWallet(options), state: () => frame.state }
  const kit = await startKitFoyer([plugin], config)
  const prompt = (personal: boolean) => (options.showWalletUIs ?? true) && !(personal && options.noPromptOnSignature)
  const provider = createEmbeddedEthereumProvider(kit.foyer, { state: () => frame.state, prompt }, accountOf(kit.foyer, address))
  const user = kitUser([embeddedWalletAccount(address)])
  if (signedIn) kit.signIn(user)
  return { ...kit, frame, address, provider, user }
}

/** The provider's events, recorded. */
function record(provider: EmbeddedEthereumProvider) {
  const events: Array<[string, unknown]> = []
  for (const name of ['connect', 'disconnect', 'accountsChanged', 'chainChanged']) provider.on(name, (value: unknown) => events.push([name, value]))
  return events
}


describe('the embedded Ethereum provider: accounts and chains', () => {
  it("says isMetaMask: false, and true only when the host opts in for dapps that gate on it", async () => {
    const { provider, foyer, frame, address } = await setup()
    expect([provider.isMetaMask, provider.isFoyerWallet]).toEqual([false, true])
    const claiming = createEmbeddedEthereumProvider(foyer, { state: () => frame.state, prompt: () => false, isMetaMask: true }, accountOf(foyer, address))
    expect([claiming.isMetaMask, claiming.isFoyerWallet]).toEqual([true, true])
  })

  it('answers no accounts and 4100 to eth_requestAccounts until the user with the wallet signs in', async () => {
    const { provider, signIn, user, address } = await setup({ showWalletUIs: false }, {}, false)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await rpcError(provider.request({ method: 'eth_requestAccounts' }))).toEqual({ code: 4100, message: 'User must be authenticated and have a Foyer wallet before it can be connected' })
    signIn(user)
    // In lower case, as MetaMask answers them.
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address.toLowerCase()])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([address.toLowerCase()])
  })

  it('starts on the default chain, else the first supported one, else mainnet', async () => {
    expect(await (await setup()).provider.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(await (await setup(undefined, { supportedChains: [chain(31337), chain(31338)] })).provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    const withDefault = await setup(undefined, { supportedChains: [chain(31337), chain(31338)], defaultChain: chain(31338) })
    expect(await withDefault.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(await withDefault.provider.request({ method: 'net_version' })).toBe('31338')
  })

  it('switches to a supported chain with chainChanged, and refuses others with 4902 and the spec text', async () => {
    const { provider } = await setup(undefined, { supportedChains: [chain(31337), chain(31338)] })
    const events = record(provider)
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    // The same chain again: no event.
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(events).toEqual([['chainChanged', '0x7a6a']])
    expect(await rpcError(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x5' }] }))).toEqual({
      code: 4902,
      message: 'Chain ID 5 is not supported. It must be added to the config.supportedChains property of the FoyerProvider.',
    })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    // Adding a configured chain is a no-op; another needs the rest of EIP-3085's parameter (walletAddEthereumChain.test.ts).
    expect(await provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x7a69' }] })).toBeNull()
    expect((await rpcError(provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x5' }] })))?.code).toBe(-32602)
    expect((await rpcError(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'five' }] })))?.code).toBe(-32602)
  })

  it('emits accountsChanged and disconnect (4900) at logout, connect and accountsChanged at the next login', async () => {
    const { provider, signOut, signIn, user, address } = await setup()
    const events = record(provider)
    await signOut()
    expect(events.map(([name]) => name)).toEqual(['accountsChanged', 'disconnect'])
    expect(events[0]![1]).toEqual([])
    expect(events[1]![1]).toMatchObject({ code: 4900 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    events.length = 0
    signIn(user)
    expect(events).toEqual([
      ['connect', { chainId: '0x1' }],
      ['accountsChanged', [address.toLowerCase()]],
    ])
  })

  it('removes listeners, and a throwing listener does not stop the others', async () => {
    const { provider, signOut } = await setup()
    const seen: string[] = []
    const gone = () => seen.push('removed')
    provider.on('accountsChanged', () => {
      throw new Error('dapp bug')
    })
    provider.on('accountsChanged', () => seen.push('second'))
    provider.on('accountsChanged', gone).removeListener('accountsChanged', gone)
    const uncaught: unknown[] = []
    const onError = (e: unknown) => uncaught.push(e)
    process.on('uncaughtException', onError)
    await signOut()
    await new Promise((r) => setTimeout(r, 0))
    process.off('uncaughtException', onError)
    expect(seen).toEqual(['second'])
  })

  it('the page-level provider follows the primary wallet of whoever is signed in', async () => {
    const { foyer, frame, signIn, signOut, user } = await setup()
    const page = createEmbeddedEthereumProvider(foyer, { state: () => frame.state, prompt: () => false }, primaryWalletAccount(foyer))
    const events = record(page)
    expect(await page.request({ method: 'eth_accounts' })).toEqual([frame.account(0).address.toLowerCase()])
    await signOut()
    signIn({ ...user, id: 'other', linkedAccounts: [embeddedWalletAccount(frame.account(2).address)] })
    expect(events.filter(([n]) => n === 'accountsChanged').map(([, v]) => v)).toEqual([[], [frame.account(2).address.toLowerCase()]])
    expect(await page.request({ method: 'eth_accounts' })).toEqual([frame.account(2).address.toLowerCase()])
  })

  it('answers permissions and refuses key methods it does not offer with 4200', async () => {
    const { provider, address } = await setup()
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [address.toLowerCase()] }] }])
    expect(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull()
    for (const method of ['wallet_registerOnboarding', 'eth_decrypt', 'eth_getEncryptionPublicKey', 'personal_unlockAccount']) {
      expect(await rpcError(provider.request({ method }))).toEqual({ code: 4200, message: `The Provider does not support the requested method: ${method}.` })
    }
    expect((await rpcError(provider.request({} as never)))?.code).toBe(-32602)
  })
})

describe('the embedded Ethereum provider: signing', () => {
  it('signs personal_sign in the frame without a screen when wallet UIs are off', async () => {
    const { provider, address, frame, foyer } = await setup({ showWalletUIs: false })
    const message = 'Hello from the provider'
    const hex = `0x${Buffer.from(message).toString('hex')}` as const
    const signature = (await provider.request({ method: 'personal_sign', params: [hex, address] })) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
    expect(foyer.$modal.value.open).toBe(false)
    const rpc = frame.calls.filter((c) => c.event === frameEvents.rpc)
    expect(rpc).toHaveLength(1)
    expect(rpc[0]!.data).toMatchObject({ address, request: { method: 'personal_sign', params: [hex, address] } })
    expect(frame.calls[0]!.event).toBe(frameEvents.connect)
    // Raw bytes that aren't UTF-8 are signed as bytes; [address, message] order is accepted too.
    const raw = '0xdeadbeef' as const
    const rawSignature = (await provider.request({ method: 'personal_sign', params: [address, raw] })) as `0x${string}`
    expect(await verifyMessage({ address, message: { raw }, signature: rawSignature })).toBe(true)
  })

  it('refuses another address (4100) and an empty message (-32602) before the frame is asked', async () => {
    const { provider, frame } = await setup()
    expect(await rpcError(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', frame.account(1).address] }))).toEqual({
      code: 4100,
      message: 'The requested method and/or account has not been authorized by the user.',
    })
    expect(await rpcError(provider.request({ method: 'personal_sign', params: ['', frame.account(0).address] }))).toEqual({ code: -32602, message: 'Message must be a non-empty string' })
    expect(frame.calls).toEqual([])
  })

  it('shows the sign screen with the message when wallet UIs are on; closing it is 4001', async () => {
    const { provider, address, foyer } = await setup({})
    const pending = rpcError(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] }))
    await expect.poll(() => foyer.$modal.value.stack.at(-1)?.id).toBe(SIGN_SCREEN)
    expect(foyer.$modal.value.intent).toBe('sign')
    expect(foyer.$modal.value.stack.at(-1)?.params).toMatchObject({ address, display: 'hello', request: { method: 'personal_sign', params: ['0x68656c6c6f', address] } })
    foyer.modal.close()
    expect(await pending).toEqual({ code: 4001, message: 'The user rejected the request.' })
  })

  it('answers what the sign screen resolves with', async () => {
    const { provider, address, foyer } = await setup({})
    const pending = provider.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(TYPED_DATA)] })
    await expect.poll(() => foyer.$modal.value.stack.at(-1)?.id).toBe(SIGN_SCREEN)
    expect(JSON.parse((foyer.$modal.value.stack.at(-1)?.params as { display: string }).display)).toEqual({ domain: TYPED_DATA.domain, message: TYPED_DATA.message })
    foyer.modal.resolve('0xabc')
    expect(await pending).toBe('0xabc')
  })

  it('noPromptOnSignature skips the screen for personal_sign only', async () => {
    const { provider, address, foyer } = await setup({ noPromptOnSignature: true })
    const signature = (await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })) as `0x${string}`
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)
    const typed = provider.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(TYPED_DATA)] })
    await expect.poll(() => foyer.$modal.value.stack.at(-1)?.id).toBe(SIGN_SCREEN)
    foyer.modal.close()
    await expect(typed).rejects.toMatchObject({ code: 4001 })
  })

  it('signs typed data and eth_sign in the frame', async () => {
    const { provider, address } = await setup()
    const typed = (await provider.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(TYPED_DATA)] })) as `0x${string}`
    expect(await verifyTypedData({ address, ...TYPED_DATA, signature: typed })).toBe(true)
    const ethSign = (await provider.request({ method: 'eth_sign', params: [address, '0x68656c6c6f'] })) as `0x${string}`
    expect(await verifyMessage({ address, message: 'hello', signature: ethSign })).toBe(true)
    expect((await rpcError(provider.request({ method: 'eth_signTypedData_v4', params: [address, '{not json'] })))?.code).toBe(-32602)
  })

  it("signs legacy typed data (eth_signTypedData v1) and v3 as a dapp's eth-sig-util recovers them, and answers personal_ecRecover", async () => {
    const { recoverTypedSignature, SignTypedDataVersion, typedSignatureHash } = await import('@metamask/eth-sig-util')
    const { typedDataV1Hash } = await import('../../frame/ethereum/typedDataV1.js')
    const { provider, address } = await setup()
    const legacy = [
      { type: 'string', name: 'message', value: 'Hi, Alice!' },
      { type: 'uint32', name: 'value', value: 42 },
      { type: 'uint', name: 'big', value: '1000000000000000000000' },
      { type: 'address', name: 'to', value: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' },
      { type: 'bool', name: 'ok', value: true },
      { type: 'bytes', name: 'data', value: '0xdeadbeef' },
    ]
    expect(typedDataV1Hash(legacy)).toBe(typedSignatureHash(legacy as never))
    const v1 = (await provider.request({ method: 'eth_signTypedData', params: [legacy, address] })) as string
    expect(recoverTypedSignature({ data: legacy as never, signature: v1, version: SignTypedDataVersion.V1 })).toBe(address.toLowerCase())
    expect((await rpcError(provider.request({ method: 'eth_signTypedData_v1', params: [[{ type: 'string', value: 'no name' }], address] })))?.code).toBe(-32602)

    // As dapps send v3: the domain's type spelled out in `types`.
    const v3Data = { ...TYPED_DATA, types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }], ...TYPED_DATA.types } }
    const v3 = (await provider.request({ method: 'eth_signTypedData_v3', params: [address, JSON.stringify(v3Data)] })) as string
    expect(recoverTypedSignature({ data: v3Data as never, signature: v3, version: SignTypedDataVersion.V3 })).toBe(address.toLowerCase())

    const signature = (await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })) as string
    expect(await provider.request({ method: 'personal_ecRecover', params: ['0x68656c6c6f', signature] })).toBe(address.toLowerCase())
    expect(await provider.request({ method: 'personal_ecRecover', params: ['hello', signature] })).toBe(address.toLowerCase())
    expect((await rpcError(provider.request({ method: 'personal_ecRecover', params: ['hello', '0x1234'] })))?.code).toBe(-32602)
  })

  it("passes the frame's error on as -32603 with its message, and 4100 once logged out", async () => {
    const { provider, address, frame, signOut } = await setup()
    frame.failNext(new WalletProxyError('error', 'An error has occurred, please try again.'))
    expect(await rpcError(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] }))).toEqual({ code: -32603, message: 'An error has occurred, please try again.' })
    await signOut()
    expect((await rpcError(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })))?.code).toBe(4100)
  })

  it("works as viem's custom() transport: getAddresses, signMessage, signTypedData", async () => {
    const { provider, address } = await setup()
    const client = createWalletClient({ transport: custom(provider) })
    expect(await client.getAddresses()).toEqual([address])
    expect(await client.requestAddresses()).toEqual([address])
    expect(await client.getChainId()).toBe(1)
    const signature = await client.signMessage({ account: address, message: 'Signed through viem' })
    expect(await verifyMessage({ address, message: 'Signed through viem', signature })).toBe(true)
    const typed = await client.signTypedData({ account: address, ...TYPED_DATA })
    expect(await verifyTypedData({ address, ...TYPED_DATA, signature: typed })).toBe(true)
  })

  it("viem sees a closed sign screen as its UserRejectedRequestError", async () => {
    const { provider, address, foyer } = await setup({})
    const client = createWalletClient({ transport: custom(provider) })
    const pending = client.signMessage({ account: address, message: 'no' }).catch((e: Error) => e)
    await expect.poll(() => foyer.$modal.value.stack.at(-1)?.id).toBe(SIGN_SCREEN)
    foyer.modal.close()
    expect((await pending as Error).name).toBe('UserRejectedRequestError')
  })
})

describe('the embedded Ethereum provider against a node (anvil)', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
  })
  afterAll(() => anvil?.stop())
  const config = () => ({ supportedChains: [chain(31337, anvil.rpcUrl)] })

  it('forwards reads to the chain RPC', async () => {
    const { provider, address } = await setup(undefined, config())
    await anvil.setBalance(address, 10n ** 18n)
    expect(await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })).toBe('0xde0b6b3a7640000')
    expect(await provider.request({ method: 'eth_blockNumber' })).toMatch(/^0x[0-9a-f]+$/)
  })

  it('fills, signs in the frame and sends a transaction; viem sendTransaction works over it', async () => {
    const { provider, address, frame } = await setup(undefined, config())
    await anvil.setBalance(address, 10n ** 18n)
    const to = frame.account(1).address
    const hash = (await provider.request({ method: 'eth_sendTransaction', params: [{ from: address, to, value: '0x2386f26fc10000' }] })) as `0x${string}`
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    // Anvil mines at once, but a busy machine may answer the receipt a moment later.
    await vi.waitFor(async () => expect(await anvil.rpc('eth_getTransactionReceipt', [hash])).toMatchObject({ status: '0x1', from: address.toLowerCase() }))
    expect(await anvil.rpc('eth_getBalance', [to, 'latest'])).toBe('0x2386f26fc10000')
    const signed = frame.calls.find((c) => c.event === frameEvents.rpc)!.data.request
    expect(signed).toMatchObject({ method: 'eth_signTransaction', params: [{ from: address, to, chainId: 31337, nonce: 0 }] })
    expect(signed.params[0].maxFeePerGas).toMatch(/^0x/)

    const client = createWalletClient({ account: address, transport: custom(provider) })
    const viemHash = await client.sendTransaction({ to, value: 1n, chain: null })
    await vi.waitFor(async () => expect(await anvil.rpc('eth_getTransactionReceipt', [viemHash])).toMatchObject({ status: '0x1' }))
  })

  it('eth_signTransaction answers a signed transaction from the wallet without sending it', async () => {
    const { provider, address, frame } = await setup(undefined, config())
    await anvil.setBalance(address, 10n ** 18n)
    const raw = (await provider.request({ method: 'eth_signTransaction', params: [{ to: frame.account(1).address, value: '0x1', gas: '0x5208', nonce: '0x7' }] })) as `0x${string}`
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(address)
    expect(parseTransaction(raw)).toMatchObject({ nonce: 7, gas: 21000n, chainId: 31337, value: 1n })
  })

  it('refuses bad quantities and chains with the spec texts, and a transaction the wallet cannot pay for', async () => {
    const { provider, address, frame } = await setup(undefined, config())
    const to = frame.account(1).address
    expect(await rpcError(provider.request({ method: 'eth_sendTransaction', params: [{ to, value: 'lots' }] }))).toEqual({
      code: -32602,
      message: "Transaction request property 'value' must be a valid number, bigint, or hex string representing a quantity",
    })
    expect(await rpcError(provider.request({ method: 'eth_sendTransaction', params: [{ to, chainId: 'one' }] }))).toEqual({ code: -32602, message: "Transaction request property 'chainId' must be a number" })
    expect(await rpcError(provider.request({ method: 'eth_sendTransaction', params: [{ to, chainId: '0x5' }] }))).toMatchObject({ code: 4902 })
    expect((await rpcError(provider.request({ method: 'eth_sendTransaction', params: [{ from: to, to }] })))?.code).toBe(4100)
    await anvil.setBalance(address, 0n)
    expect(await rpcError(provider.request({ method: 'eth_sendTransaction', params: [{ to, value: '0xde0b6b3a7640000' }] }))).toEqual({ code: -32603, message: 'Wallet has insufficient funds for this transaction.' })
    expect(frame.calls.filter((c) => c.event === frameEvents.rpc)).toEqual([])
  })

  it('shows a transaction on the confirmation screen when wallet UIs are on; closing it is 4001 and nothing is sent', async () => {
    const { provider, address, foyer, frame } = await setup({}, config())
    await anvil.setBalance(address, 10n ** 18n)
    const nonce = await anvil.rpc('eth_getTransactionCount', [address, 'latest'])
    const pending = rpcError(provider.request({ method: 'eth_sendTransaction', params: [{ to: frame.account(1).address, value: '0x1' }] }))
    await expect.poll(() => foyer.$modal.value.stack.at(-1)?.id).toBe(SEND_TRANSACTION_SCREEN)
    expect(foyer.$modal.value.intent).toBe('transaction')
    const params = foyer.$modal.value.stack.at(-1)?.params as { mode: string; steps: { chainId: number; request: { to: string; value: bigint } }[] }
    expect(params).toMatchObject({ mode: 'send', steps: [{ chainId: 31337, request: { to: frame.account(1).address, value: 1n } }] })
    foyer.modal.close()
    expect(await pending).toEqual({ code: 4001, message: 'The user rejected the request.' })
    expect(await anvil.rpc('eth_getTransactionCount', [address, 'latest'])).toBe(nonce)
  })

  it('says which chain has no RPC URL', async () => {
    const { provider } = await setup()
    expect(await rpcError(provider.request({ method: 'eth_blockNumber' }))).toMatchObject({ code: 4901 })
  })
})
