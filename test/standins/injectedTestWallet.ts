/**
 * An injected test wallet for Chromium e2e: a real EIP-1193 provider announced by EIP-6963 in the
 * page, whose keys and signing live in node (viem local accounts) and whose RPC reads go to anvil.
 *
 * Usage:
 *   const anvil = await startAnvil({ chainId: 31337 })            // test/standins/anvil.ts
 *   const wallet = await installInjectedTestWallet(page, {
 *     privateKeys: [KEY_A, KEY_B],                                 // account 0 is selected first
 *     chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }],          // chains the wallet knows; first = current
 *   })                                                             // call before page.goto (init script)
 *   await page.goto(appUrl)
 *
 * Options: rdns ('dev.foyer.testwallet'), name ('Foyer Test Wallet'), icon (a data: URI), uuid,
 * legacy (also set window.ethereum), authorized (accounts already granted: eth_accounts answers
 * without eth_requestAccounts).
 *
 * Page side: `window.ethereum`-style provider with request/on/removeListener; announced on load and
 * on every 'eip6963:requestProvider'. Methods: eth_requestAccounts (grants access), eth_accounts
 * ([] until granted), eth_chainId, wallet_switchEthereumChain (4902 for a chain not added yet),
 * wallet_addEthereumChain (adds {chainId, rpcUrls[0]}; does not switch), personal_sign, eth_sign,
 * eth_signTypedData_v4, eth_sendTransaction (signed by the local account, sent to the current chain),
 * wallet_requestPermissions, wallet_revokePermissions (revokes; emits accountsChanged []), anything else
 * is forwarded to the current chain's RPC URL. Errors carry EIP-1193 codes (4001, 4100, 4200, 4902).
 *
 * Node-side control (the returned TestWallet):
 *   wallet.address / wallet.accounts / wallet.chainId / wallet.authorized / wallet.requests (log)
 *   wallet.rejectNext(method?)      next request (of `method`, when given) fails with 4001
 *   wallet.holdNext(method?)        next request waits until the returned { release(), reject(code?) } is called
 *   wallet.switchAccount(i | addr)  selects another account and emits accountsChanged
 *   wallet.setChain(chainId)        the wallet's UI switched chain (no 4902 check); emits chainChanged
 *   wallet.emitAccountsChanged(accounts) / wallet.emitChainChanged(chainId)   raw events to the page
 *   wallet.revoke()                 the user disconnected the site in the extension (accountsChanged [])
 *   wallet.knownChains()            chain ids the wallet knows (after wallet_addEthereumChain too)
 * The state lives in node, so it survives reloads like an extension's does.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { createWalletClient, defineChain, http, type Hex } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'

export interface TestWalletChain {
  chainId: number
  rpcUrl: string
  name?: string
}

export interface InjectedTestWalletOptions {
  privateKeys: Hex[]
  chains: TestWalletChain[]
  rdns?: string
  name?: string
  icon?: string
  uuid?: string
  /** Also install as window.ethereum (the legacy path). Default false. */
  legacy?: boolean
  /** Access already granted (a returning user). Default false. */
  authorized?: boolean
}

export interface HeldRequest {
  release(): void
  reject(code?: number): void
}

export interface TestWallet {
  readonly address: Hex
  readonly accounts: Hex[]
  readonly chainId: number
  readonly authorized: boolean
  readonly requests: Array<{ method: string; params: unknown }>
  rejectNext(method?: string): void
  holdNext(method?: string): HeldRequest
  switchAccount(which: number | Hex): Promise<void>
  setChain(chainId: number): Promise<void>
  emitAccountsChanged(accounts: string[]): Promise<void>
  emitChainChanged(chainId: number): Promise<void>
  revoke(): Promise<void>
  knownChains(): number[]
}

/** A 32×32 data-URI icon (a green square) so the list shows an image. */
export const TEST_WALLET_ICON =
  'data:image/svg+xml;base64,' +
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="8" fill="#16a34a"/></svg>').toString('base64')

interface RpcError {
  code: number
  message: string
}
class WalletRpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message)
  }
}

const hexChain = (id: number) => `0x${id.toString(16)}`
const parseChain = (value: unknown) => (typeof value === 'string' ? Number.parseInt(value, value.startsWith('0x') ? 16 : 10) : Number(value))

/**
 * The page half: runs before any page script; talks to node through `__foyerTestWalletRequest`.
 * Plain JS source (not a serialised function) so transpilers' helpers (`__name`) never leak into the page.
 */
const PAGE_SCRIPT = `(function (info) {
  var listeners = {};
  var call = window.__foyerTestWalletRequest;
  var provider = {
    isFoyerTestWallet: true,
    request: function (args) {
      if (!args || typeof args.method !== 'string') {
        return Promise.reject(Object.assign(new Error('Invalid request'), { code: -32600 }));
      }
      return call(JSON.stringify({ method: args.method, params: args.params === undefined ? [] : args.params })).then(function (json) {
        var answer = JSON.parse(json);
        if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        return answer.result;
      });
    },
    on: function (event, fn) { (listeners[event] = listeners[event] || new Set()).add(fn); return provider; },
    removeListener: function (event, fn) { if (listeners[event]) listeners[event].delete(fn); return provider; },
  };
  window.__foyerTestWallet = {
    emit: function (event, payload) { Array.from(listeners[event] || []).forEach(function (fn) { fn(payload); }); },
  };
  var detail = Object.freeze({ info: Object.freeze({ uuid: info.uuid, name: info.name, icon: info.icon, rdns: info.rdns }), provider: provider });
  var announce = function () { window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: detail })); };
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  if (info.legacy) window.ethereum = provider;
})`

/** Installs the wallet into `target` (a page, or every page of a context). Call before navigating. */
export async function installInjectedTestWallet(target: Page | BrowserContext, options: InjectedTestWalletOptions): Promise<TestWallet> {
  if (!options.privateKeys.length) throw new Error('installInjectedTestWallet: give at least one private key')
  if (!options.chains.length) throw new Error('installInjectedTestWallet: give at least one chain')
  const accounts: PrivateKeyAccount[] = options.privateKeys.map((key) => privateKeyToAccount(key))
  const chains = new Map(options.chains.map((c) => [c.chainId, c]))
  let selected = 0
  let chainId = options.chains[0]!.chainId
  let authorized = options.authorized ?? false
  const requests: Array<{ method: string; params: unknown }> = []
  const rejections: Array<string | null> = []
  const holds: Array<{ method: string | null; wait: Promise<number | null> }> = []

  const pages = (): Page[] => ('pages' in target ? target.pages() : [target])
  const emit = async (event: string, payload: unknown) => {
    await Promise.all(
      pages().map((page) =>
        page.evaluate(([e, p]) => (window as any).__foyerTestWallet?.emit(e, p), [event, payload] as const).catch(() => {}),
      ),
    )
  }
  const current = () => accounts[selected]!
  const rpcUrl = () => chains.get(chainId)!.rpcUrl
  const forward = async (method: string, params: unknown) => {
    const res = await fetch(rpcUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
    const body = (await res.json()) as { result?: unknown; error?: RpcError }
    if (body.error) throw new WalletRpcError(body.error.code ?? -32603, body.error.message)
    return body.result
  }
  const requireAuthorized = () => {
    if (!authorized) throw new WalletRpcError(4100, 'The requested account and/or method has not been authorized by the user.')
  }
  const signer = (address: unknown) => {
    requireAuthorized()
    const account = accounts.find((a) => a.address.toLowerCase() === String(address).toLowerCase())
    if (!account) throw new WalletRpcError(4100, `Unknown account ${String(address)}`)
    return account
  }

  async function handle(method: string, params: any[]): Promise<unknown> {
    const rejectAt = rejections.findIndex((m) => m === null || m === method)
    if (rejectAt >= 0) {
      rejections.splice(rejectAt, 1)
      throw new WalletRpcError(4001, 'User rejected the request.')
    }
    const holdAt = holds.findIndex((h) => h.method === null || h.method === method)
    if (holdAt >= 0) {
      const [hold] = holds.splice(holdAt, 1)
      const code = await hold!.wait
      if (code !== null) throw new WalletRpcError(code, code === 4001 ? 'User rejected the request.' : 'Request failed')
    }
    switch (method) {
      case 'eth_requestAccounts': {
        const changed = !authorized
        authorized = true
        if (changed) void emit('accountsChanged', [current().address])
        return [current().address]
      }
      case 'eth_accounts':
        return authorized ? [current().address] : []
      case 'eth_chainId':
        return hexChain(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_switchEthereumChain': {
        const target = parseChain(params?.[0]?.chainId)
        if (!Number.isSafeInteger(target)) throw new WalletRpcError(4200, 'Invalid chainId')
        if (!chains.has(target)) throw new WalletRpcError(4902, `Unrecognized chain ID "${hexChain(target)}". Try adding the chain using wallet_addEthereumChain first.`)
        if (target !== chainId) {
          chainId = target
          void emit('chainChanged', hexChain(chainId))
        }
        return null
      }
      case 'wallet_addEthereumChain': {
        const p = params?.[0] ?? {}
        const target = parseChain(p.chainId)
        const url = Array.isArray(p.rpcUrls) ? p.rpcUrls[0] : undefined
        if (!Number.isSafeInteger(target) || typeof url !== 'string') throw new WalletRpcError(4200, 'Invalid chain parameters')
        if (!chains.has(target)) chains.set(target, { chainId: target, rpcUrl: url, ...(typeof p.chainName === 'string' ? { name: p.chainName } : {}) })
        return null
      }
      case 'wallet_requestPermissions':
        authorized = true
        return [{ parentCapability: 'eth_accounts' }]
      case 'wallet_getPermissions':
        return authorized ? [{ parentCapability: 'eth_accounts' }] : []
      case 'wallet_revokePermissions':
        authorized = false
        void emit('accountsChanged', [])
        return null
      case 'personal_sign': {
        // personal_sign is [message, address]; tolerate the swapped order some dapps send.
        const [a, b] = params ?? []
        const [message, address] = /^0x[0-9a-f]{40}$/i.test(String(a)) && !/^0x[0-9a-f]{40}$/i.test(String(b)) ? [b, a] : [a, b]
        const account = signer(address)
        return account.signMessage({ message: typeof message === 'string' && message.startsWith('0x') ? { raw: message as Hex } : String(message) })
      }
      case 'eth_sign': {
        const account = signer(params?.[0])
        return account.signMessage({ message: { raw: params?.[1] as Hex } })
      }
      case 'eth_signTypedData_v4': {
        const account = signer(params?.[0])
        const typed = typeof params?.[1] === 'string' ? JSON.parse(params[1]) : params?.[1]
        const { EIP712Domain: _omit, ...types } = typed.types ?? {}
        return account.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message })
      }
      case 'eth_sendTransaction': {
        const tx = params?.[0] ?? {}
        const account = signer(tx.from ?? current().address)
        const chain = defineChain({ id: chainId, name: `chain ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl()] } } })
        const client = createWalletClient({ account, chain, transport: http(rpcUrl()) })
        return client.sendTransaction({
          to: tx.to,
          ...(tx.value ? { value: BigInt(tx.value) } : {}),
          ...(tx.data ? { data: tx.data } : {}),
          ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
        })
      }
      default:
        return forward(method, params ?? [])
    }
  }

  await target.exposeFunction('__foyerTestWalletRequest', async (json: string) => {
    let method = ''
    try {
      const { method: m, params } = JSON.parse(json) as { method: string; params: unknown }
      method = m
      requests.push({ method, params })
      return JSON.stringify({ result: (await handle(method, Array.isArray(params) ? params : [params])) ?? null })
    } catch (error) {
      const code = error instanceof WalletRpcError ? error.code : -32603
      const message = error instanceof Error ? error.message : String(error)
      return JSON.stringify({ error: { code, message: message.slice(0, 500) } })
    }
  })
  const info = {
    uuid: options.uuid ?? '7c1f5b2e-4a0d-4f5e-9a43-0f6f0e5d3a11',
    name: options.name ?? 'Foyer Test Wallet',
    icon: options.icon ?? TEST_WALLET_ICON,
    rdns: options.rdns ?? 'dev.foyer.testwallet',
    legacy: options.legacy ?? false,
  }
  await target.addInitScript({ content: `${PAGE_SCRIPT}(${JSON.stringify(info)});` })

  return {
    get address() {
      return current().address
    },
    get accounts() {
      return accounts.map((a) => a.address)
    },
    get chainId() {
      return chainId
    },
    get authorized() {
      return authorized
    },
    requests,
    rejectNext(method) {
      rejections.push(method ?? null)
    },
    holdNext(method) {
      let settle!: (code: number | null) => void
      const wait = new Promise<number | null>((resolve) => (settle = resolve))
      holds.push({ method: method ?? null, wait })
      return { release: () => settle(null), reject: (code = 4001) => settle(code) }
    },
    async switchAccount(which) {
      const index = typeof which === 'number' ? which : accounts.findIndex((a) => a.address.toLowerCase() === which.toLowerCase())
      if (!accounts[index]) throw new Error(`no account ${String(which)}`)
      selected = index
      if (authorized) await emit('accountsChanged', [current().address])
    },
    async setChain(id) {
      if (!chains.has(id)) throw new Error(`the wallet doesn't know chain ${id}`)
      chainId = id
      await emit('chainChanged', hexChain(id))
    },
    emitAccountsChanged: (list) => emit('accountsChanged', list),
    emitChainChanged: (id) => emit('chainChanged', hexChain(id)),
    async revoke() {
      authorized = false
      await emit('accountsChanged', [])
    },
    knownChains: () => [...chains.keys()],
  }
}
