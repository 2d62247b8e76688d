// Types only: nothing of wagmi is imported at run time. npm nests @wagmi/core inside wagmi 3 (node_modules/wagmi/
// node_modules/@wagmi/core), where an `import '@wagmi/core'` from this package doesn't find it, and pnpm never lets a
// package see what it doesn't declare: the connector is written against wagmi's connector contract (the same in 2 and 3).
import type { CreateConnectorFn } from '@wagmi/core'
import { getAddress, type Address, type EIP1193Provider } from 'viem'
import { EMBEDDED_WALLET_ICON, EMBEDDED_WALLET_NAME, EMBEDDED_WALLET_RDNS } from './announce/embeddedWalletInfo.js'
import { embeddedWalletPresence } from './announce/embeddedWalletPresence.js'

/** The provider answers addresses in lower case, as MetaMask does; wagmi's injected connector checksums them (EIP-55). */
const checksummed = (accounts: readonly string[]) => accounts.map((account) => getAddress(account))

/** Options of the `foyer()` wagmi connector. */
export interface FoyerConnectorParameters {
  /**
   * How long a reconnect (wagmi's at page load) waits for Foyer to restore its session and, when the user has an
   * embedded wallet, announce its provider; default 10 000 ms. Past it the connector reports not authorised.
   */
  readyTimeoutMs?: number
}

type Announcement = CustomEvent<{ info?: { rdns?: string }; provider?: EIP1193Provider }>

/**
 * The embedded wallet's EIP-1193 provider as Foyer announces it (EIP-6963, rdns dev.foyer.wallet), heard from the first
 * use on. `wait` answers it, waiting when it may still come: while Foyer restores its session (up to `timeoutMs`), and
 * after Foyer said the user has a wallet, until it is announced. `wait(true)` (a connect) also waits for a wallet a
 * login is making. A page where no Foyer answers is not waited on again.
 */
function foyerProvider(timeoutMs: number) {
  let provider: EIP1193Provider | undefined
  let listening = false
  let noFoyer = false
  const waiters = new Set<() => void>()
  const followers = new Set<(provider: EIP1193Provider) => void>()
  const heard = (event: Event) => {
    const detail = (event as Announcement).detail
    if (detail?.info?.rdns !== EMBEDDED_WALLET_RDNS || !detail.provider || detail.provider === provider) return
    provider = detail.provider
    for (const wake of [...waiters]) wake()
    for (const follow of followers) follow(provider)
  }
  const listenOnce = () => {
    if (listening || typeof window === 'undefined') return
    listening = true
    window.addEventListener('eip6963:announceProvider', heard)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  }
  const announced = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => (clearTimeout(timer), waiters.delete(wake), resolve())
      const timer = setTimeout(wake, ms)
      waiters.add(wake)
    })
  return {
    async wait(untilAnnounced = false): Promise<EIP1193Provider | undefined> {
      if (typeof window === 'undefined') return undefined
      listenOnce()
      // Announced (a page with a likely session announces before Foyer starts): its requests wait for the session.
      if (!untilAnnounced && (provider || noFoyer)) return provider
      const available = await embeddedWalletPresence(window, timeoutMs)
      if (available === null) noFoyer = true
      if ((available && !provider) || (!available && untilAnnounced)) await announced(timeoutMs)
      return provider
    },
    /** Calls `follow` with the provider once it is heard (now, when it already was), without waiting for anything. */
    follow(follow: (provider: EIP1193Provider) => void): void {
      followers.add(follow)
      listenOnce()
      if (provider) follow(provider)
    },
  }
}

const notFound = () => Object.assign(new Error('Provider not found.'), { name: 'ProviderNotFoundError' })

/**
 * Foyer's embedded wallet as a wagmi connector (wagmi 2 and 3): `createConfig({ connectors: [foyer()] })`. It drives the
 * provider Foyer announces, as wagmi's `injected` connector would, with one difference that matters at a reload: wagmi
 * reconnects when the page mounts, before Foyer has restored its session, so `getProvider` and the provider's
 * `eth_accounts` wait (up to `readyTimeoutMs`) for Foyer to say whether the user has an embedded wallet — the user stays
 * connected across reloads without a click. A login connects wagmi too (the provider's `connect` event), as Privy's
 * wagmi integration does; wagmi's disconnect is remembered across reloads (`foyer.disconnected` in wagmi's storage)
 * until the next login. Its `rdns` is the announcement's, so wagmi's EIP-6963 discovery doesn't list the wallet twice. Connecting
 * needs a signed-in user with an embedded Ethereum wallet (Foyer's login makes one); the accounts, chain and
 * disconnect follow Foyer's.
 */
export function foyer(parameters: FoyerConnectorParameters = {}) {
  const announced = foyerProvider(parameters.readyTimeoutMs ?? 10_000)
  type StorageItem = { 'foyer.disconnected': true }
  const connectorFn: CreateConnectorFn<EIP1193Provider, Record<string, unknown>, StorageItem> = (config) => {
    let listened: EIP1193Provider | undefined
    const onAccounts = (accounts: string[]) => connector.onAccountsChanged(accounts)
    const onChain = (chainId: string) => connector.onChainChanged(chainId)
    const onDisconnect = (error?: Error) => connector.onDisconnect(error)
    const listen = (provider: EIP1193Provider) => {
      if (listened === provider) return
      unlisten()
      listened = provider
      provider.on('accountsChanged', onAccounts)
      provider.on('chainChanged', onChain)
      provider.on('disconnect', onDisconnect as never)
    }
    const unlisten = () => {
      listened?.removeListener('accountsChanged', onAccounts)
      listened?.removeListener('chainChanged', onChain)
      listened?.removeListener('disconnect', onDisconnect as never)
      listened = undefined
    }
    const required = async () => (await announced.wait()) ?? Promise.reject(notFound())
    // A login (or a wallet made for a signed-in user) makes the provider emit 'connect': wagmi connects without a click,
    // as Privy's wagmi integration does. A reload never emits it, so wagmi's disconnect stays remembered until then.
    let connecting = false
    const onConnectEvent = async (provider: EIP1193Provider, info?: { chainId?: string }) => {
      if (listened || connecting) return
      connecting = true
      try {
        const accounts = await connector.getAccounts().catch(() => [] as Address[])
        if (!accounts.length || listened) return
        listen(provider)
        await config.storage?.removeItem('foyer.disconnected')
        const chainId = info?.chainId ? Number(info.chainId) : await connector.getChainId()
        config.emitter.emit('connect', { accounts, chainId })
      } finally {
        connecting = false
      }
    }

    const connector: ReturnType<typeof connectorFn> = {
      id: 'foyer',
      name: EMBEDDED_WALLET_NAME,
      icon: EMBEDDED_WALLET_ICON,
      rdns: EMBEDDED_WALLET_RDNS,
      type: 'foyer',
      async setup() {
        announced.follow((provider) => provider.on('connect', ((info?: { chainId?: string }) => void onConnectEvent(provider, info)) as never))
      },
      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        // A login that just made the wallet announces it a moment later.
        const provider = await announced.wait(!isReconnecting)
        if (!provider) throw notFound()
        const accounts = isReconnecting ? await this.getAccounts().catch(() => []) : checksummed((await provider.request({ method: 'eth_requestAccounts' })) as string[])
        listen(provider)
        let current = await this.getChainId()
        if (chainId && chainId !== current) current = (await this.switchChain!({ chainId })).id
        await config.storage?.removeItem('foyer.disconnected')
        return { accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never, chainId: current }
      },
      async disconnect() {
        unlisten()
        // The wallet stays the signed-in user's (logging out is what ends it): wagmi remembers the user's choice.
        await config.storage?.setItem('foyer.disconnected', true)
      },
      async getAccounts() {
        return checksummed((await (await required()).request({ method: 'eth_accounts' })) as string[])
      },
      async getChainId() {
        return Number(await (await required()).request({ method: 'eth_chainId' }))
      },
      async getProvider() {
        // wagmi's reconnect asks for the provider first and skips a connector without one: at a page load, wait for Foyer.
        return (await announced.wait()) as EIP1193Provider
      },
      async isAuthorized() {
        try {
          if (await config.storage?.getItem('foyer.disconnected')) return false
          if (!(await announced.wait())) return false
          return (await this.getAccounts()).length > 0
        } catch {
          return false
        }
      },
      async switchChain({ addEthereumChainParameter, chainId }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw Object.assign(new Error('Chain not configured.'), { name: 'ChainNotConfiguredError' })
        const provider = await required()
        const hexId = `0x${chainId.toString(16)}` as const
        try {
          await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hexId }] })
        } catch (error) {
          // 4902: a chain the wallet doesn't know (not in the host's supportedChains): offered to the user, as wagmi's
          // injected connector does, from wagmi's chain; adding it switches to it.
          if ((error as { code?: number }).code !== 4902) throw error
          const explorer = chain.blockExplorers?.default?.url
          await provider.request({
            method: 'wallet_addEthereumChain',
            params: [
              {
                chainId: hexId,
                chainName: addEthereumChainParameter?.chainName ?? chain.name,
                nativeCurrency: addEthereumChainParameter?.nativeCurrency ?? chain.nativeCurrency,
                rpcUrls: addEthereumChainParameter?.rpcUrls?.length ? [...addEthereumChainParameter.rpcUrls] : [chain.rpcUrls.default?.http[0] ?? ''],
                ...(addEthereumChainParameter?.blockExplorerUrls ?? explorer ? { blockExplorerUrls: addEthereumChainParameter?.blockExplorerUrls ?? [explorer!] } : {}),
                ...(addEthereumChainParameter?.iconUrls ? { iconUrls: addEthereumChainParameter.iconUrls } : {}),
              },
            ],
          })
          if ((await this.getChainId()) !== chainId) throw Object.assign(new Error('User rejected switch after adding network.'), { name: 'UserRejectedRequestError', code: 4001 })
        }
        config.emitter.emit('change', { chainId })
        return chain
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: checksummed(accounts) })
      },
      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      onDisconnect() {
        unlisten()
        config.emitter.emit('disconnect')
      },
    }
    return connector
  }
  return connectorFn
}
