import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listening } from '../../../core/server/index.js'
import { createTestServer, TEST_APP_ID, type TestServer } from '../../../test/kit/createTestServer.js'
import { WALLET_ORIGIN } from '../../../test/kit/embeddedWallets.js'
import { frameEvents } from '../channel/frameProtocol.js'
import { embeddedWalletServer } from '../../embedded-wallet/server.js'

const PAGE = `/apps/${TEST_APP_ID}/embedded-wallets`
let t: TestServer
let listening: Record<string, Listening>
const text = async (path: string) => (await fetch(`${listening.wallet!.url}${path}`)).text()
const settingsOf = (html: string) => JSON.parse(/<script type="application\/json" id="foyer-frame-config">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, any>
const scriptOf = (html: string) => /<script type="module" src="([^"]+)"><\/script>/.exec(html)![1]!

beforeAll(async () => {
  t = await createTestServer({ plugins: [embeddedWalletServer({ apiOrigin: 'http://localhost:8787' })], walletOrigin: WALLET_ORIGIN, app: { 'embedded-wallet': {} } })
  listening = await t.server.listenAll({ api: 0, wallet: 0 })
})
afterAll(async () => {
  await listening?.api?.close()
  await listening?.wallet?.close()
  await t?.close()
})

describe("the frame kernel's lazy parts on the wallet origin", () => {
  it("the hidden frame's kernel holds neither viem (Ethereum signing: the wallet's half) nor any chain's keys (ed25519, secp256k1, BIP-39: modules of their own)", async () => {
    const html = await text(PAGE)
    const settings = settingsOf(html)
    expect(settings.halves[frameEvents.rpc]).toMatch(/^\/assets\/half-embedded-wallet-[0-9a-f]{16}\.js$/)
    expect(settings.modules.solana).toMatch(/^\/assets\/kernel-solana-[0-9a-f]{16}\.js$/)
    expect(settings.modules.ethereum).toMatch(/^\/assets\/kernel-ethereum-[0-9a-f]{16}\.js$/)
    // viem's errors link its docs; SLIP-0010's ed25519 derivation starts from the key 'ed25519 seed'; BIP-32's from
    // 'Bitcoin seed'; BIP-39's English word list ends with 'zoo' after 'zone'.
    const viem = /viem\.sh|viem@/
    const ed25519 = /ed25519 seed/
    const bip32 = /Bitcoin seed/
    const wordList = /zone\s+zoo/
    const kernel = await text(scriptOf(html))
    for (const part of [viem, ed25519, bip32, wordList]) expect(kernel).not.toMatch(part)
    expect(await text(settings.halves[frameEvents.rpc])).toMatch(viem)
    const solana = await text(settings.modules.solana)
    expect(solana).toMatch(ed25519)
    expect(solana).not.toMatch(viem)
    expect(solana).not.toMatch(bip32)
    const ethereum = await text(settings.modules.ethereum)
    expect(ethereum).toMatch(bip32)
    expect(ethereum).not.toMatch(ed25519)
    expect(ethereum).not.toMatch(viem)
    // The word list is shared by both chains' modules: a chunk each imports, not in the kernel.
    const imported = async (module: string) => (await Promise.all([...module.matchAll(/from"\.\/([\w-]+\.js)"/g)].map(([, file]) => text(`/assets/${file}`)))).join('')
    expect(`${ethereum}${await imported(ethereum)}`).toMatch(wordList)
    expect(`${solana}${await imported(solana)}`).toMatch(wordList)
    // The export page shows keys of both chains itself: it bundles them; the recovery page bundles Ethereum's.
    const exportScript = await text(scriptOf(await text(`${PAGE}/export`)))
    expect(exportScript).toMatch(ed25519)
    expect(exportScript).toMatch(bip32)
    expect(settingsOf(await text(`${PAGE}/export`)).modules).toBeUndefined()
  })
})
