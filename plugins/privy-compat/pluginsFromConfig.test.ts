import { describe, expect, it } from 'vitest'
import { pluginsFromConfig } from './pluginsFromConfig.js'
import { toFoyerConfig } from './privyConfig.js'
import { toSolanaWalletConnectors } from './toSolanaWalletConnectors.js'

const ids = (config: Parameters<typeof pluginsFromConfig>[0]) => pluginsFromConfig(config).map((p) => p.id)

describe("PrivyProvider's plugins from a Privy config", () => {
  it('email and Google only: terms and guest, email, one oauth plugin; no wallets', () => {
    expect(ids({ loginMethods: ['email', 'google'] })).toEqual(['terms', 'guest', 'email', 'oauth'])
  })

  it("'wallet' brings the Ethereum connectors and SIWE; walletConnect.enabled false leaves WalletConnect out", () => {
    expect(ids({ loginMethods: ['wallet'] })).toEqual(['terms', 'guest', 'injected', 'coinbase-wallet', 'walletconnect', 'mobile-wallets', 'siwe'])
    expect(ids({ loginMethods: ['wallet'], externalWallets: { walletConnect: { enabled: false } } })).not.toContain('walletconnect')
  })

  it('Solana connectors (toSolanaWalletConnectors) or a Solana wallet list add the solana() plugin and SIWS', () => {
    expect(ids({ loginMethods: ['email'], externalWallets: { solana: { connectors: toSolanaWalletConnectors() } } })).toEqual(['terms', 'guest', 'email', 'solana', 'siws'])
    expect(ids({ loginMethods: ['wallet'], appearance: { walletChainType: 'solana-only' } })).toContain('siws')
  })

  it('embeddedWallets adds the embedded wallet with its recovery methods, smart wallets, delegation, MFA and funding plugins', () => {
    const list = ids({ loginMethods: ['sms', 'farcaster', 'telegram', 'passkey'], embeddedWallets: { ethereum: { createOnLogin: 'all-users' } } })
    expect(list).toEqual([
      'terms', 'guest', 'sms', 'farcaster', 'telegram', 'passkey', 'embedded-wallet', 'recovery-google-drive', 'recovery-icloud', 'recovery-password', 'smart-wallets', 'delegated-actions',
      'mfa', 'mfa-totp', 'mfa-sms', 'mfa-passkey', 'funding', 'funding-moonpay', 'funding-coinbase', 'funding-external', 'farcaster-signer',
    ])
  })

  it('customAuth, captchaEnabled and a cross-app login add custom-jwt, captcha-turnstile and cross-app', () => {
    const list = ids({ loginMethods: ['privy:app-123'], customAuth: { getCustomAccessToken: async () => 'jwt', isLoading: false }, captchaEnabled: true })
    expect(list).toEqual(['terms', 'guest', 'cross-app', 'custom-jwt', 'captcha-turnstile'])
  })

  it("LINE is one of the oauth plugin's providers; Twitch has no plugin", () => {
    expect(ids({ loginMethods: ['line', 'twitch'] })).toEqual(['terms', 'guest', 'oauth'])
  })
})

describe("Privy's config as Foyer's", () => {
  it("maps the theme colour by luminance, keeps a URL logo, drops a React one, and names 'wallet' Foyer's way", () => {
    expect(toFoyerConfig({ appearance: { theme: '#101010', logo: 'https://x/logo.png' } }).appearance).toEqual({ theme: 'dark', logo: 'https://x/logo.png' })
    expect(toFoyerConfig({ appearance: { theme: '#fafafa', logo: {} as never } }).appearance).toEqual({ theme: 'light' })
    expect(toFoyerConfig({ loginMethods: ['email', 'wallet', 'privy:abc'] }).loginMethods).toEqual(['email', 'wallet'])
    expect(toFoyerConfig({ loginMethods: ['wallet'], appearance: { walletChainType: 'ethereum-and-solana' } }).loginMethods).toEqual(['wallet', 'solana_wallet'])
  })

  it('drops null legal URLs', () => {
    expect(toFoyerConfig({ legal: { termsAndConditionsUrl: 'https://t', privacyPolicyUrl: null } }).legal).toEqual({ termsAndConditionsUrl: 'https://t' })
  })
})
