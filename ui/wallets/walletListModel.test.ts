import { describe, expect, it } from 'vitest'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import { resolveWalletChainType, walletListModel } from './walletListModel.js'

const c = (id: string, walletClientType: string, over: Partial<WalletConnector> = {}): WalletConnector =>
  ({ id, walletClientType, name: id, chain: 'ethereum', connectorType: 'injected', installed: true, ...over }) as WalletConnector

const ids = (rows: ReturnType<typeof walletListModel>) => rows.map((r) => r.connector.id)

describe('walletListModel', () => {
  const connectors = [
    c('injected:dev.test', 'dev.test'),
    c('injected:io.metamask', 'metamask', { installed: false, installUrl: 'https://metamask.io/download/' }),
    c('injected:io.rabby', 'rabby_wallet', { installed: false }),
    c('solana:phantom', 'phantom', { chain: 'solana', connectorType: 'solana_adapter' }),
    c('wc', 'wallet_connect', { connectorType: 'wallet_connect_v2' }),
  ]

  it('filters by walletChainType', () => {
    expect(ids(walletListModel({ connectors, chainType: 'solana-only', walletList: null, recent: null }))).toEqual(['solana:phantom'])
    const eth = ids(walletListModel({ connectors, chainType: 'ethereum-only', walletList: null, recent: null }))
    expect(eth).not.toContain('solana:phantom')
    expect(eth).toContain('injected:dev.test')
  })

  it('shows missing wallets only when the wallet list names them; the default list names MetaMask, not Rabby', () => {
    const rows = ids(walletListModel({ connectors, chainType: 'ethereum-and-solana', walletList: null, recent: null }))
    expect(rows).toEqual(['injected:dev.test', 'injected:io.metamask', 'solana:phantom', 'wc'])
    expect(ids(walletListModel({ connectors, chainType: 'ethereum-only', walletList: ['rabby_wallet'], recent: null }))).toEqual(['injected:io.rabby', 'injected:dev.test', 'wc'])
  })

  it('orders by walletList, then detected wallets before the rest', () => {
    const rows = ids(walletListModel({ connectors, chainType: 'ethereum-and-solana', walletList: ['wallet_connect', 'metamask'], recent: null }))
    expect(rows).toEqual(['wc', 'injected:io.metamask', 'injected:dev.test', 'solana:phantom'])
  })

  it('places detected wallets where a detected placeholder is', () => {
    const rows = ids(walletListModel({ connectors, chainType: 'ethereum-and-solana', walletList: ['metamask', 'detected_solana_wallets', 'detected_ethereum_wallets'], recent: null }))
    expect(rows.slice(0, 3)).toEqual(['injected:io.metamask', 'solana:phantom', 'injected:dev.test'])
  })

  it('marks the last used wallet Recent and puts it first', () => {
    const rows = walletListModel({ connectors, chainType: 'ethereum-and-solana', walletList: null, recent: { address: '0x1', walletClientType: 'phantom', connectorType: 'solana_adapter', connectedAt: 1 } })
    expect(rows[0]).toMatchObject({ connector: { id: 'solana:phantom' }, recent: true })
    expect(rows.filter((r) => r.recent)).toHaveLength(1)
  })

  it('drops a missing placeholder when the wallet is installed, and an SDK connector when its extension is', () => {
    const list = [
      c('injected:io.metamask', 'metamask'),
      c('named:metamask', 'metamask', { installed: false }),
      c('injected:com.coinbase.wallet', 'coinbase_wallet'),
      c('coinbase-sdk', 'coinbase_wallet', { connectorType: 'coinbase_wallet' }),
    ]
    expect(ids(walletListModel({ connectors: list, chainType: 'ethereum-only', walletList: null, recent: null }))).toEqual(['injected:io.metamask', 'injected:com.coinbase.wallet'])
  })

  it('shows a wallet missing on both chains once, preferring the Solana entry (install guide)', () => {
    const list = [c('injected:app.phantom', 'phantom', { installed: false }), c('solana:phantom', 'phantom', { chain: 'solana', installed: false })]
    expect(ids(walletListModel({ connectors: list, chainType: 'ethereum-and-solana', walletList: ['phantom'], recent: null }))).toEqual(['solana:phantom'])
    expect(ids(walletListModel({ connectors: list, chainType: 'ethereum-only', walletList: ['phantom'], recent: null }))).toEqual(['injected:app.phantom'])
  })

  it('resolves the chain type from the first valid candidate', () => {
    expect(resolveWalletChainType(undefined, 'solana-only', 'ethereum-only')).toBe('solana-only')
    expect(resolveWalletChainType(undefined, null)).toBe('ethereum-and-solana')
  })
})
