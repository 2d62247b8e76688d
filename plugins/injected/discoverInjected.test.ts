// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import { discoverInjected } from './discoverInjected.js'
import { walletClientTypeOf } from './injectedWallets.js'

const provider = (accounts: string[] = ['0xabc'], chainId = '0x1') => ({
  request: vi.fn(async ({ method }: { method: string }) => {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return accounts
    if (method === 'eth_chainId') return chainId
    return null
  }),
  on: vi.fn(),
  removeListener: vi.fn(),
})

/** A wallet that announces on load and on every requestProvider, like a real extension. */
function installAnnouncer(rdns: string, name: string, p = provider()) {
  const detail = Object.freeze({ info: { uuid: `uuid-${rdns}`, name, icon: 'data:image/svg+xml,<svg/>', rdns }, provider: p })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  return { announce, remove: () => window.removeEventListener('eip6963:requestProvider', announce), provider: p }
}

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
  delete (window as any).ethereum
})

function discover(options = {}) {
  let last: WalletConnector[] = []
  const update = vi.fn((list: WalletConnector[]) => (last = list))
  const stop = discoverInjected(update, options)
  cleanups.push(stop)
  return { update, current: () => last, stop }
}

describe('discoverInjected', () => {
  it('turns each announced provider into an installed connector named by its info', async () => {
    const w = installAnnouncer('io.metamask', 'MetaMask')
    cleanups.push(w.remove)
    const { current } = discover({ namedWallets: false })
    expect(current()).toHaveLength(1)
    const c = current()[0]!
    expect(c).toMatchObject({ id: 'injected:io.metamask', name: 'MetaMask', walletClientType: 'metamask', connectorType: 'injected', installed: true, chain: 'ethereum' })
    expect(c.icon).toContain('data:image/svg+xml')
    await expect(c.connect()).resolves.toEqual({ address: '0xabc', chainId: 'eip155:1' })
  })

  it('keeps an unknown rdns as the walletClientType and ignores re-announcements', () => {
    const w = installAnnouncer('dev.foyer.testwallet', 'Foyer Test Wallet')
    cleanups.push(w.remove)
    const { current, update } = discover({ namedWallets: false })
    w.announce()
    expect(current().map((c) => c.walletClientType)).toEqual(['dev.foyer.testwallet'])
    expect(update).toHaveBeenCalledTimes(2) // initial announce + final publish; the duplicate publishes nothing
  })

  it('adds wallets that announce later', () => {
    const { current } = discover({ namedWallets: false })
    expect(current()).toEqual([])
    const w = installAnnouncer('io.rabby', 'Rabby')
    cleanups.push(w.remove)
    w.announce()
    expect(current().map((c) => c.id)).toEqual(['injected:io.rabby'])
  })

  it('lists named extensions as not installed with their install page until they announce', () => {
    const { current } = discover({ namedWallets: ['metamask', 'rabby_wallet'] })
    expect(current().map((c) => [c.walletClientType, c.installed, c.installUrl])).toEqual([
      ['metamask', false, 'https://metamask.io/download/'],
      ['rabby_wallet', false, 'https://rabby.io/'],
    ])
    const w = installAnnouncer('io.metamask', 'MetaMask')
    cleanups.push(w.remove)
    w.announce()
    expect(current().map((c) => [c.walletClientType, c.installed])).toEqual([
      ['metamask', true],
      ['rabby_wallet', false],
    ])
  })

  it('never names SDK wallets (Coinbase, WalletConnect) as missing extensions', () => {
    const { current } = discover()
    const ids = current().map((c) => c.walletClientType)
    expect(ids).toContain('metamask')
    expect(ids).not.toContain('coinbase_wallet')
    expect(ids).not.toContain('wallet_connect')
  })

  it('falls back to window.ethereum only when nothing announces', () => {
    ;(window as any).ethereum = { ...provider(), isMetaMask: true }
    const { current } = discover({ namedWallets: false })
    expect(current().map((c) => [c.id, c.walletClientType, c.name])).toEqual([['injected:legacy', 'metamask', 'MetaMask']])

    cleanups.splice(0).forEach((c) => c())
    const w = installAnnouncer('io.metamask', 'MetaMask')
    cleanups.push(w.remove)
    const again = discover({ namedWallets: false })
    expect(again.current().map((c) => c.id)).toEqual(['injected:io.metamask'])
  })

  it('ignores malformed announcements', () => {
    const { current } = discover({ namedWallets: false })
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { rdns: 'x.y' }, provider: {} } }))
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { rdns: '' }, provider: provider() } }))
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: null }))
    expect(current()).toEqual([])
  })

  it('stops listening when stopped', () => {
    const { current, stop } = discover({ namedWallets: false })
    stop()
    const w = installAnnouncer('io.zerion.wallet', 'Zerion')
    cleanups.push(w.remove)
    w.announce()
    expect(current()).toEqual([])
  })

  it('maps the spec wallets by rdns', () => {
    expect(['io.metamask', 'com.coinbase.wallet', 'io.rabby', 'app.phantom', 'me.rainbow', 'io.zerion.wallet', 'com.brave.wallet', 'com.okex.wallet', 'com.crypto.wallet', 'org.uniswap', 'com.bybit'].map(walletClientTypeOf)).toEqual([
      'metamask', 'coinbase_wallet', 'rabby_wallet', 'phantom', 'rainbow', 'zerion', 'brave_wallet', 'okx_wallet', 'cryptocom', 'uniswap', 'bybit_wallet',
    ])
  })
})
