import type { AddChainParameters, ConnectorType, WalletConnector } from './types.js'

/** The EIP-1193 provider surface connectors use. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): void
  removeListener?(event: string, listener: (...args: any[]) => void): void
}

/** What identifies a wallet behind a provider. */
export interface Eip1193ConnectorMeta {
  id: string
  connectorType: ConnectorType
  walletClientType: string
  name: string
  icon?: string
  installUrl?: string
}

const toHexChain = (chainId: number) => `0x${chainId.toString(16)}`
const toCaip2 = (hex: unknown) => `eip155:${typeof hex === 'string' ? Number.parseInt(hex, hex.startsWith('0x') ? 16 : 10) : Number(hex)}`
const utf8ToHex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`

/**
 * A WalletConnector over any EIP-1193 provider (injected extensions, Coinbase, WalletConnect). The
 * provider may load lazily: `getProvider` is called on first use, so SDKs stay out of the initial JS.
 */
export function eip1193Connector(
  meta: Eip1193ConnectorMeta,
  getProvider: () => Promise<Eip1193Provider>,
  options: { installed?: boolean; onDisconnect?: (provider: Eip1193Provider) => Promise<void> } = {},
): WalletConnector {
  // Once the provider has loaded, listeners attach synchronously, so no event between connect() and
  // the subscription is missed; before that they attach when it loads.
  let loaded: Eip1193Provider | null = null
  const provide = async () => (loaded = await getProvider())
  const subscribe = (event: string, transform: (...args: any[]) => unknown) => (listener: (value: any) => void) => {
    const handler = (...args: any[]) => listener(transform(...args))
    let provider: Eip1193Provider | null = loaded
    let stopped = false
    if (provider) provider.on?.(event, handler)
    else
      void provide().then((p) => {
        if (stopped) return
        provider = p
        p.on?.(event, handler)
      }, () => {})
    return () => {
      stopped = true
      provider?.removeListener?.(event, handler)
    }
  }

  const connector: WalletConnector = {
    ...meta,
    chain: 'ethereum',
    installed: options.installed ?? true,
    getProvider: provide,
    async connect(connectOptions) {
      const provider = await provide()
      const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[]
      if (connectOptions?.chainId) await connector.switchChain!(connectOptions.chainId)
      return { address: accounts[0]!, chainId: toCaip2(await provider.request({ method: 'eth_chainId' })) }
    },
    async disconnect() {
      const provider = await provide()
      // Extensions that support it forget the permission; others ignore the call.
      await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }).catch(() => {})
      await options.onDisconnect?.(provider)
    },
    async getAccounts() {
      return ((await (await provide()).request({ method: 'eth_accounts' })) as string[]) ?? []
    },
    async getChainId() {
      return toCaip2(await (await provide()).request({ method: 'eth_chainId' }))
    },
    async switchChain(chainId: number, chain?: AddChainParameters) {
      const provider = await provide()
      try {
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: toHexChain(chainId) }] })
      } catch (error) {
        // 4902: the wallet doesn't know the chain. Add it (EIP-3085), then switch again.
        const code = (error as { code?: number; data?: { originalError?: { code?: number } } })?.code ?? (error as any)?.data?.originalError?.code
        if (code !== 4902 || !chain) throw error
        await provider.request({
          method: 'wallet_addEthereumChain',
          params: [{ ...chain, chainId: toHexChain(chain.chainId) }],
        })
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: toHexChain(chainId) }] })
      }
    },
    async signMessage(address, message) {
      return (await (await provide()).request({ method: 'personal_sign', params: [utf8ToHex(message), address] })) as string
    },
    onAccountsChanged: subscribe('accountsChanged', (accounts: string[]) => accounts ?? []),
    onChainChanged: subscribe('chainChanged', (chainId: string) => toCaip2(chainId)),
    onDisconnect: subscribe('disconnect', () => undefined),
  }
  return connector
}
