import { describe, expect, it } from 'vitest'
import { createFoyer, createMemoryStorage } from 'foyer/core'
import { email } from 'foyer/plugins/email'
import { sms } from 'foyer/plugins/sms'
import { passkey } from 'foyer/plugins/passkey'
import { oauth } from 'foyer/plugins/oauth'
import { siwe } from 'foyer/plugins/siwe'
import { siws } from 'foyer/plugins/siws'
import { telegram } from 'foyer/plugins/telegram'
import { handlerFetch, KIT_API_URL, KIT_APP_ID, testAppConfig } from '../../../test/kit/renderWithFoyer.js'
import { serverEnabledMethods } from './serverEnabledMethods.js'

/** A started kernel with the example's login plugins, against a server whose app config has `flags`. */
async function kernel(flags: Record<string, unknown>) {
  const foyer = createFoyer({
    appId: KIT_APP_ID,
    apiUrl: KIT_API_URL,
    plugins: [email(), sms(), telegram(), passkey(), oauth(), siws(), siwe()],
    storage: createMemoryStorage(),
    fetch: handlerFetch({}, testAppConfig(flags)).fetch,
  })
  await foyer.init()
  return foyer
}

const ids = (methods: { id: string }[]) => methods.map((m) => m.id).sort()

describe('serverEnabledMethods', () => {
  it('lists only what the server has on, mapping link names to their plugins (phone → sms, solanaWallet → solana_wallet)', async () => {
    const foyer = await kernel({ email_auth: true, sms_auth: true, solana_wallet_auth: true, github: true })
    const { login, link } = serverEnabledMethods(foyer)
    expect(ids(login)).toEqual(['email', 'github', 'sms', 'solana_wallet'])
    expect(ids(link)).toEqual(['email', 'github', 'phone', 'solanaWallet'])
    // Nouns for the list, the plugin's own label otherwise.
    expect(login.find((m) => m.id === 'sms')!.name).toBe('SMS')
    expect(link.find((m) => m.id === 'github')!.name).toBe('GitHub')
    foyer.destroy()
  })

  it("leaves out a loaded plugin's methods when the server has them off, even when a sibling provider is on", async () => {
    const foyer = await kernel({ email_auth: false, sms_auth: false, google: true, wallet_auth: false, passkey: true })
    const { login, link } = serverEnabledMethods(foyer)
    expect(ids(login)).toEqual(['google', 'passkey'])
    // github is loaded (oauth) but off: google being on must not let it through.
    expect(ids(link)).toEqual(['google', 'passkey'])
    foyer.destroy()
  })

  it('offers nothing while the app config could not be loaded', async () => {
    const foyer = createFoyer({
      appId: KIT_APP_ID,
      apiUrl: KIT_API_URL,
      plugins: [email(), passkey()],
      storage: createMemoryStorage(),
      fetch: (async () => new Response('{"error":"no such app","code":"not_found"}', { status: 404 })) as typeof fetch,
    })
    await foyer.init()
    expect(serverEnabledMethods(foyer)).toEqual({ login: [], link: [] })
    foyer.destroy()
  })
})
