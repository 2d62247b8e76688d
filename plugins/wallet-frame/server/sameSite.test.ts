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

  it('an app written while a production server runs meets the same rule: a cross-site edit or creation is refused, nothing stored', async () => {
    vi.stubEnv('FOYER_WALLET_KEK', Buffer.alloc(32, 1).toString('base64'))
    vi.stubEnv('FOYER_RECOVERY_KEK', Buffer.alloc(32, 2).toString('base64'))
    const entry = { id: 'foyer_test_app_0000000001', name: 'Test App', email_auth: true, allowed_origins: ['https://app.example.com'], 'embedded-wallet': {} }
    const walletOrigin = 'https://wallet.example.com'
    const t = await createTestServer({ dev: false, smtpUrl: 'smtp://127.0.0.1:1', plugins: [emailServer(), embeddedWalletServer()], walletOrigin, app: entry })
    try {
      const store = t.server.ctx.appStore
      const refusal = {
        status: 400,
        code: 'invalid_app_config',
        message: expect.stringMatching(/^allowed_origins: the wallet frame \(https:\/\/wallet\.example\.com\) and app \S+'s origins \(https:\/\/app\.other\.org\) are on different sites.*FOYER_WALLET_ORIGIN/),
      }
      await expect(store.update(entry.id, { ...entry, allowed_origins: ['https://app.other.org'] }, 1, 'admin:alice')).rejects.toMatchObject(refusal)
      await expect(store.create({ ...entry, id: undefined, name: 'Other', allowed_origins: ['https://app.other.org'] }, 'admin:alice')).rejects.toMatchObject(refusal)
      expect((await store.list()).map((a) => [a.id, a.revision, a.entry.allowed_origins])).toEqual([[entry.id, 1, ['https://app.example.com']]])
      // A cross-site origin beside a same-site one passes (the start only warns), and so does an app without embedded wallets.
      await store.update(entry.id, { ...entry, allowed_origins: ['https://app.example.com', 'https://app.other.org'] }, 1, 'admin:alice')
      const { 'embedded-wallet': _wallet, ...withoutWallets } = entry
      await store.create({ ...withoutWallets, id: undefined, name: 'No wallets', allowed_origins: ['https://app.other.org'] }, 'admin:alice')
      expect(await store.list()).toHaveLength(2)
    } finally {
      await t.close()
    }
  })

  it('a dev server takes a cross-site edit (its start only warns about one too)', async () => {
    const t = await createTestServer({ plugins: [emailServer(), embeddedWalletServer()], walletOrigin: 'http://localhost:8788', app: { 'embedded-wallet': {} } })
    try {
      const [stored] = await t.server.ctx.appStore.list()
      const updated = await t.server.ctx.appStore.update(stored!.id, { ...stored!.entry, allowed_origins: ['http://127.0.0.1:5173'] }, stored!.revision, 'admin:alice')
      expect(updated.revision).toBe(stored!.revision + 1)
    } finally {
      await t.close()
    }
  })
})
