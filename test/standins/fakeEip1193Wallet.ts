import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

type Listener = (...args: any[]) => void

/**
 * An in-memory EIP-1193 wallet for connector tests (no network): a viem local account signs, chains
 * are switched/added per EIP-3326/3085 (4902 for unknown chains), events are emitted like a wallet's.
 * With `walletConnect: true` it also behaves like @walletconnect/ethereum-provider's EthereumProvider:
 * no session until connect()/enable(), which emits 'display_uri' and waits for `approve()` / `reject()`.
 */
export class FakeEip1193Wallet {
  readonly account = privateKeyToAccount(generatePrivateKey())
  chainId: number
  readonly knownChains: Set<number>
  readonly calls: Array<{ method: string; params?: unknown }> = []
  /** User answer to the next prompt (eth_requestAccounts, personal_sign): 'approve' or 'reject' (4001). */
  nextAnswer: 'approve' | 'reject' = 'approve'
  authorized = false
  disconnected = 0
  aborted = 0
  session: { topic: string } | undefined
  accounts: string[] = []
  private listeners = new Map<string, Set<Listener>>()
  private pending: { resolve: () => void; reject: (e: Error) => void } | null = null
  private pairings = 0
  readonly signer = { abortPairingAttempt: () => void this.aborted++ }

  constructor(readonly options: { chainId?: number; knownChains?: number[]; walletConnect?: boolean } = {}) {
    this.chainId = options.chainId ?? 1
    this.knownChains = new Set(options.knownChains ?? [this.chainId])
  }

  get address(): string {
    return this.account.address
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set())
    this.listeners.get(event)!.add(listener)
    return this
  }
  removeListener(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener)
    return this
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args)
  }
  listenerCount(event: string) {
    return this.listeners.get(event)?.size ?? 0
  }

  /** WalletConnect: pairs; resolves when the test calls approve(). */
  connect(): Promise<void> {
    this.pairings++
    const uri = `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=${String(this.pairings).padStart(64, '0')}`
    const done = new Promise<void>((resolve, reject) => (this.pending = { resolve, reject }))
    queueMicrotask(() => this.emit('display_uri', uri))
    return done
  }
  async enable(): Promise<string[]> {
    if (!this.session) await this.connect()
    return this.accounts
  }
  /** WalletConnect: a new pairing URI (the old proposal expired). */
  refreshUri(uri: string) {
    this.emit('display_uri', uri)
  }
  /** The phone wallet approves the session. */
  approve() {
    this.session = { topic: 'topic-1' }
    this.authorized = true
    this.accounts = [this.address]
    this.emit('connect', { chainId: `0x${this.chainId.toString(16)}` })
    this.pending?.resolve()
    this.pending = null
  }
  /** The phone wallet rejects the proposal. */
  reject() {
    this.pending?.reject(Object.assign(new Error('User rejected.'), { code: 4001 }))
    this.pending = null
  }
  async disconnect() {
    this.disconnected++
    this.session = undefined
    this.authorized = false
    this.accounts = []
    this.emit('disconnect', { code: 6000, message: 'USER_DISCONNECTED' })
  }

  async request({ method, params }: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown> {
    this.calls.push({ method, params })
    const arg = (params as any[] | undefined)?.[0]
    const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
    switch (method) {
      case 'eth_requestAccounts':
        if (this.options.walletConnect) return this.enable()
        if (this.nextAnswer === 'reject') throw rejected()
        this.authorized = true
        this.accounts = [this.address]
        return this.accounts
      case 'eth_accounts':
        return this.authorized ? [this.address] : []
      case 'eth_chainId':
        return `0x${this.chainId.toString(16)}`
      case 'wallet_switchEthereumChain': {
        const id = Number.parseInt(arg.chainId, 16)
        if (!this.knownChains.has(id)) throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 })
        this.chainId = id
        this.emit('chainChanged', arg.chainId)
        return null
      }
      case 'wallet_addEthereumChain':
        this.knownChains.add(Number.parseInt(arg.chainId, 16))
        return null
      case 'wallet_revokePermissions':
        this.authorized = false
        return null
      case 'personal_sign': {
        if (!this.authorized) throw Object.assign(new Error('Unauthorized'), { code: 4100 })
        if (this.nextAnswer === 'reject') throw rejected()
        return this.account.signMessage({ message: { raw: arg as Hex } })
      }
    }
    throw Object.assign(new Error(`Method ${method} not supported`), { code: 4200 })
  }
}
