import { describe, expect, it } from 'vitest'
import { createTestServer, TEST_ORIGIN } from '../../../../test/kit/createTestServer.js'
import { createBody, custodyCall, makeWallet, WALLET_ORIGIN } from '../../../../test/kit/embeddedWallets.js'
import { fakeMfaPlugin } from '../../../../test/kit/fakeMfa.js'
import { emailServer } from '../../../email/server.js'
import { embeddedWalletServer } from '../../server.js'

// The custody routes' guards that need a server of their own: the app's section, per-user limits, MFA, no wallet origin.
describe('embedded wallet routes of other apps and servers', () => {
  it('an app without the "embedded-wallet" section refuses with embedded_wallets_disabled', async () => {
    const other = await createTestServer({ plugins: [emailServer(), embeddedWalletServer()], walletOrigin: WALLET_ORIGIN })
    try {
      const { token } = await other.login()
      const res = await custodyCall(other, token)('create', createBody(await makeWallet()))
      expect(res.status).toBe(403)
      expect((await res.json()).code).toBe('embedded_wallets_disabled')
      expect((await (await other.request(`/api/v1/apps/${other.appId}`)).json()).embedded_wallet_config.create_on_login).toBe('off')
    } finally {
      await other.close()
    }
  })

  it('auth_share and recover are rate limited per user: 429 too_many_requests after the limit', async () => {
    const limited = await createTestServer({
      plugins: [emailServer(), embeddedWalletServer()],
      walletOrigin: WALLET_ORIGIN,
      app: { 'embedded-wallet': {} },
      rateLimits: { 'embedded_wallets.auth_share.user': { limit: 3 }, 'embedded_wallets.recover.user': { limit: 2 } },
    })
    try {
      const { token } = await limited.login()
      const wallet = await makeWallet()
      const post = custodyCall(limited, token)
      expect((await post('create', createBody(wallet))).status).toBe(200)
      for (let i = 0; i < 3; i++) expect((await post('auth_share', { address: wallet.address })).status).toBe(200)
      const over = await post('auth_share', { address: wallet.address })
      expect(over.status).toBe(429)
      expect((await over.json()).code).toBe('too_many_requests')
      for (let i = 0; i < 2; i++) expect((await post('recover', { address: wallet.address })).status).toBe(200)
      expect((await post('recover', { address: wallet.address })).status).toBe(429)
      // Another user has their own budget.
      const second = await limited.login('second@example.com')
      const mine = await makeWallet()
      const asSecond = custodyCall(limited, second.token)
      await asSecond('create', createBody(mine))
      expect((await asSecond('auth_share', { address: mine.address })).status).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('a user with MFA enrolled gets shares only after a fresh verification of the session', async () => {
    const { plugin: fakeMfa, enrolled } = fakeMfaPlugin()
    const mfa = await createTestServer({ plugins: [emailServer(), fakeMfa, embeddedWalletServer()], walletOrigin: WALLET_ORIGIN, app: { 'embedded-wallet': {} } })
    try {
      const { token, user } = await mfa.login()
      const wallet = await makeWallet()
      const post = custodyCall(mfa, token)
      expect((await post('create', createBody(wallet))).status).toBe(200)
      // Without MFA the frame may keep the secret: no window in the answer.
      expect((await (await post('auth_share', { address: wallet.address })).json()).mfa_valid_for_ms).toBeNull()
      enrolled.add(user.id)
      for (const route of ['auth_share', 'recover']) {
        const refused = await post(route, { address: wallet.address })
        expect(refused.status).toBe(403)
        expect((await refused.json()).code).toBe('missing_or_invalid_mfa')
      }
      await mfa.request('/api/v1/fake-mfa/verify', { body: {}, token: token! })
      const released = await post('auth_share', { address: wallet.address })
      expect(released.status).toBe(200)
      // The answer says how long the frame may keep the rebuilt secret: what is left of the 15-minute window.
      const { mfa_valid_for_ms: keep } = await released.json()
      expect(keep).toBeGreaterThan(14 * 60_000)
      expect(keep).toBeLessThanOrEqual(15 * 60_000)
      expect((await post('recover', { address: wallet.address })).status).toBe(200)
    } finally {
      await mfa.close()
    }
  })

  it('without a wallet origin configured every custody route refuses', async () => {
    const bare = await createTestServer({ plugins: [emailServer(), embeddedWalletServer()], app: { 'embedded-wallet': {} } })
    try {
      const { token } = await bare.login()
      const res = await custodyCall(bare, token, TEST_ORIGIN)('create', createBody(await makeWallet()))
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ code: 'invalid_origin', error: 'The wallet frame origin is not configured (FOYER_WALLET_ORIGIN)' })
    } finally {
      await bare.close()
    }
  })
})
