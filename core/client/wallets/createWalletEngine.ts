import { batch } from '@preact/signals-core'
import { ConnectorError } from '../../errors/index.js'
import { addChainParameters } from './addChainParameters.js'
import type { ConnectedWallet, ConnectorSource, WalletConnector, WalletManager } from './types.js'
import type { WalletCore } from './walletCore.js'
import { ProviderRpcError, retryLookup, toConnectorError, walletTexts } from './walletErrors.js'

const evmChainNumber = (caip2: string) => (caip2.startsWith('eip155:') ? Number(caip2.slice(7)) : NaN)

/** What the engine adds to the wallet manager's state: discovery, connecting, watching and restoring. */
export type WalletEngine = Pick<WalletManager, 'connect' | 'disconnect'> & { start(sources: readonly ConnectorSource[]): void; stop(): void }

/**
 * The wallet manager's working half, loaded only when a host has a connector plugin (or a wallet call is made),
 * so an e-mail-only host doesn't ship it. It shares the manager's signals and history (`core`).
 */
export function createWalletEngine(core: WalletCore): WalletEngine {
  const { deps, bySource, $connectors, $wallets, setWallets, history, remember } = core
  const subscribed = new Map<string, Array<() => void>>()
  const stops: Array<() => void> = []
  const delay = deps.lookupDelayMs ?? 500
  let restoring: Promise<void> = Promise.resolve()
  // Connectors whose wallets this engine connected by itself (autoConnect).
  const autoConnected = new Set<string>()
  const ofConnector = (connector: WalletConnector) => (w: ConnectedWallet) => w.meta.id === connector.id

  function makeWallet(connector: WalletConnector, address: string, chainId: string, connectedAt: number): ConnectedWallet {
    const assertConnected = () => {
      if (!$wallets.peek().some((w) => w.address === address && w.meta.id === connector.id)) throw new ProviderRpcError(4900, walletTexts.notConnected)
    }
    const wallet: ConnectedWallet = {
      type: connector.chain,
      address,
      chainId,
      meta: { name: connector.name, id: connector.id, ...(connector.icon ? { icon: connector.icon } : {}) },
      imported: connector.connectorType === 'embedded_imported',
      connectorType: connector.connectorType,
      walletClientType: connector.walletClientType,
      connectedAt,
      async isConnected() {
        const accounts = await connector.getAccounts().catch(() => [] as string[])
        return accounts.some((a) => a.toLowerCase() === address.toLowerCase())
      },
      async switchChain(target) {
        if (!connector.switchChain) throw new ConnectorError(walletTexts.unsupportedChain, { code: 'UNSUPPORTED_CHAIN_ID' })
        const known = deps.chains().supported.find((c) => c.id === target)
        try {
          await connector.switchChain(target, known ? addChainParameters(known) : undefined)
        } catch (error) {
          throw toConnectorError(error, walletTexts.unsupportedChain)
        }
        updateChain(connector, `eip155:${target}`)
      },
      async sign(message) {
        if (typeof message !== 'string' || !message) throw new ProviderRpcError(4200, 'Invalid params: message must be a non-empty string')
        assertConnected()
        try {
          return await connector.signMessage(address, message)
        } catch (error) {
          throw toConnectorError(error, walletTexts.unableToAuthorize)
        }
      },
      // Solana wallets sign bytes too (Privy's ConnectedSolanaWallet.signMessage).
      ...(connector.chain === 'solana'
        ? {
            async signMessage(message: Uint8Array) {
              if (!(message instanceof Uint8Array) || message.length === 0) throw new ProviderRpcError(4200, 'Invalid params: message must be a non-empty Uint8Array')
              assertConnected()
              if (!connector.signMessageBytes) throw new ConnectorError(walletTexts.solanaSignMessageRequired, { code: 'SOLANA_SIGN_MESSAGE_UNSUPPORTED' })
              try {
                return await connector.signMessageBytes(address, message)
              } catch (error) {
                throw toConnectorError(error, walletTexts.unableToAuthorize)
              }
            },
            // Transactions, where the connector signs them (the embedded wallet): its errors as they are (4001 included).
            ...(connector.signSolanaTransaction
              ? {
                  signTransaction<T>(transaction: T): Promise<T> {
                    assertConnected()
                    return connector.signSolanaTransaction!(address, transaction)
                  },
                }
              : {}),
            ...(connector.sendSolanaTransaction
              ? {
                  sendTransaction(transaction: unknown, connection?: unknown): Promise<string> {
                    assertConnected()
                    return connector.sendSolanaTransaction!(address, transaction, connection)
                  },
                }
              : {}),
          }
        : {}),
      disconnect: () => engine.disconnect(address),
      getEthereumProvider: () => connector.getProvider(),
      async fund(options?: Record<string, unknown>) {
        const fundWallet = core.deps.actions?.().fundWallet
        if (!fundWallet) throw new ConnectorError('Wallet funding is not enabled', { code: 'FUNDING_NOT_ENABLED' })
        return fundWallet({ address, ...(options ? { options } : {}) })
      },
    }
    return wallet
  }

  function updateChain(connector: WalletConnector, chainId: string) {
    // The spec: a chain change updates the chain of every wallet of that connector.
    setWallets($wallets.peek().map((w) => (w.meta.id === connector.id ? { ...w, chainId } : w)))
  }

  function watch(connector: WalletConnector) {
    if (subscribed.has(connector.id)) return
    subscribed.set(connector.id, [
      connector.onAccountsChanged((accounts) => {
        const mine = $wallets.peek().filter(ofConnector(connector))
        if (accounts.length === 0) {
          // An empty account list means the wallet disconnected us: clear its wallets.
          setWallets($wallets.peek().filter((w) => !ofConnector(connector)(w)))
          for (const w of mine) deps.emitter.emit('disconnected', w)
          return
        }
        const keep = $wallets.peek().filter((w) => !ofConnector(connector)(w) || accounts.some((a) => a.toLowerCase() === w.address.toLowerCase()))
        const first = accounts[0]!
        const chainId = mine[0]?.chainId ?? ''
        const added = keep.some((w) => ofConnector(connector)(w) && w.address.toLowerCase() === first.toLowerCase())
          ? []
          : [makeWallet(connector, first, chainId, Date.now())]
        setWallets([...added, ...keep])
      }),
      connector.onChainChanged((chainId) => updateChain(connector, chainId)),
      connector.onDisconnect(() => {
        const mine = $wallets.peek().filter(ofConnector(connector))
        setWallets($wallets.peek().filter((w) => !ofConnector(connector)(w)))
        for (const w of mine) deps.emitter.emit('disconnected', w)
      }),
    ])
  }

  /** Wallets connected on an earlier visit come back without a prompt (getAccounts never prompts). */
  async function restore(connectors: readonly WalletConnector[]) {
    for (const entry of history()) {
      const connector = connectors.find((c) => c.installed && c.walletClientType === entry.walletClientType && c.connectorType === entry.connectorType)
      if (!connector || $wallets.peek().some((w) => w.meta.id === connector.id && w.address.toLowerCase() === entry.address.toLowerCase())) continue
      const accounts = await connector.getAccounts().catch(() => [] as string[])
      if (!accounts.some((a) => a.toLowerCase() === entry.address.toLowerCase())) continue
      const chainId = await connector.getChainId().catch(() => '')
      // Connected meanwhile (a prompt-less connect, or another restore): don't add it twice.
      if ($wallets.peek().some((w) => w.meta.id === connector.id && w.address.toLowerCase() === entry.address.toLowerCase())) continue
      watch(connector)
      setWallets([...$wallets.peek(), makeWallet(connector, accounts.find((a) => a.toLowerCase() === entry.address.toLowerCase())!, chainId, entry.connectedAt)])
    }
  }

  /** Connects the published auto-connect wallets (the user's own) and drops those no source publishes any more. */
  async function syncAutoConnected() {
    const connectors = $connectors.peek()
    const gone = $wallets.peek().filter((w) => autoConnected.has(w.meta.id) && !connectors.some((c) => c.id === w.meta.id))
    if (gone.length) {
      setWallets($wallets.peek().filter((w) => !gone.includes(w)))
      for (const w of gone) deps.emitter.emit('disconnected', w)
    }
    for (const connector of connectors) {
      if (!connector.autoConnect || $wallets.peek().some((w) => w.meta.id === connector.id)) continue
      autoConnected.add(connector.id)
      await engine.connect(connector.id).catch(() => {})
    }
  }

  const engine: WalletEngine = {
    async connect(connectorId, options = {}) {
      const connector = $connectors.peek().find((c) => c.id === connectorId)
      if (!connector) throw new ConnectorError(walletTexts.unsupportedWallet, { code: 'UNSUPPORTED_WALLET' })
      let address: string
      try {
        address = (await connector.connect(options.chainId ? { chainId: options.chainId } : {})).address
      } catch (error) {
        throw toConnectorError(error)
      }
      options.onStatus?.('connected')
      const accounts = await retryLookup(() => connector.getAccounts(), (a) => a.length > 0, 10, delay)
      if (!accounts) throw new ConnectorError(walletTexts.noAccounts, { code: 'UNABLE_TO_RETRIEVE_ACCOUNTS' })
      address = accounts.find((a) => a.toLowerCase() === address?.toLowerCase()) ?? accounts[0]!
      let chainId = await retryLookup(() => connector.getChainId(), (id) => typeof id === 'string' && id.length > 0, 10, delay)
      if (!chainId) throw new ConnectorError(walletTexts.unknownChain, { code: 'UNKNOWN_CHAIN_ID' })

      if (connector.chain === 'ethereum') {
        const { supported, default: preferred } = deps.chains()
        const current = evmChainNumber(chainId)
        const wanted = options.chainId ?? (supported.length && !supported.some((c) => c.id === current) ? (preferred ?? supported[0])!.id : null)
        if (wanted !== null && wanted !== current) {
          if (!connector.switchChain) throw new ConnectorError(walletTexts.unsupportedChain, { code: 'UNSUPPORTED_CHAIN_ID' })
          const known = supported.find((c) => c.id === wanted)
          options.onStatus?.('switching')
          try {
            await connector.switchChain(wanted, known ? addChainParameters(known) : undefined)
          } catch (error) {
            throw toConnectorError(error, walletTexts.unsupportedChain)
          }
          chainId = (await retryLookup(() => connector.getChainId(), (id) => evmChainNumber(id) === wanted, 10, delay)) ?? `eip155:${wanted}`
        }
      }

      const connectedAt = Date.now()
      const wallet = makeWallet(connector, address, chainId, connectedAt)
      watch(connector)
      batch(() => {
        const others = $wallets.peek().filter((w) => !(w.meta.id === connector.id && w.address.toLowerCase() === address.toLowerCase()))
        setWallets([wallet, ...others])
      })
      // The user's own wallet comes and goes with the session: no history entry, no 'connected' (a connect flow's event).
      if (!connector.autoConnect) {
        remember({ address, connectorType: connector.connectorType, walletClientType: connector.walletClientType, connectedAt })
        deps.emitter.emit('connected', wallet)
      }
      return wallet
    },

    async disconnect(address) {
      const gone = $wallets.peek().filter((w) => w.address.toLowerCase() === address.toLowerCase())
      if (!gone.length) throw new ProviderRpcError(4900, walletTexts.notConnected)
      setWallets($wallets.peek().filter((w) => !gone.includes(w)))
      for (const wallet of gone) {
        const connector = $connectors.peek().find((c) => c.id === wallet.meta.id)
        if (connector && !$wallets.peek().some(ofConnector(connector))) await connector.disconnect().catch(() => {})
        deps.emitter.emit('disconnected', wallet)
      }
    },

    start(sources) {
      bySource.value = sources.map(() => [])
      sources.forEach((source, index) => {
        stops.push(
          source.discover((connectors) => {
            const next = [...bySource.peek()]
            next[index] = connectors
            bySource.value = next
            // Sources publish in bursts; restores run one after another so none adds a wallet twice.
            restoring = restoring
              .then(() => restore(connectors))
              .then(() => syncAutoConnected())
              .catch(() => {})
          }),
        )
      })
    },
    stop() {
      for (const stop of stops.splice(0)) stop()
      for (const unsubscribe of [...subscribed.values()].flat()) unsubscribe()
      subscribed.clear()
    },
  }
  return engine
}
