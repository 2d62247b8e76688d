import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestServer, type TestServer } from '../../../../test/kit/createTestServer.js'
import { createTestDevice, type TestDevice } from '../../../../test/kit/testDevice.js'
import { WALLET_ORIGIN } from '../../../../test/kit/embeddedWallets.js'
import { emailServer } from '../../../email/server.js'
import { embeddedWalletServer } from '../../../embedded-wallet/server.js'
import { recoveryPasswordServer } from '../../../recovery-password/server.js'
import { siweServer } from '../../../siwe/server.js'
import { createSiweMessage } from 'viem/siwe'
import { privateKeyToAccount } from 'viem/accounts'
import { bytesToHex } from 'viem'
import { TEST_ORIGIN } from '../../../../test/kit/createTestServer.js'
import { createDeviceKey } from './deviceKey.js'
import type { DeviceShareStore } from './deviceShareStore.js'
import { FrameFailure } from '../frameFailure.js'
import { derivePasswordKey, newPasswordKdf, passwordKeySource } from '../../../recovery-password/frame.js'
import { sealRecoveryShare } from '../recovery/recoveryEnvelope.js'
import { createWalletVault } from './walletVault.js'

// The frame's real vault against the real server (fetch routed to it in process): every custody call carries the
// device's proofs and the wallet's signatures, as in the browser.

let t: TestServer
beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), siweServer(), embeddedWalletServer(), recoveryPasswordServer()],
    walletOrigin: WALLET_ORIGIN,
    app: { wallet_auth: true, siwe: { chains: { '1': {} } }, 'embedded-wallet': { user_owned_recovery_options: ['user-passcode'] } },
  })
})
afterAll(() => t.close())
afterEach(() => vi.unstubAllGlobals())

function memoryStore(): DeviceShareStore & { ids(): string[] } {
  const shares = new Map<string, Uint8Array>()
  return { get: async (id) => shares.get(id)?.slice() ?? null, put: async (id, share) => void shares.set(id, share.slice()), remove: async (id) => void shares.delete(id), ids: () => [...shares.keys()] }
}

/** A device: its own key, its own share store, a session bound to its key, and its vault. */
async function device(email: string) {
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) =>
    t.app.request(url.pathname, { method: init.method, headers: { ...(init.headers as Record<string, string>), origin: WALLET_ORIGIN }, body: init.body as string }),
  )
  const key: TestDevice = await createTestDevice()
  const token = (await t.login(email, { device: key })).token!
  const deviceKey = createDeviceKey(t.appId, async () => key.pair, async (_app, make) => make())
  const store = memoryStore()
  const target = { apiUrl: 'http://localhost', appId: t.appId, device: deviceKey }
  /** The same frame page loaded again: nothing in memory, the same IndexedDB and device key. */
  const reload = () => createWalletVault(target, store)
  return { token, key, store, reload, vault: reload() }
}

/**
 * Routes the create call to the server, then cuts it: 'before' the call leaves (nothing reaches the server), 'after'
 * the server answered (it committed; the frame never hears). Other calls pass. Answers how many creates were cut.
 */
function cutCreate(when: 'before' | 'after') {
  const forward = globalThis.fetch
  let cut = 0
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    if (!String(url).endsWith('/embedded_wallets/create') || cut > 0) return forward(url, init)
    cut++
    if (when === 'after') await forward(url, init)
    throw new TypeError('Failed to fetch')
  })
  return () => cut
}

const walletAccountsOf = async (token: string) => {
  const res = await t.request('/api/v1/users/me', { token })
  return ((await res.json()).user.linkedAccounts as Array<{ type: string; address?: string }>).filter((a) => a.type === 'wallet')
}

describe('a creation cut off resumes with the same key', () => {
  for (const when of ['before', 'after'] as const) {
    it(`cut ${when} the server call: the next create (after a reload) makes or answers that wallet, once; it signs from the device share`, async () => {
      const d = await device(`vault.resume.${when}@example.com`)
      const cuts = cutCreate(when)
      await expect(d.vault.create('ethereum', d.token)).rejects.toMatchObject({ message: 'Unable to connect to wallet' })
      expect(cuts()).toBe(1)
      expect(await walletAccountsOf(d.token)).toHaveLength(when === 'after' ? 1 : 0)
      const again = d.reload()
      const { address } = await again.create('ethereum', d.token)
      const accounts = await walletAccountsOf(d.token)
      expect(accounts.map((a) => a.address)).toEqual([address])
      // The device share that landed pairs with the stored auth share; the pending record is gone.
      expect((await d.reload().wallet(address, d.token)).root.wallets[0]!.address).toBe(address)
      expect(d.store.ids().filter((id) => id.startsWith('pending-create:'))).toEqual([])
    })
  }

  it('cut after the commit, then the wallet is used (not created) at the next load: the pending device share is adopted, no recovery needed', async () => {
    const d = await device('vault.resume.adopt@example.com')
    cutCreate('after')
    await expect(d.vault.create('ethereum', d.token)).rejects.toBeInstanceOf(FrameFailure)
    const [account] = await walletAccountsOf(d.token)
    const unlocked = await d.reload().wallet(account!.address, d.token)
    expect(unlocked.root.wallets[0]!.address).toBe(account!.address)
    expect(d.store.ids()).toEqual([unlocked.root.rootId])
  })

  it("another device's wallet wins: the pending key is dropped and the create is refused (wallet_already_exists)", async () => {
    const first = await device('vault.resume.other@example.com')
    cutCreate('before')
    await expect(first.vault.create('ethereum', first.token)).rejects.toBeInstanceOf(FrameFailure)
    const second = await device('vault.resume.other@example.com')
    const { address } = await second.vault.create('ethereum', second.token)
    await expect(first.reload().create('ethereum', first.token)).rejects.toMatchObject({ code: 'wallet_already_exists' })
    expect(first.store.ids()).toEqual([])
    expect((await walletAccountsOf(first.token)).map((a) => a.address)).toEqual([address])
  })
})

describe('the vault against the real custody routes', () => {
  it('creates, adds, and a new device recovers the same wallets automatically', async () => {
    const first = await device('vault.auto@example.com')
    const { address } = await first.vault.create('ethereum', first.token)
    const added = await first.vault.add(address, first.token)
    expect(added.walletIndex).toBe(1)
    const second = await device('vault.auto@example.com')
    await expect(second.vault.wallet(address, second.token)).rejects.toMatchObject({ type: 'wallet_not_on_device' })
    const recovered = await second.vault.recover(address, second.token)
    expect(recovered.root.wallets.map((w) => w.address)).toEqual([address, added.address])
  })

  it('a password set on one device recovers the wallet on another; a wrong one is the spec error', async () => {
    const first = await device('vault.password@example.com')
    const { address } = await first.vault.create('ethereum', first.token)
    await first.vault.setRecovery(address, passwordKeySource('Correct-Horse-Battery-1'), first.token)
    const second = await device('vault.password@example.com')
    const wrong = second.vault.recoverWithKey(address, passwordKeySource('Wrong-Horse-Battery-1'), second.token)
    await expect(wrong).rejects.toBeInstanceOf(FrameFailure)
    await expect(wrong).rejects.toMatchObject({ type: 'invalid_recovery_pin', message: 'Invalid recovery password, please try again.' })
    const recovered = await second.vault.recoverWithKey(address, passwordKeySource('Correct-Horse-Battery-1'), second.token)
    expect(recovered.root.wallets[0]!.address).toBe(address)
  })

  it('a password sealed before the OPRF (argon2id alone) still recovers, and is sealed again with the OPRF at that use', async () => {
    const first = await device('vault.legacy@example.com')
    const { address, user } = await first.vault.create('ethereum', first.token)
    const rootId = String(user.linkedAccounts.find((a) => a.type === 'wallet')!.rootId)
    // What an earlier version stored: a share of the split sealed under argon2id(password), the KDF beside it.
    const kdf = newPasswordKdf()
    const legacyKey = await derivePasswordKey('Old-Password-1', kdf)
    const share = await recoveryShareOf(first, address)
    const sealed = await sealRecoveryShare(legacyKey, share, { userId: user.id, rootId, method: 'user-passcode' })
    await t.server.db.query(
      "UPDATE embedded_wallet_shares SET ciphertext = $2, iv = $3, key_id = 'user-passcode', wrapped_key = NULL, wrapped_key_iv = NULL, kdf = $4 WHERE root_id = $1 AND kind = 'recovery'",
      [rootId, sealed.ciphertext, sealed.iv, JSON.stringify(kdf)],
    )
    await t.server.db.query("UPDATE embedded_wallet_roots SET recovery_method = 'user-passcode' WHERE id = $1", [rootId])

    const second = await device('vault.legacy@example.com')
    await second.vault.recoverWithKey(address, passwordKeySource('Old-Password-1'), second.token)
    const [row] = await t.server.db.query<{ kdf: string }>("SELECT kdf FROM embedded_wallet_shares WHERE root_id = $1 AND kind = 'recovery'", [rootId])
    expect(JSON.parse(row!.kdf).algorithm).toBe('oprf-argon2id')
    // A third device now recovers through the OPRF, with the same password.
    const third = await device('vault.legacy@example.com')
    expect((await third.vault.recoverWithKey(address, passwordKeySource('Old-Password-1'), third.token)).root.wallets[0]!.address).toBe(address)
  })
})

/** A share of the wallet's split: the recovery share automatic recovery releases (to the device's own proof). */
async function recoveryShareOf(d: Awaited<ReturnType<typeof device>>, address: string): Promise<Uint8Array> {
  const path = '/api/v1/embedded_wallets/recover'
  const res = await t.request(path, { body: { address }, token: d.token, headers: { origin: WALLET_ORIGIN, ...(await d.key.proofHeader(path, d.token)) } })
  expect(res.status).toBe(200)
  return new Uint8Array(Buffer.from((await res.json()).recovery_share, 'base64'))
}

/** Marks the user's embedded wallet accounts as stored before custody proofs (what migration 005 does to old rows). */
const makeUnproven = (rootId: string) => t.server.db.query("UPDATE linked_accounts SET unproven = true WHERE type = 'wallet' AND data->>'rootId' = $1", [rootId])
const unprovenOf = async (rootId: string) =>
  (await t.server.db.query<{ unproven: boolean }>("SELECT unproven FROM linked_accounts WHERE type = 'wallet' AND data->>'rootId' = $1", [rootId])).map((r) => r.unproven)

describe('wallet.exported', () => {
  const exportedRows = async (userId: string) => (await t.server.ctx.audit.list({ appId: t.appId, event: 'wallet.exported', limit: 50 })).filter((e) => e.userId === userId)
  const walletRows = async (userId: string) => (await t.server.ctx.audit.list({ appId: t.appId, limit: 200 })).filter((e) => e.userId === userId && e.event.startsWith('wallet.'))

  it('an auth share released for the export page writes one wallet.exported row (address, chain, nothing of the key); an unlock to sign writes none', async () => {
    const d = await device('vault.export@example.com')
    const { address, user } = await d.vault.create('ethereum', d.token)
    // An ordinary unlock (a reloaded page signing): the auth share is released, nothing is exported.
    const signer = d.reload()
    await signer.wallet(address, d.token)
    expect(await exportedRows(user.id)).toEqual([])
    expect((await walletRows(user.id)).map((e) => e.event)).toEqual(['wallet.created'])

    const exporter = d.reload()
    const shown = await exporter.exportWallet(address, d.token)
    expect(shown.root.wallets[0]!.address).toBe(address)
    const rows = await exportedRows(user.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ actor: user.id, data: { user_id: user.id, wallet: { address, chain_type: 'ethereum', imported: false } } })
    // Custody (ARCHITECTURE §17): no share, key or phrase in the event, only what names the wallet.
    expect(Object.keys(rows[0]!.data).sort()).toEqual(['user_id', 'wallet'])
    expect(Object.keys(rows[0]!.data.wallet as object).sort()).toEqual(['address', 'chain_type', 'imported'])
    expect(JSON.stringify(rows[0])).not.toMatch(/share|private|secret|mnemonic|phrase/i)

    // The export page unlocks anew every time: a second export is a second row, the signer's unlock still none.
    await exporter.exportWallet(address, d.token)
    await signer.wallet(address, d.token)
    expect(await exportedRows(user.id)).toHaveLength(2)
  })

  it('the server refuses any other purpose before releasing anything', async () => {
    const d = await device('vault.export.purpose@example.com')
    const { address } = await d.vault.create('ethereum', d.token)
    const forward = globalThis.fetch
    vi.stubGlobal('fetch', async (url: URL, init: RequestInit) =>
      forward(url, String(url).endsWith('/auth_share') ? { ...init, body: JSON.stringify({ ...JSON.parse(String(init.body)), purpose: 'backup' }) } : init),
    )
    await expect(d.reload().wallet(address, d.token)).rejects.toBeInstanceOf(FrameFailure)
  })
})

describe('wallets stored before custody proofs', () => {
  it('are proven by the frame at their next unlock', async () => {
    const first = await device('vault.unproven@example.com')
    const { address, user } = await first.vault.create('ethereum', first.token)
    await first.vault.add(address, first.token)
    const rootId = String(user.linkedAccounts.find((a) => a.type === 'wallet')!.rootId)
    await makeUnproven(rootId)
    const second = await device('vault.unproven@example.com')
    await second.vault.recover(address, second.token)
    await expect.poll(() => unprovenOf(rootId)).toEqual([false, false])
  })

  it("sign nobody in: the key's owner signing in with SIWE gets a user of their own, and the unproven claim goes", async () => {
    const squatter = await device('vault.squatter@example.com')
    const key = crypto.getRandomValues(new Uint8Array(32))
    const { address, user } = await squatter.vault.create('ethereum', squatter.token, key)
    await makeUnproven(String(user.linkedAccounts.find((a) => a.type === 'wallet')!.rootId))
    const owner = privateKeyToAccount(bytesToHex(key))
    const { nonce } = await (await t.request('/api/v1/siwe/init', { body: { address: owner.address, token: null } })).json()
    const message = createSiweMessage({ address: owner.address, chainId: 1, domain: new URL(TEST_ORIGIN).host, nonce, uri: TEST_ORIGIN, version: '1', issuedAt: new Date() })
    const res = await t.request('/api/v1/siwe/authenticate', {
      body: { message, signature: await owner.signMessage({ message }), chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected', mode: 'login-or-sign-up' },
    })
    const answer = await res.json()
    expect([res.status, answer.is_new_user]).toEqual([200, true])
    expect(answer.user.id).not.toBe(user.id)
    expect(answer.user.linkedAccounts.find((a: { address?: string }) => a.address === address)).toMatchObject({ walletClientType: 'metamask' })
    const rows = await t.server.db.query<{ user_id: string }>("SELECT user_id FROM linked_accounts WHERE type = 'wallet' AND identifier = $1", [address.toLowerCase()])
    expect(rows.map((r) => r.user_id)).toEqual([answer.user.id])
  })
})
