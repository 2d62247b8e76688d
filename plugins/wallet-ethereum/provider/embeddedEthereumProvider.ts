import type { ReadonlySignal } from '@preact/signals-core'
import type { PublicClient } from 'viem'
import type { Foyer } from '../../../core/client/types.js'
import { createCallBatchStore, loadCallBatches, loadEthereumTransactions, SEND_CALLS_SCREEN, type CallBatch, type CallBatchStore, type SendCallsParams } from '../../wallet-transactions/index.js'
import { configuredChains } from '../../../core/client/wallets/configuredChains.js'
import { parseChainId, toHexChainId } from '../../../core/client/wallets/chainIds.js'
import { EmbeddedProviderRpcError, providerRpcTexts, toProviderRpcError, walletCallsErrorCodes } from '../../../core/client/wallets/providerRpcError.js'
import type { LinkedAccount, User } from '../../../core/protocol/index.js'
import { walletEthereumErrors } from '../ethereumTexts.js'
import type { SignRequestParams, SignUiOptions } from '../screens/SignRequestScreen.js'
import { SIGN_SCREEN } from '../ethereumScreens.js'
import type { EthereumSignRequest, EthereumWallet, WalletEthereumOptions } from '../ethereumWallet.js'
import { walletCapabilities } from '../requests/walletCapabilities.js'

/** What a provider needs: the wallet (its accounts, signatures and chains) and the host's prompt policy. */
export interface EmbeddedProviderDeps {
  /** The wallet the provider serves (loaded): its accounts, signatures and chains. */
  wallet: EthereumWallet
  /** The wallet's Ethereum accounts of `user`, walletIndex order. */
  accounts: (user: User | null) => readonly LinkedAccount[]
  /**
   * Whether a request shows the sign screen: the host's `showWalletUIs`, and for personal_sign `noPromptOnSignature`
   * — the same policy as `useFoyer().signMessage`.
   */
  prompt: (personal: boolean) => boolean
  /** fetch for the chains' JSON-RPC (default the global one). */
  fetch?: typeof globalThis.fetch
  /** How the transaction screen shows amounts (the plugin's `priceDisplay`; default 'usd'). */
  priceDisplay?: 'usd' | 'native'
  /** The page's EIP-5792 batches, shared by its providers (the wallet's; default: the provider's own). */
  batches?: () => CallBatchStore
  /** The provider's `isMetaMask` (the plugin's `ethereum.isMetaMask`; default false). */
  isMetaMask?: boolean
}

/** What the providers of `foyer`'s page need, from walletEthereum()'s options: the wallet (loaded now) and the host's policy. */
export async function providerDepsOf(foyer: Foyer, options: WalletEthereumOptions): Promise<EmbeddedProviderDeps> {
  return {
    wallet: await options.wallet(foyer),
    accounts: options.accounts,
    prompt: (personal) => options.prompt(personal),
    priceDisplay: options.priceDisplay ?? 'usd',
    ...(options.batches ? { batches: () => options.batches!(foyer) } : {}),
    isMetaMask: options.isMetaMask === true,
  }
}

/** An EIP-1193 request. */
export interface RequestArguments {
  method: string
  params?: unknown
}

/** The embedded wallet's EIP-1193 provider (usable by viem's `custom()` transport, wagmi and RainbowKit). */
export interface EmbeddedEthereumProvider {
  /** Tells Foyer's own wallet discovery that this is the page's embedded wallet, not an extension to connect. */
  readonly isFoyerWallet: true
  /**
   * false unless the host opts in (`embeddedWallet({ ethereum: { isMetaMask: true } })`) for dapps that turn their
   * wallet features on only for MetaMask, as Rabby, Brave Wallet and Coinbase Wallet let their users do.
   */
  readonly isMetaMask: boolean
  request(args: RequestArguments): Promise<unknown>
  on(event: string, listener: (...args: any[]) => void): EmbeddedEthereumProvider
  removeListener(event: string, listener: (...args: any[]) => void): EmbeddedEthereumProvider
  /** Stops following the session and drops the listeners. */
  destroy(): void
}

// Methods that need a key this provider doesn't offer (eth_decrypt, eth_getEncryptionPublicKey), and wallet_* methods it
// doesn't implement: never forwarded. It answers personal_sign / personal_ecRecover, eth_sign, eth_signTypedData (v1),
// _v3 and _v4, wallet_watchAsset (EIP-747), wallet_addEthereumChain (EIP-3085), and of EIP-5792 wallet_getCapabilities,
// wallet_sendCalls, wallet_getCallsStatus and wallet_showCallsStatus.
const UNSUPPORTED = /^(wallet_|eth_sign|eth_decrypt$|eth_getEncryptionPublicKey$|personal_)/

/** The address of the signed-in user's embedded Ethereum wallet `address`, while they have it. */
export const embeddedWalletAccount = (foyer: Foyer, deps: Pick<EmbeddedProviderDeps, 'accounts'>, address: string) => () =>
  (deps.accounts(foyer.$session.peek().user).find((a) => String(a.address).toLowerCase() === address.toLowerCase())?.address as string | undefined) ?? null

/** The address of the signed-in user's first embedded Ethereum wallet (walletIndex 0), or null. */
export const primaryWalletAccount = (foyer: Foyer, deps: Pick<EmbeddedProviderDeps, 'accounts'>) => () => (deps.accounts(foyer.$session.peek().user)[0]?.address as string | undefined) ?? null

const isHex = (value: unknown): value is `0x${string}` => typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)
const isAddress = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
const utf8Hex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}` as `0x${string}`

/** What the sign screen shows for a message: its text when the bytes are UTF-8, else the hex. */
function readable(hex: `0x${string}`): string {
  const bytes = new Uint8Array((hex.slice(2).match(/../g) ?? []).map((b) => Number.parseInt(b, 16)))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return hex
  }
}

/**
 * An EIP-1193 provider for an embedded Ethereum wallet. It answers accounts and the chain itself, has the wallet
 * frame sign (through the sign screen unless the host turned wallet UIs off), fills and sends transactions through
 * the chain's RPC, and forwards every other read to that RPC. `account` is the wallet it serves: one wallet's address
 * while the user has it, or the user's primary wallet (the page-level provider EIP-6963 announces); null for none.
 * viem (an optional peer) loads only when a request needs a node.
 */
export function createEmbeddedEthereumProvider(foyer: Foyer, deps: EmbeddedProviderDeps, account: () => string | null): EmbeddedEthereumProvider {
  const listeners = new Map<string, Set<(...args: any[]) => void>>()
  const clients = new Map<string, Promise<PublicClient>>()
  let ownBatches: CallBatchStore | null = null
  const batches = () => deps.batches?.() ?? (ownBatches ??= createCallBatchStore())
  // This provider's wallet as the transaction plugin sees it: its signatures, prompt policy and batches.
  const wallet = deps.wallet
  const transactionWallet = () => wallet.transactionWallet({ prompt: (show) => show ?? deps.prompt(false), batches })
  let chainId: number | null = null
  const current = () => chainId ?? wallet.defaultChainId()

  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        // One dapp's failing listener must not stop the others (or the kernel's).
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }

  // Follows the session: the wallet appears at login (connect, accountsChanged) and goes at logout (accountsChanged
  // [], disconnect 4900); a new primary wallet (another user) is an accountsChanged.
  let last: string | null = account()
  const unsubscribe = foyer.$session.subscribe(() => {
    const now = account()
    if (now?.toLowerCase() === last?.toLowerCase()) return
    const before = last
    last = now
    if (now && !before) emit('connect', { chainId: toHexChainId(current()) })
    emit('accountsChanged', now ? [now.toLowerCase()] : [])
    if (!now) emit('disconnect', new EmbeddedProviderRpcError(4900, providerRpcTexts.disconnected))
  })

  /** The wallet's address, or 4100 when there is no signed-in user with it (or `address` is another one). */
  function authorized(address?: unknown): string {
    const me = account()
    if (!me || foyer.$session.peek().status !== 'authenticated') throw new EmbeddedProviderRpcError(4100, providerRpcTexts.notConnectable)
    if (address !== undefined && (typeof address !== 'string' || address.toLowerCase() !== me.toLowerCase())) throw new EmbeddedProviderRpcError(4100, providerRpcTexts.unauthorized)
    return me
  }

  function clientFor(id: number): Promise<PublicClient> {
    const url = wallet.rpcUrlOf(id)
    let client = clients.get(url)
    if (!client) {
      client = import('viem').then(({ createPublicClient, http }) =>
        createPublicClient({ transport: http(url, { retryCount: 0, ...(deps.fetch ? { fetchFn: deps.fetch } : {}) }) }),
      )
      clients.set(url, client)
      client.catch(() => clients.delete(url))
    }
    return client
  }

  /** Signs on the sign screen (4001 when closed) or, with wallet UIs off, directly in the frame. */
  async function sign(request: EthereumSignRequest, display: string, personal: boolean, intent: 'sign' | 'transaction', uiOptions?: SignUiOptions) {
    const address = authorized()
    if (!deps.prompt(personal)) return wallet.sign(address, request)
    const params: SignRequestParams = { address, request, display, ...(uiOptions ? { uiOptions } : {}) }
    return foyer.modal.request<`0x${string}`>(SIGN_SCREEN, params, { intent })
  }

  /**
   * eth_signTransaction / eth_sendTransaction: checked (§5), then the confirmation screen (or, with wallet UIs off,
   * filled from the chain's node and signed in the frame) — the same flow as useFoyer().sendTransaction.
   */
  async function transaction(mode: 'sign' | 'send', raw: unknown) {
    // The transaction plugin's flow (embeddedWallet() brings the plugin), with this provider's wallet, chain and policy.
    const flow = await loadEthereumTransactions()
    const tx = flow.readTransactionRequest(raw, { eip1193: true })
    const from = authorized(tx.from ?? undefined)
    const options = { address: from, prompt: deps.prompt(false), priceDisplay: deps.priceDisplay ?? 'usd', chainId: current(), eip1193: true, ...(deps.fetch ? { fetch: deps.fetch } : {}) } as const
    try {
      return mode === 'sign' ? await flow.signTransaction(foyer, transactionWallet(), raw, options) : (await flow.sendTransaction(foyer, transactionWallet(), raw, options)).hash
    } catch (error) {
      throw flow.transactionError(error)
    }
  }

  function switchTo(id: number) {
    wallet.assertSupportedChain(id)
    if (id !== current()) {
      chainId = id
      emit('chainChanged', toHexChainId(id))
    } else chainId = id
    return null
  }

  function switchChain(raw: unknown) {
    const id = parseChainId((raw as { chainId?: unknown } | null)?.chainId)
    if (id === null) throw new EmbeddedProviderRpcError(-32602, 'Invalid params: chainId must be a hex chain id')
    return switchTo(id)
  }

  /**
   * wallet_addEthereumChain (EIP-3085). A chain the wallet knows (the host's, or one the user added) is a no-op. Any
   * other is checked, approved on 'Add network' — shown even with wallet UIs off: that setting hides the sign and
   * transaction prompts of a host that shows its own, and no host prompt covers a page script adding an RPC endpoint
   * that would then see and answer every request of the wallet — and remembered for the user; then the wallet switches
   * to it, as MetaMask does once the user approves (wagmi's injected connector takes a chain still not current after
   * the add as a refused switch).
   */
  async function addChain(raw: unknown) {
    const id = parseChainId((raw as { chainId?: unknown } | null)?.chainId)
    if (id === null) throw new EmbeddedProviderRpcError(-32602, `Expected 0x-prefixed, unpadded, non-zero hexadecimal string 'chainId'. Received:\n${String((raw as { chainId?: unknown } | null)?.chainId).slice(0, 100)}`)
    if (wallet.isSupportedChain(id)) return null
    authorized()
    const flow = await import('../requests/addEthereumChain.js')
    const chain = await flow.addEthereumChain(foyer, wallet, raw, deps.fetch)
    return switchTo(chain.id)
  }

  /**
   * wallet_watchAsset (EIP-747) on the wallet's current chain: the token read from the chain and approved on 'Add
   * suggested token' (shown even with wallet UIs off: it is no signature, and the list it changes is the wallet's).
   */
  async function watchAsset(raw: unknown) {
    const me = authorized()
    const id = current()
    const [flow, client] = await Promise.all([import('../requests/watchAsset.js'), clientFor(id)])
    return flow.watchAsset(foyer, wallet, me, id, client, raw)
  }

  /** wallet_sendCalls (EIP-5792): one confirmation for every call, then the batch (sendCalls.ts). */
  async function sendCalls(raw: unknown) {
    const from = authorized()
    const [flow, { transactionError }] = await Promise.all([loadCallBatches(), loadEthereumTransactions()])
    const options = { address: from, prompt: deps.prompt(false), priceDisplay: deps.priceDisplay ?? 'usd', chainId: current(), batches: batches(), ...(deps.fetch ? { fetch: deps.fetch } : {}) } as const
    try {
      return await flow.sendCalls(foyer, transactionWallet(), raw, options)
    } catch (error) {
      throw transactionError(error)
    }
  }

  /** The wallet's batch `id` (EIP-5792's 5730 for an id it never sent, or another wallet's). */
  function batchOf(id: unknown): ReadonlySignal<CallBatch> {
    const me = account()
    const batch = typeof id === 'string' ? batches().get(id) : undefined
    if (!batch || !me || batch.peek().from.toLowerCase() !== me.toLowerCase()) throw new EmbeddedProviderRpcError(walletCallsErrorCodes.unknownId, providerRpcTexts.unknownBatchId)
    return batch
  }

  /** wallet_getCapabilities' chains: the ones asked (hex ids), else the host's and the ones the user added. */
  function capabilityChains(raw: unknown): number[] {
    if (raw === undefined || raw === null) {
      const configured = configuredChains(foyer)
      const ids = configured.length ? configured.map((c) => c.id) : [wallet.defaultChainId()]
      return [...ids, ...wallet.knownChains().map((c) => c.id).filter((id) => !ids.includes(id))]
    }
    const ids = Array.isArray(raw) ? raw.map((id) => (typeof id === 'string' ? parseChainId(id) : null)) : [null]
    if (ids.some((id) => id === null)) throw new EmbeddedProviderRpcError(-32602, 'Invalid params: chain ids must be hex strings')
    return ids as number[]
  }

  const permissions = (address: string) => [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [address.toLowerCase()] }] }]

  async function handle(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_accounts': {
        const me = foyer.$session.peek().status === 'authenticated' ? account() : null
        return me ? [me.toLowerCase()] : []
      }
      // Addresses go out in lower case, as MetaMask answers them: dapps compare them with `===` to what they recover.
      case 'eth_requestAccounts':
        return [authorized().toLowerCase()]
      case 'eth_coinbase':
        return account()?.toLowerCase() ?? null
      case 'eth_chainId':
        return toHexChainId(current())
      case 'net_version':
        return String(current())
      case 'wallet_switchEthereumChain':
        return switchChain(params[0])
      case 'wallet_addEthereumChain':
        return addChain(params[0])
      case 'wallet_watchAsset':
        return watchAsset(params[0])
      case 'wallet_getPermissions': {
        const me = account()
        return me ? permissions(me) : []
      }
      case 'wallet_requestPermissions':
        return permissions(authorized())
      case 'wallet_revokePermissions':
        // The wallet belongs to the signed-in user; logging out is what disconnects it.
        return null
      case 'personal_sign': {
        // [message, address]; some dapps send [address, message].
        let [message, address] = params
        if (isAddress(message) && !isAddress(address) && address !== undefined) [message, address] = [address, message]
        if (typeof message !== 'string' || message.length === 0 || message === '0x') throw new EmbeddedProviderRpcError(-32602, walletEthereumErrors.emptyMessage)
        const me = authorized(address)
        const hex = isHex(message) ? message : utf8Hex(message)
        return sign({ method: 'personal_sign', params: [hex, me] }, readable(hex), true, 'sign')
      }
      case 'eth_sign': {
        const [address, data] = params
        if (!isHex(data) || data === '0x') throw new EmbeddedProviderRpcError(-32602, walletEthereumErrors.emptyMessage)
        const me = authorized(address)
        return sign({ method: 'eth_sign', params: [me, data] }, readable(data), false, 'sign')
      }
      case 'eth_signTypedData':
      case 'eth_signTypedData_v1': {
        // Legacy typed data: [fields, address], each field { type, name, value }; the frame hashes it (typedDataV1.ts).
        const [raw, address] = params
        const me = authorized(address)
        let fields: unknown
        try {
          fields = typeof raw === 'string' ? JSON.parse(raw) : raw
        } catch {
          throw new EmbeddedProviderRpcError(-32602, 'Invalid typed data')
        }
        if (!Array.isArray(fields) || fields.length === 0 || fields.some((f) => !f || typeof (f as { name?: unknown }).name !== 'string' || typeof (f as { type?: unknown }).type !== 'string')) {
          throw new EmbeddedProviderRpcError(-32602, 'Invalid typed data')
        }
        const display = (fields as { name: string; value: unknown }[]).map((f) => `${f.name}: ${String(f.value)}`).join('\n')
        return sign({ method: 'eth_signTypedData', params: [fields, me] }, display, false, 'sign')
      }
      case 'personal_ecRecover': {
        // [message, signature]: the address that signed the personal message (no key involved).
        const [message, signature] = params
        if (typeof message !== 'string' || !isHex(signature) || signature.length !== 132) throw new EmbeddedProviderRpcError(-32602, 'Invalid params: [message, signature]')
        const { recoverMessageAddress } = await import('viem')
        return (await recoverMessageAddress({ message: isHex(message) ? { raw: message } : message, signature })).toLowerCase()
      }
      // v3 is v4 without arrays and recursive structs: the same EIP-712 hash for every v3 message.
      case 'eth_signTypedData_v3':
      case 'eth_signTypedData_v4': {
        const [address, raw] = params
        const me = authorized(address)
        let typed: { domain?: unknown; message?: unknown; types?: unknown; primaryType?: unknown }
        try {
          typed = typeof raw === 'string' ? JSON.parse(raw) : (raw as typeof typed)
        } catch {
          throw new EmbeddedProviderRpcError(-32602, 'Invalid typed data')
        }
        if (!typed || typeof typed !== 'object' || !typed.types || typeof typed.primaryType !== 'string') throw new EmbeddedProviderRpcError(-32602, 'Invalid typed data')
        const json = typeof raw === 'string' ? raw : JSON.stringify(raw, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
        const display = JSON.stringify({ domain: typed.domain, message: typed.message }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2)
        return sign({ method: 'eth_signTypedData_v4', params: [me, json] }, display, false, 'sign')
      }
      case 'eth_signTransaction':
        return transaction('sign', params[0])
      case 'eth_sendTransaction':
        return transaction('send', params[0])
      case 'wallet_getCapabilities': {
        const [address, chainIds] = params
        return walletCapabilities(foyer, wallet, authorized(address ?? undefined), capabilityChains(chainIds))
      }
      case 'wallet_sendCalls':
        return sendCalls(params[0])
      case 'wallet_getCallsStatus': {
        const batch = batchOf(params[0]).peek()
        return (await loadCallBatches()).callsStatusOf(batch)
      }
      case 'wallet_showCallsStatus': {
        // Shows the batch's progress or outcome; answers at once (EIP-5792: nothing). A batch not yet approved is the
        // confirmation already on screen.
        const batch = batchOf(params[0])
        if (batch.peek().approved) {
          const shown: SendCallsParams = { wallet: transactionWallet(), batch, priceDisplay: deps.priceDisplay ?? 'usd', approve: () => undefined, ...(deps.fetch ? { fetch: deps.fetch } : {}) }
          void foyer.modal.request(SEND_CALLS_SCREEN, shown, { intent: 'transaction' }).catch(() => undefined)
        }
        return null
      }
      default: {
        if (UNSUPPORTED.test(method)) throw new EmbeddedProviderRpcError(4200, providerRpcTexts.unsupportedMethod(method))
        const client = await clientFor(current())
        return client.request({ method, params } as never)
      }
    }
  }

  const provider: EmbeddedEthereumProvider = {
    isFoyerWallet: true,
    isMetaMask: deps.isMetaMask === true,
    async request(args) {
      if (!args || typeof args !== 'object' || typeof args.method !== 'string') throw new EmbeddedProviderRpcError(-32602, 'Invalid request: method must be a string')
      const params = Array.isArray(args.params) ? args.params : args.params === undefined ? [] : [args.params]
      try {
        return await handle(args.method, params)
      } catch (error) {
        throw toProviderRpcError(error)
      }
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    destroy() {
      unsubscribe()
      listeners.clear()
    },
  }
  return provider
}
