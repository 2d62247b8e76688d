import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RawUser } from '../../../../core/protocol/index.js'
import { createTestServer, TEST_ORIGIN, type TestServer } from '../../../../test/kit/createTestServer.js'
import { b64, createBody, custodyCall, custodyProofFields, makeWallet, WALLET_ORIGIN } from '../../../../test/kit/embeddedWallets.js'
import { passwordRecoveryBody } from '../../../../test/kit/passwordRecovery.js'
import { createTestDevice } from '../../../../test/kit/testDevice.js'
import { emailServer } from '../../../email/server.js'
import { createGuestCredential } from '../../../guest/index.js'
import { guestServer } from '../../../guest/server.js'
import { siweServer } from '../../../siwe/server.js'
import { ethereumKeyOf } from '../../../../test/kit/walletFrameKit.js'
import { embeddedWalletServer } from '../../server.js'
import { recoveryPasswordServer } from '../../../recovery-password/server.js'

// The custody routes as an attacker calls them: a script with the user's tokens, any header, any body (§17). The
// password's guesses: recovery-password/server/passwordAttacks.test.ts.

let clock = Date.now()
let t: TestServer
beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), guestServer(), siweServer(), embeddedWalletServer(), recoveryPasswordServer()],
    walletOrigin: WALLET_ORIGIN,
    app: { guest: true, wallet_auth: true, siwe: { chains: { '1': {} } }, 'embedded-wallet': { user_owned_recovery_options: ['user-passcode'] } },
    // Guesses stop at the wrong-password lock, not at the hourly limit, in these tests.
    rateLimits: { 'embedded_wallets.recovery_share.user': { limit: 1000 }, 'embedded_wallets.auth_share.user': { limit: 1000 } },
    now: () => clock,
  })
})
afterAll(() => t.close())

let users = 0
const newUser = async () => {
  const session = await t.login(`attack.${++users}@example.com`)
  return { token: session.token!, refresh: session.refresh_token!, userId: session.user.id }
}
const snapshot = async () =>
  JSON.stringify(
    await Promise.all(
      ['embedded_wallet_roots', 'embedded_wallet_shares', 'embedded_wallet_password_guards', "linked_accounts WHERE type = 'wallet'"].map((table) =>
        t.server.db.query(`SELECT * FROM ${table} ORDER BY 1`),
      ),
    ),
  )
/** A script's request: the frame's Origin, a same-site Fetch Metadata, the bearer token, and whatever else it adds. */
const scripted = (route: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request(`/api/v1/embedded_wallets/${route}`, { body, token, headers: { origin: WALLET_ORIGIN, 'sec-fetch-site': 'same-site', ...headers } })

describe('a stolen token opens no custody route', () => {
  it('with the access token, a refreshed one, a forked session, the Origin of the frame and any body: every share route refuses and nothing changes', async () => {
    const victim = await newUser()
    const wallet = await makeWallet()
    const user = (await (await custodyCall(t, victim.token)('create', createBody(wallet))).json()) as RawUser
    const rootId = String(user.linkedAccounts.find((a) => a.type === 'wallet')!.rootId)
    const other = await makeWallet()
    const { body: password } = await passwordRecoveryBody(t, victim.token, wallet.address, 'Correct-Horse-Battery-1', wallet.shares.device.slice(), { userId: victim.userId, rootId, method: 'user-passcode' })
    const bodies: Record<string, unknown> = {
      auth_share: { address: wallet.address },
      recover: { address: wallet.address },
      recovery_share: { address: wallet.address, blinded_element: password.verifier },
      open_recovery_share: { address: wallet.address, verifier: password.verifier },
      recovery_key: { address: wallet.address, blinded_element: password.verifier },
      custody_nonce: {},
      set_recovery: { ...password, nonce: '0'.repeat(32), signature: `0x${'11'.repeat(65)}` },
      set_automatic_recovery: { address: wallet.address, recovery_share: b64(other.shares.recovery), nonce: '0'.repeat(32), signature: `0x${'11'.repeat(65)}` },
      create: { ...createBody(other), nonce: '0'.repeat(32), signature: `0x${'11'.repeat(65)}` },
      add: { address: wallet.address, wallet_index: 1, new_address: other.address, nonce: '0'.repeat(32), signature: `0x${'11'.repeat(65)}`, new_address_signature: `0x${'11'.repeat(65)}` },
    }
    const before = await snapshot()

    // The thief's tokens: the access token, one from the refresh token, and a session forked from it.
    const refreshed = await (await t.request('/api/v1/sessions', { body: { refresh_token: victim.refresh } })).json()
    const forked = await (await t.request('/api/v1/sessions/fork', { body: { refresh_token: refreshed.refresh_token } })).json()
    const fork = await (await t.request('/api/v1/sessions/fork/recover', { body: { refresh_token: forked.new_session_refresh_token } })).json()
    const thiefKey = await createTestDevice(() => clock)
    for (const [route, body] of Object.entries(bodies)) {
      const path = `/api/v1/embedded_wallets/${route}`
      for (const token of [victim.token, refreshed.token, forked.token]) {
        const bare = await scripted(route, token, body)
        expect([route, bare.status, (await bare.json()).code]).toEqual([route, 401, 'device_proof_required'])
        // A proof by a key of the thief's own: not the key the session was bound to.
        const own = await scripted(route, token, body, await thiefKey.proofHeader(path, token))
        expect([route, own.status, (await own.json()).code]).toEqual([route, 401, 'invalid_device_proof'])
      }
      // The forked session is bound to no key at all: nothing a refresh-token holder starts opens custody.
      const viaFork = await scripted(route, fork.token, body, await thiefKey.proofHeader(path, fork.token))
      expect([route, viaFork.status, (await viaFork.json()).code]).toEqual([route, 401, 'session_not_bound'])
      // The Origin and Fetch Metadata a browser would send are not what lets a call through: a cross-site one is refused.
      const crossSite = await scripted(route, victim.token, body, { 'sec-fetch-site': 'cross-site' })
      expect([route, crossSite.status]).toEqual([route, 403])
    }
    expect(await snapshot()).toBe(before)

    // The same calls from the victim's own frame (its device key) go through.
    const released = await custodyCall(t, victim.token)('auth_share', { address: wallet.address })
    expect(released.status).toBe(200)
    expect((await released.json()).auth_share).toBe(b64(wallet.shares.auth))
  })

  it("a captured custody write can't be replayed, not even by the user's own device: its nonce is spent", async () => {
    const victim = await newUser()
    const wallet = await makeWallet()
    const body = { ...createBody(wallet), ...(await custodyProofFields(t, victim.token, t.device, 'create', createBody(wallet))) }
    expect((await custodyCall(t, victim.token)('create', body)).status).toBe(200)
    const again = await custodyCall(t, victim.token)('create', body)
    expect([again.status, (await again.json()).code]).toEqual([400, 'invalid_custody_proof'])
  })
})

describe('the server stores no address its key did not sign for', () => {
  it("a guest claiming a stranger's address is refused and nothing is stored; the stranger's SIWE sign-in then creates their own user", async () => {
    const guest = (await (await t.request('/api/v1/guest/authenticate', { body: { guest_credential: createGuestCredential() }, headers: await t.device.bindingHeader() })).json()) as { token: string }
    const strangerKey = crypto.getRandomValues(new Uint8Array(32))
    const stranger = await makeWallet('ethereum', strangerKey)
    const mine = await makeWallet()
    const before = await snapshot()
    const claim = createBody(stranger, { imported: true })
    // Signed by the guest's own wallet, over the stranger's address: refused.
    const forged = { ...claim, ...(await custodyProofFields(t, guest.token, t.device, 'create', createBody(mine))) }
    const refused = await custodyCall(t, guest.token)('create', forged)
    expect([refused.status, (await refused.json()).code]).toEqual([400, 'invalid_custody_proof'])
    // No signature at all: the body is refused before anything runs.
    expect((await custodyCall(t, guest.token, { prove: false })('create', claim)).status).toBe(400)
    expect(await snapshot()).toBe(before)

    // The address's owner signs in with SIWE: a user of their own, with the wallet as theirs.
    const owner = privateKeyToAccount(bytesToHex(strangerKey))
    const { nonce } = await (await t.request('/api/v1/siwe/init', { body: { address: owner.address, token: null } })).json()
    const message = createSiweMessage({ address: owner.address, chainId: 1, domain: new URL(TEST_ORIGIN).host, nonce, uri: TEST_ORIGIN, version: '1', issuedAt: new Date(clock) })
    const signedIn = await t.request('/api/v1/siwe/authenticate', {
      body: { message, signature: await owner.signMessage({ message }), chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected', mode: 'login-or-sign-up' },
    })
    const answer = await signedIn.json()
    expect([signedIn.status, answer.is_new_user]).toEqual([200, true])
    expect(answer.user.linkedAccounts.find((a: { type: string }) => a.type === 'wallet')).toMatchObject({ address: owner.address, walletClientType: 'metamask' })
  })

  it("nor another user's embedded wallet, nor an added address of a key the caller does not hold", async () => {
    const victim = await newUser()
    const theirs = await makeWallet()
    expect((await custodyCall(t, victim.token)('create', createBody(theirs))).status).toBe(200)
    const attacker = await newUser()
    const mine = await makeWallet()
    const before = await snapshot()
    const forged = { ...createBody(theirs), ...(await custodyProofFields(t, attacker.token, t.device, 'create', createBody(mine))) }
    expect((await (await custodyCall(t, attacker.token)('create', forged)).json()).code).toBe('invalid_custody_proof')
    expect(await snapshot()).toBe(before)
    // An HD wallet added to one's own root must be of that root: an address of another key is refused.
    expect((await custodyCall(t, attacker.token)('create', createBody(mine))).status).toBe(200)
    // Signatures made for the root's real next address, sent with another key's address in its place.
    const stranger = await makeWallet()
    const honest = { address: mine.address, wallet_index: 1, new_address: ethereumKeyOf(mine.secret, 1).address }
    const proof = await custodyProofFields(t, attacker.token, t.device, 'add', honest)
    const added = await custodyCall(t, attacker.token)('add', { ...honest, ...proof, new_address: stranger.address })
    expect([added.status, (await added.json()).code]).toEqual([400, 'invalid_custody_proof'])
    expect(await t.server.db.query("SELECT 1 FROM linked_accounts WHERE identifier = $1", [stranger.address.toLowerCase()])).toHaveLength(0)
  })
})
