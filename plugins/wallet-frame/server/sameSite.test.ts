import { afterEach, describe, expect, it, vi } from 'vitest'
import { emailServer } from '../../email/server.js'
import { createTestServer } from '../../../test/kit/createTestServer.js'
import { embeddedWalletServer } from '../../embedded-wallet/server.js'
import { assertSameSite, siteOf } from './sameSite.js'

afterEach(() => vi.unstubAllEnvs())

describe('the wallet frame and its hosts on one site', () => {
  it('tells sites apart as browsers partition storage', () => {
    expect(siteOf('https://wallet.example.com')).toBe(siteOf('https://www.example.com'))
    expect(siteOf('http://localhost:8788')).toBe(siteOf('http://localhost:5173'))
    expect(siteOf('http://127.0.0.1:8788')).not.toBe(siteOf('http://localhost:5173'))
    expect(siteOf('https://wallet.example.com')).not.toBe(siteOf('http://wallet.example.com'))
  })

  it('answers the cross-site origins of an app that also has a same-site one, refuses an app with none', () => {
    expect(assertSameSite('http://localhost:8788', 'a', ['http://localhost:5173', 'http://127.0.0.1:5173'])).toEqual(['http://127.0.0.1:5173'])
    expect(() => assertSameSite('http://127.0.0.1:8788', 'a', ['http://localhost:5173'])).toThrow(
      /are on different sites, and browsers give a cross-site frame no storage for the device share.*FOYER_WALLET_ORIGIN/,
    )
  })

  it('a production server whose wallet origin is on another site than the app refuses to start, saying what to set', async () => {
    vi.stubEnv('FOYER_WALLET_KEK', Buffer.alloc(32, 1).toString('base64'))
    vi.stubEnv('FOYER_RECOVERY_KEK', Buffer.alloc(32, 2).toString('base64'))
    const prod = { dev: false, smtpUrl: 'smtp://127.0.0.1:1', plugins: [emailServer(), embeddedWalletServer()], walletOrigin: 'https://wallet.other.org', app: { 'embedded-wallet': {} } }
    await expect(createTestServer(prod)).rejects.toThrow("embedded-wallet: the wallet frame (https://wallet.other.org) and app foyer_test_app_0000000001's origins (http://localhost:5173) are on different sites")
  })
})
