import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RawUser } from '../../../core/protocol/index.js'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { b64, createBody, custodyCall, makeWallet, WALLET_ORIGIN } from '../../../test/kit/embeddedWallets.js'
import { openRecoveryShare, passwordRecoveryBody, recoverWithPassword } from '../../../test/kit/passwordRecovery.js'
import { emailServer } from '../../email/server.js'
import { embeddedWalletServer } from '../../embedded-wallet/server.js'
import { deriveOprfPasswordKey, derivePasswordKey } from '../frame.js'
import { RECOVERY_PASSWORD_MAX_FAILURES, recoveryPasswordServer } from '../server.js'

// Password recovery as an attacker tries it: a copy of the database, the user's tokens, online guesses (§17). The
// other custody routes' attacks: embedded-wallet/server/routes/serverAttacks.test.ts.

let clock = Date.now()
let t: TestServer
beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), embeddedWalletServer(), recoveryPasswordServer()],
    walletOrigin: WALLET_ORIGIN,
    app: { 'embedded-wallet': { user_owned_recovery_options: ['user-passcode'] } },
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
/** A script's request: the frame's Origin, a same-site Fetch Metadata, the bearer token, and whatever else it adds. */
const scripted = (route: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request(`/api/v1/embedded_wallets/${route}`, { body, token, headers: { origin: WALLET_ORIGIN, 'sec-fetch-site': 'same-site', ...headers } })

describe('password recovery cannot be guessed offline', () => {
  const PASSWORD = 'Correct-Horse-Battery-1'
  async function passwordWallet() {
    const user = await newUser()
    const wallet = await makeWallet()
    const created = (await (await custodyCall(t, user.token)('create', createBody(wallet))).json()) as RawUser
    const rootId = String(created.linkedAccounts.find((a) => a.type === 'wallet')!.rootId)
    const binding = { userId: user.userId, rootId, method: 'user-passcode' as const }
    const { body } = await passwordRecoveryBody(t, user.token, wallet.address, PASSWORD, wallet.shares.device.slice(), binding)
    expect((await custodyCall(t, user.token)('set_recovery', body)).status).toBe(200)
    return { ...user, wallet, rootId, binding }
  }

  it('a copy of the database plus the tokens: no offline derivation of the right password opens the share or matches the verifier', async () => {
    const { token, wallet, rootId, binding } = await passwordWallet()
    // Everything the database holds about this wallet's password.
    const [share] = await t.server.db.query<{ ciphertext: string; iv: string; kdf: string }>("SELECT ciphertext, iv, kdf FROM embedded_wallet_shares WHERE root_id = $1 AND kind = 'recovery'", [rootId])
    const [guard] = await t.server.db.query<{ verifier_hash: string; oprf_key: string }>('SELECT verifier_hash, oprf_key FROM embedded_wallet_password_guards WHERE root_id = $1', [rootId])
    const kdf = JSON.parse(share!.kdf)
    // The OPRF key is stored sealed under the server's recovery key, never in the clear.
    expect(JSON.parse(guard!.oprf_key)).toMatchObject({ ciphertext: expect.any(String), iv: expect.any(String) })
    // The right password, through every derivation that needs no server key: none opens the ciphertext or hits the verifier.
    const encoded = new TextEncoder().encode(PASSWORD)
    const attempts = [
      (await deriveOprfPasswordKey(encoded, kdf)).key,
      await derivePasswordKey(PASSWORD, { ...kdf, algorithm: 'argon2id', hash_length: 32 }),
    ]
    for (const key of attempts) await expect(openRecoveryShare(key, { ciphertext: share!.ciphertext, iv: share!.iv }, binding)).rejects.toThrow()
    const { verifier } = await deriveOprfPasswordKey(encoded, kdf)
    expect(Buffer.from(await crypto.subtle.digest('SHA-256', verifier as BufferSource)).toString('hex')).not.toBe(guard!.verifier_hash)
    // The tokens fetch nothing either (no device proof): not the evaluation, not the ciphertext.
    expect((await scripted('recovery_share', token, { address: wallet.address, blinded_element: b64(new Uint8Array(32).fill(2)) })).status).toBe(401)
    // Only the server's evaluation gives the key: the frame's way, counted, does.
    const { open, key } = await recoverWithPassword(t, token, wallet.address, PASSWORD)
    expect(open!.status).toBe(200)
    expect(await openRecoveryShare(key!, (await open!.json()).encrypted_recovery_share, binding)).toEqual(wallet.shares.device)
  })

  it(`online guesses stop after ${RECOVERY_PASSWORD_MAX_FAILURES} wrong passwords, the right one included; a new login gets another round`, async () => {
    const { token, wallet } = await passwordWallet()
    for (let i = 1; i <= RECOVERY_PASSWORD_MAX_FAILURES; i++) {
      const { evaluation, open } = await recoverWithPassword(t, token, wallet.address, `Wrong-Guess-${i}`)
      expect(evaluation.status).toBe(200)
      expect((await open!.json()).data.attempts_left).toBe(RECOVERY_PASSWORD_MAX_FAILURES - i)
    }
    const locked = await recoverWithPassword(t, token, wallet.address, PASSWORD)
    expect(locked.evaluation.status).toBe(429)
    expect(await locked.evaluation.json()).toMatchObject({ code: 'recovery_password_locked', error: expect.stringContaining('Log in again') })
    // The same session asking again stays locked; so does a session started before the lock.
    expect((await recoverWithPassword(t, token, wallet.address, PASSWORD)).evaluation.status).toBe(429)
    // A new login (after the lock) gets another round, and the right password resets the count.
    clock += 1_000
    const { token: fresh } = await t.login(`attack.${users}@example.com`)
    const { open } = await recoverWithPassword(t, fresh!, wallet.address, PASSWORD)
    expect(open!.status).toBe(200)
    const next = await recoverWithPassword(t, fresh!, wallet.address, 'Wrong-Again-1')
    expect((await next.open!.json()).data.attempts_left).toBe(RECOVERY_PASSWORD_MAX_FAILURES - 1)
  })
})
