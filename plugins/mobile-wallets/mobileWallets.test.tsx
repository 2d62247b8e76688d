// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FoyerClientConfig } from '../../core/client/types.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { MOBILE_WALLETS, mobileWallets, offersMobileWallets, openInWalletLink, storeLink, type MobileWallet } from './index.js'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'
const DESKTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'
const SPEC_IDS = ['metamask', 'coinbase_wallet', 'phantom', 'rainbow', 'zerion', 'brave_wallet', 'cryptocom', 'uniswap', 'okx_wallet', 'rabby_wallet', 'safe', 'bybit_wallet']

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const wallet = (id: string) => MOBILE_WALLETS.find((w) => w.id === id)!
const PAGE = 'https://app.example.com/mint/page?ref=abc'

describe('the mobile wallet directory', () => {
  it('holds about 50 wallets with unique ids and well-formed links', () => {
    expect(MOBILE_WALLETS.length).toBeGreaterThanOrEqual(45)
    expect(MOBILE_WALLETS.length).toBeLessThanOrEqual(60)
    expect(new Set(MOBILE_WALLETS.map((w) => w.id)).size).toBe(MOBILE_WALLETS.length)
    expect(new Set(MOBILE_WALLETS.map((w) => w.name)).size).toBe(MOBILE_WALLETS.length)
    for (const w of MOBILE_WALLETS) {
      expect(w.id, w.id).toMatch(/^[a-z0-9_]+$/)
      expect(w.name.trim(), w.id).not.toBe('')
      expect(w.host, w.id).toMatch(/^([a-z0-9-]+\.)+[a-z]{2,}$/)
      expect(w.universalLink ?? w.nativeLink, `${w.id} needs a universal or native link`).toBeTruthy()
      if (w.universalLink) expect(new URL(w.universalLink).protocol, w.id).toBe('https:')
      if (w.nativeLink) expect(w.nativeLink, w.id).toMatch(/^[a-z][a-z0-9+.-]*:\/\/[^\s]*$/)
      if (w.appStoreUrl) expect(w.appStoreUrl, w.id).toMatch(/^https:\/\/apps\.apple\.com\/app\/[a-z0-9-]+\/id\d+$/)
      if (w.playStoreUrl) expect(w.playStoreUrl, w.id).toMatch(/^https:\/\/play\.google\.com\/store\/apps\/details\?id=[\w.]+$/)
      if (w.browse) expect(w.browse, w.id).toMatch(/\{(url|hostpath|json)\}/)
      expect(w.chains.length, w.id).toBeGreaterThan(0)
      for (const chain of w.chains) expect(['ethereum', 'solana']).toContain(chain)
    }
  })

  it("uses the spec's wallet ids for the wallets the spec names", () => {
    for (const id of SPEC_IDS) expect(MOBILE_WALLETS.some((w) => w.id === id), id).toBe(true)
  })
})

describe('the deep-link builder', () => {
  it("builds each wallet's documented in-app browser link for the current page", () => {
    expect(openInWalletLink(wallet('metamask'), PAGE)).toBe('https://metamask.app.link/dapp/app.example.com/mint/page?ref=abc')
    expect(openInWalletLink(wallet('coinbase_wallet'), PAGE)).toBe(`https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(PAGE)}`)
    expect(openInWalletLink(wallet('trust'), PAGE)).toBe(`https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(PAGE)}`)
    expect(openInWalletLink(wallet('phantom'), PAGE)).toBe(`https://phantom.app/ul/browse/${encodeURIComponent(PAGE)}?ref=${encodeURIComponent('https://app.example.com')}`)
    expect(openInWalletLink(wallet('tokenpocket'), PAGE)).toBe(`tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url: PAGE }))}`)
  })

  it('every link it builds is a valid URL that carries the page', () => {
    for (const w of MOBILE_WALLETS) {
      const link = openInWalletLink(w, PAGE)
      expect(() => new URL(link), w.id).not.toThrow()
      if (w.browse) expect(decodeURIComponent(decodeURIComponent(link)), w.id).toContain('app.example.com/mint/page')
    }
  })

  it('falls back to the universal link, then the native link, when the wallet has no in-app browser link', () => {
    const base: MobileWallet = { id: 'x', name: 'X', host: 'x.example', chains: ['ethereum'] }
    expect(openInWalletLink({ ...base, universalLink: 'https://x.example/app', nativeLink: 'x://' }, PAGE)).toBe('https://x.example/app')
    expect(openInWalletLink({ ...base, nativeLink: 'x://' }, PAGE)).toBe('x://')
  })

  it('leads to the App Store on iOS and the Play Store on Android, with a store search as fallback', () => {
    expect(storeLink(wallet('metamask'), 'ios')).toBe('https://apps.apple.com/app/metamask/id1438144202')
    expect(storeLink(wallet('metamask'), 'android')).toBe('https://play.google.com/store/apps/details?id=io.metamask')
    expect(storeLink(wallet('coin98'), 'android')).toBe('https://play.google.com/store/search?q=Coin98&c=apps')
  })
})

describe('where mobile wallets are offered', () => {
  const win = (userAgent: string, extra: Record<string, unknown> = {}) => ({ navigator: { userAgent }, ...extra })
  it("on a phone's browser only, never on desktop nor inside a wallet's in-app browser", () => {
    expect(offersMobileWallets(win(IPHONE))).toBe(true)
    expect(offersMobileWallets(win(ANDROID))).toBe(true)
    expect(offersMobileWallets(win(DESKTOP))).toBe(false)
    expect(offersMobileWallets(win(IPHONE, { ethereum: {} }))).toBe(false)
    expect(offersMobileWallets(win(`${ANDROID} MetaMaskMobile`))).toBe(false)
  })

  async function listed(options: { config?: FoyerClientConfig; userAgent?: string } = {}) {
    if (options.userAgent) vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(options.userAgent)
    const { foyer } = await renderWithFoyer(null, { plugins: [mobileWallets({ openUrl: () => {} })], config: options.config ?? {} })
    await act(() => new Promise((resolve) => setTimeout(resolve, 20))) // the directory loads lazily
    return foyer.wallets.$connectors.value
  }

  it('lists nothing on desktop', async () => {
    expect(await listed({ userAgent: DESKTOP })).toEqual([])
  })

  it('lists every directory wallet on a phone, with the spec ids as walletClientType', async () => {
    const connectors = await listed({ userAgent: IPHONE })
    expect(connectors).toHaveLength(MOBILE_WALLETS.length)
    expect(connectors.find((c) => c.id === 'mobile:metamask')).toMatchObject({ name: 'MetaMask', walletClientType: 'metamask', chain: 'ethereum', installed: true, installUrl: 'https://apps.apple.com/app/metamask/id1438144202' })
  })

  it('lists only Solana-capable wallets, as Solana, for solana-only apps', async () => {
    const connectors = await listed({ userAgent: IPHONE, config: { appearance: { walletChainType: 'solana-only' } } })
    expect(connectors.length).toBe(MOBILE_WALLETS.filter((w) => w.chains.includes('solana')).length)
    expect(connectors.every((c) => c.chain === 'solana')).toBe(true)
    expect(connectors.some((c) => c.id === 'mobile:phantom')).toBe(true)
    expect(connectors.some((c) => c.id === 'mobile:metamask')).toBe(false)
  })
})

describe('the mobile interstitial', () => {
  it("'Continue' opens the page in the wallet; 1 s later 'Still here?' offers 'Go to App Store'; leaving rejects", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE)
    const openUrl = vi.fn()
    const { foyer } = await renderWithFoyer(null, { plugins: [mobileWallets({ openUrl })] })
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    let result!: Promise<unknown>
    act(() => {
      result = foyer.wallets.connect('mobile:metamask')
      result.catch(() => {})
    })
    expect(foyer.$modal.peek()).toMatchObject({ open: true, intent: null, stack: [{ id: 'mobile-wallets/open' }] })
    const button = await screen.findByRole('button', { name: 'Continue' }, { timeout: 5000 })
    expect(screen.getByText('Open MetaMask')).toBeTruthy()

    vi.useFakeTimers()
    fireEvent.click(button)
    expect(openUrl).toHaveBeenCalledWith(openInWalletLink(wallet('metamask'), location.href))
    expect(openUrl.mock.calls[0]![0]).toMatch(/^https:\/\/metamask\.app\.link\/dapp\//)
    act(() => vi.advanceTimersByTime(999))
    expect(screen.queryByText('Still here?')).toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByText('Still here?')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to App Store' }).getAttribute('href')).toBe('https://apps.apple.com/app/metamask/id1438144202')
    vi.useRealTimers()

    act(() => foyer.modal.close())
    await expect(result).rejects.toMatchObject({ code: 'USER_REJECTED_REQUEST' })
    expect(foyer.wallets.$wallets.value).toEqual([])
  })
})
