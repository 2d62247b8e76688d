import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listening } from '../../core/server/index.js'
import { createTestServer, TEST_APP_ID, type TestServer } from '../../test/kit/createTestServer.js'
import { WALLET_ORIGIN } from '../../test/kit/embeddedWallets.js'
import { emailServer } from '../email/server.js'
import { embeddedWalletServer } from '../embedded-wallet/server.js'
import { recoveryGoogleDriveServer } from '../recovery-google-drive/server.js'
import { recoveryIcloudServer } from '../recovery-icloud/server.js'
import { recoveryPasswordServer } from './server.js'

const API_ORIGIN = 'http://localhost:8787'
const PAGE = `/apps/${TEST_APP_ID}/embedded-wallets`

let t: TestServer
let listening: Record<string, Listening>

const text = async (path: string) => (await fetch(`${listening.wallet!.url}${path}`)).text()
const settingsOf = (html: string) => JSON.parse(/<script type="application\/json" id="foyer-frame-config">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>
const scriptOf = (html: string) => /<script type="module" src="([^"]+)"><\/script>/.exec(html)![1]!

beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), embeddedWalletServer({ apiOrigin: API_ORIGIN }), recoveryPasswordServer(), recoveryGoogleDriveServer({ driveUrl: 'https://drive.test' }), recoveryIcloudServer({ baseUrl: 'https://cloudkit.test' })],
    walletOrigin: WALLET_ORIGIN,
    app: { 'embedded-wallet': { user_owned_recovery_options: ['user-passcode', 'google-drive', 'icloud'] } },
  })
  listening = await t.server.listenAll({ api: 0, wallet: 0 })
})
afterAll(async () => {
  await listening?.api?.close()
  await listening?.wallet?.close()
  await t?.close()
})

describe("the recovery methods' halves on the wallet origin", () => {
  it('the recovery page lists each method with its own content-hashed half (same origin) and its settings; the hidden frame lists none', async () => {
    const recovery = settingsOf(await text(`${PAGE}/recovery`)).recovery as { methods: Record<string, string>; settings: Record<string, unknown> }
    expect(Object.keys(recovery.methods).sort()).toEqual(['google-drive', 'icloud', 'user-passcode'])
    expect(recovery.methods['user-passcode']).toMatch(/^\/assets\/half-recovery-password-[0-9a-f]{16}\.js$/)
    expect(recovery.methods['google-drive']).toMatch(/^\/assets\/half-recovery-google-drive-[0-9a-f]{16}\.js$/)
    expect(recovery.methods.icloud).toMatch(/^\/assets\/half-recovery-icloud-[0-9a-f]{16}\.js$/)
    expect(recovery.settings).toEqual({ 'google-drive': { driveUrl: 'https://drive.test' }, icloud: expect.objectContaining({ baseUrl: 'https://cloudkit.test' }) })
    const proxy = settingsOf(await text(PAGE))
    expect(proxy.recovery).toBeUndefined()
    expect(JSON.stringify(proxy)).not.toContain('half-recovery-')
  })

  it("argon2id (hash-wasm's inlined WebAssembly) and the password screens are in the password's half only", async () => {
    const html = await text(`${PAGE}/recovery`)
    const { methods } = settingsOf(html).recovery as { methods: Record<string, string> }
    // A WebAssembly module in base64 starts with '\0asm' = AGFzbQ.
    const wasm = /AGFzbQ/
    const screens = /Generate a password/
    const password = await text(methods['user-passcode']!)
    expect(password).toMatch(wasm)
    expect(password).toMatch(screens)
    for (const other of [scriptOf(html), methods['google-drive']!, methods.icloud!]) {
      const code = await text(other)
      expect(code, other).not.toMatch(wasm)
      expect(code, other).not.toMatch(screens)
    }
    expect(await text(methods['google-drive']!)).toMatch(/appDataFolder/)
  })
})
