import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RawUser } from '../../../core/protocol/index.js'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { emailServer } from '../../email/server.js'
import { b64, createBody, custodyCall, makeWallet as makeTestWallet, WALLET_ORIGIN } from '../../../test/kit/embeddedWallets.js'
import { combineWalletShares, openRecoveryShare, passwordRecoveryBody, recoverWithPassword } from '../../../test/kit/passwordRecovery.js'
import { embeddedWalletServer } from '../../embedded-wallet/server.js'
import { recoveryGoogleDriveServer } from '../../recovery-google-drive/server.js'
import { recoveryPasswordServer } from '../server.js'

const logs: string[] = []
const logger = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), error: (m: string) => logs.push(m) }
const made: Uint8Array[] = []
let t: TestServer
const call = (route: string, body: unknown, token: string, server = t) => custodyCall(server, token, WALLET_ORIGIN)(route, body)
let users = 0
const newUser = async (server = t) => (await server.login(`recovery.user.${++users}@example.com`)).token!
const PASSWORD = 'Correct-Horse-Battery-1'

/** A user with an Ethereum wallet (automatic recovery) and what the frame would send to set a password on it. */
async function walletWithPasswordBody(server = t) {
  const token = await newUser(server)
  const wallet = await makeTestWallet('ethereum', undefined, made)
  const user = (await (await call('create', createBody(wallet), token, server)).json()) as RawUser
  const rootId = String(user.linkedAccounts.find((a) => a.type === 'wallet')!.rootId)
  // What the frame seals: its device share, a point of the wallet's split.
  const recovery = wallet.shares.device.slice()
  const binding = { userId: user.id, rootId, method: 'user-passcode' as const }
  const { body } = await passwordRecoveryBody(server, token, wallet.address, PASSWORD, recovery, binding)
  return { token, wallet, user, rootId, recovery, body, binding }
}
const storedRecovery = async (rootId: string) =>
  (await t.server.db.query<{ ciphertext: string; key_id: string; wrapped_key: string | null; kdf: string | null }>(
    "SELECT ciphertext, key_id, wrapped_key, kdf FROM embedded_wallet_shares WHERE root_id = $1 AND kind = 'recovery'",
    [rootId],
  ))[0]!

beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), embeddedWalletServer(), recoveryPasswordServer()],
    walletOrigin: WALLET_ORIGIN,
    app: { 'embedded-wallet': { user_owned_recovery_options: ['user-passcode'] } },
    logger,
  })
})
afterAll(async () => {
  await t.close()
})

describe('password recovery routes', () => {
  it('set_recovery replaces the automatic recovery share with the encrypted one and sets the method on root and accounts', async () => {
    const { token, rootId, body, wallet } = await walletWithPasswordBody()
    const before = await storedRecovery(rootId)
    expect(before.wrapped_key).not.toBeNull()
    const res = await call('set_recovery', body, token)
    expect(res.status).toBe(200)
    const user = (await res.json()) as RawUser
    expect(user.linkedAccounts.find((a) => a.type === 'wallet')).toMatchObject({ address: wallet.address, recoveryMethod: 'user-passcode' })
    const [root] = await t.server.db.query<{ recovery_method: string }>('SELECT recovery_method FROM embedded_wallet_roots WHERE id = $1', [rootId])
    expect(root!.recovery_method).toBe('user-passcode')
    const after = await storedRecovery(rootId)
    // The server-openable ciphertext and its wrapped key are gone; what is stored is exactly what the frame sent.
    expect(after).toMatchObject({ ciphertext: body.encrypted_recovery_share.ciphertext, key_id: 'user-passcode', wrapped_key: null })
    expect(after.ciphertext).not.toBe(before.ciphertext)
    expect(JSON.parse(after.kdf!)).toEqual(body.kdf)
    // Automatic recovery now refuses, naming the method the client routes to.
    const recover = await call('recover', { address: wallet.address }, token)
    expect(recover.status).toBe(400)
    expect(await recover.json()).toMatchObject({ code: 'unsupported_recovery_method', data: { recovery_method: 'user-passcode' } })
  })

  it('recovery_share answers the evaluation and the KDF only; the verifier of the right password gets the auth share and the ciphertext, which rebuild the wallet', async () => {
    const { token, body, wallet, binding, recovery } = await walletWithPasswordBody()
    expect((await call('set_recovery', body, token)).status).toBe(200)
    const { evaluation, open, key } = await recoverWithPassword(t, token, wallet.address, PASSWORD)
    const evaluated = await evaluation.json()
    expect(evaluated).toMatchObject({ root_id: binding.rootId, user_id: binding.userId, recovery_method: 'user-passcode', kdf: body.kdf })
    expect(evaluated.evaluated_element).toEqual(expect.any(String))
    // Nothing that confirms a guess before the verifier matched: no ciphertext, no auth share.
    expect(evaluated.encrypted_recovery_share).toBeUndefined()
    expect(evaluated.auth_share).toBeUndefined()
    expect(open!.status).toBe(200)
    const answer = await open!.json()
    expect(answer).toMatchObject({ encrypted_recovery_share: body.encrypted_recovery_share, kdf: body.kdf })
    const opened = await openRecoveryShare(key!, answer.encrypted_recovery_share, binding)
    expect(opened).toEqual(recovery)
    expect(await combineWalletShares(new Uint8Array(Buffer.from(answer.auth_share, 'base64')), opened)).toEqual(wallet.secret)
  })

  it('a wrong password gets an evaluation that opens nothing: open_recovery_share refuses its verifier with the spec text', async () => {
    const { token, body, wallet } = await walletWithPasswordBody()
    expect((await call('set_recovery', body, token)).status).toBe(200)
    const { evaluation, open } = await recoverWithPassword(t, token, wallet.address, 'Wrong-Password-9')
    expect(evaluation.status).toBe(200)
    expect(open!.status).toBe(400)
    expect(await open!.json()).toMatchObject({ code: 'invalid_recovery_pin', error: 'Invalid recovery password, please try again.', data: { attempts_left: 9 } })
  })

  it('a new password replaces the old ciphertext, KDF parameters and key (the old password no longer opens anything)', async () => {
    const { token, rootId, body, binding, wallet } = await walletWithPasswordBody()
    expect((await call('set_recovery', body, token)).status).toBe(200)
    const recovery = wallet.shares.device.slice()
    const second = (await passwordRecoveryBody(t, token, wallet.address, 'Another-Password-2', recovery, binding)).body
    expect((await call('set_recovery', second, token)).status).toBe(200)
    const stored = await storedRecovery(rootId)
    expect(stored.ciphertext).toBe(second.encrypted_recovery_share.ciphertext)
    expect(JSON.parse(stored.kdf!)).toEqual(second.kdf)
    const rows = await t.server.db.query("SELECT 1 FROM embedded_wallet_shares WHERE root_id = $1 AND kind = 'recovery'", [rootId])
    expect(rows).toHaveLength(1)
    expect((await recoverWithPassword(t, token, wallet.address, PASSWORD)).open!.status).toBe(400)
    const { open, key } = await recoverWithPassword(t, token, wallet.address, 'Another-Password-2')
    expect(open!.status).toBe(200)
    expect(await openRecoveryShare(key!, (await open!.json()).encrypted_recovery_share, binding)).toEqual(recovery)
  })

  it('set_recovery needs a fresh key from recovery_key: reusing one that was already stored is refused', async () => {
    const { token, body } = await walletWithPasswordBody()
    expect((await call('set_recovery', body, token)).status).toBe(200)
    const again = await call('set_recovery', body, token)
    expect(again.status).toBe(400)
    expect((await again.json()).code).toBe('recovery_key_expired')
  })

  it('recovery_share refuses a wallet with automatic recovery', async () => {
    const token = await newUser()
    const wallet = await makeTestWallet('ethereum', undefined, made)
    await call('create', createBody(wallet), token)
    const res = await call('recovery_share', { address: wallet.address }, token)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'unsupported_recovery_method', data: { recovery_method: 'privy' } })
  })

  it('one transaction: a failure after the share is written leaves the old recovery share and method', async () => {
    const { token, rootId, body } = await walletWithPasswordBody()
    const before = await storedRecovery(rootId)
    await t.server.db.query(`CREATE OR REPLACE FUNCTION foyer_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`)
    await t.server.db.query(`CREATE TRIGGER foyer_test_fail BEFORE UPDATE ON embedded_wallet_roots FOR EACH ROW EXECUTE FUNCTION foyer_test_fail()`)
    try {
      const res = await call('set_recovery', body, token)
      expect(res.status).toBe(500)
    } finally {
      await t.server.db.query('DROP TRIGGER foyer_test_fail ON embedded_wallet_roots')
    }
    expect(await storedRecovery(rootId)).toEqual(before)
    const [root] = await t.server.db.query<{ recovery_method: string }>('SELECT recovery_method FROM embedded_wallet_roots WHERE id = $1', [rootId])
    expect(root!.recovery_method).toBe('privy')
    // And the same request succeeds once nothing fails.
    expect((await call('set_recovery', body, token)).status).toBe(200)
  })

  it('malformed input is refused with 400 and nothing is stored', async () => {
    const { token, rootId, body } = await walletWithPasswordBody()
    const before = await storedRecovery(rootId)
    const bad: [string, unknown][] = [
      ['no kdf', { ...body, kdf: undefined }],
      ['no verifier', { ...body, verifier: undefined }],
      ['a password set without the OPRF', { ...body, kdf: { ...body.kdf, algorithm: 'argon2id', hash_length: 32, oprf: undefined } }],
      ['weaker argon2id memory', { ...body, kdf: { ...body.kdf, memory_kib: 1024 } }],
      ['one iteration', { ...body, kdf: { ...body.kdf, iterations: 1 } }],
      ['another algorithm', { ...body, kdf: { ...body.kdf, algorithm: 'pbkdf2' } }],
      ['a short salt', { ...body, kdf: { ...body.kdf, salt: b64(new Uint8Array(8)) } }],
      ['a short iv', { ...body, encrypted_recovery_share: { ...body.encrypted_recovery_share, iv: b64(new Uint8Array(8)) } }],
      ['a ciphertext of an imported key for an HD wallet', { ...body, encrypted_recovery_share: { ...body.encrypted_recovery_share, ciphertext: b64(new Uint8Array(49)) } }],
      ['a ciphertext of no share', { ...body, encrypted_recovery_share: { ...body.encrypted_recovery_share, ciphertext: b64(new Uint8Array(5)) } }],
      ['automatic recovery', { ...body, recovery_method: 'privy' }],
      ['a cloud method', { ...body, recovery_method: 'google-drive' }],
      ['a bad address', { ...body, address: '0x1234' }],
    ]
    for (const [what, input] of bad) {
      const res = await call('set_recovery', input, token)
      expect(res.status, what).toBe(400)
    }
    expect(await storedRecovery(rootId)).toEqual(before)
  })

  it('an app that does not offer password recovery refuses it', async () => {
    // Its own server (one test uses it): the file's beforeAll starts one server, not two.
    const plain = await createTestServer({ plugins: [emailServer(), embeddedWalletServer(), recoveryPasswordServer()], walletOrigin: WALLET_ORIGIN, app: { 'embedded-wallet': {} } })
    try {
      const { token, body } = await walletWithPasswordBody(plain)
      const res = await call('set_recovery', body, token, plain)
      expect(res.status).toBe(400)
      expect((await res.json()).code).toBe('recovery_method_not_enabled')
    } finally {
      await plain.close()
    }
  })

  it('User-controlled recovery cannot be set for users with a Solana wallet', async () => {
    const { token, rootId, body } = await walletWithPasswordBody()
    const sol = await makeTestWallet('solana', undefined, made)
    expect((await call('create', createBody(sol, { chain_type: 'solana' }), token)).status).toBe(200)
    const before = await storedRecovery(rootId)
    const res = await call('set_recovery', body, token)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'user_owned_recovery_with_solana', error: 'User-controlled recovery cannot be set for users with a Solana wallet' })
    expect(await storedRecovery(rootId)).toEqual(before)
  })

  it('recovery_share is rate limited per user: the 11th try in an hour is 429', async () => {
    const { token, body, wallet } = await walletWithPasswordBody()
    expect((await call('set_recovery', body, token)).status).toBe(200)
    // Right passwords (each reset the wrong-password count): only the hourly limit stops them.
    for (let i = 0; i < 10; i++) expect((await recoverWithPassword(t, token, wallet.address, PASSWORD)).open!.status).toBe(200)
    expect((await recoverWithPassword(t, token, wallet.address, PASSWORD)).evaluation.status).toBe(429)
    // Another user is not affected.
    const other = await walletWithPasswordBody()
    expect((await call('set_recovery', other.body, other.token)).status).toBe(200)
    expect((await recoverWithPassword(t, other.token, other.wallet.address, PASSWORD)).open!.status).toBe(200)
  })

  it('the host page cannot reach the new routes; no log carries a share or ciphertext', async () => {
    const { token, body, wallet } = await walletWithPasswordBody()
    expect((await custodyCall(t, token, 'http://localhost:5173')('set_recovery', body)).status).toBe(403)
    expect((await custodyCall(t, token, 'http://localhost:5173')('recovery_share', { address: wallet.address })).status).toBe(403)
    expect((await custodyCall(t, token, 'http://localhost:5173')('open_recovery_share', { address: wallet.address, verifier: body.verifier })).status).toBe(403)
    const everything = logs.join('\n')
    expect(everything).toContain('recovery set to user-passcode')
    for (const share of made) expect(everything).not.toContain(b64(share))
    expect(everything).not.toContain(body.encrypted_recovery_share.ciphertext)
    expect(everything).not.toContain(body.verifier)
  })
})

describe('a server without recoveryPasswordServer()', () => {
  it('offers no password: the operator is told, the public config leaves it out, its routes are 404 and the slot refuses it', async () => {
    const warnings: string[] = []
    const bare = await createTestServer({
      plugins: [emailServer(), embeddedWalletServer(), recoveryGoogleDriveServer()],
      walletOrigin: WALLET_ORIGIN,
      app: { 'embedded-wallet': { user_owned_recovery_options: ['user-passcode', 'google-drive'] } },
      logger: { info() {}, warn: (m: string) => warnings.push(m), error() {} },
    })
    try {
      expect(warnings.filter((m) => m.includes('no server plugin serves'))).toEqual([
        expect.stringContaining(`app ${bare.appId} offers user-passcode recovery, which no server plugin serves`),
      ])
      const config = await (await bare.request(`/api/v1/apps/${bare.appId}`)).json()
      expect(config.embedded_wallet_config.user_owned_recovery_options).toEqual(['google-drive'])

      const { body } = await walletWithPasswordBody()
      const token = await newUser(bare)
      const wallet = await makeTestWallet('ethereum', undefined, made)
      const user = (await (await call('create', createBody(wallet), token, bare)).json()) as RawUser
      const rootId = String(user.linkedAccounts.find((a) => a.type === 'wallet')!.rootId)
      expect((await call('recovery_key', { address: wallet.address, blinded_element: body.verifier }, token, bare)).status).toBe(404)
      expect((await call('open_recovery_share', { address: wallet.address, verifier: body.verifier }, token, bare)).status).toBe(404)
      const set = await call('set_recovery', { ...body, address: wallet.address }, token, bare)
      expect([set.status, await set.json()]).toEqual([400, expect.objectContaining({ code: 'recovery_method_not_enabled', error: 'This server does not serve user-passcode recovery' })])
      // A wallet that has a password (set while the plugin was listed) is not released without it.
      await bare.server.db.query(
        "UPDATE embedded_wallet_shares SET ciphertext = $2, iv = $3, key_id = 'user-passcode', wrapped_key = NULL, wrapped_key_iv = NULL, kdf = $4 WHERE root_id = $1 AND kind = 'recovery'",
        [rootId, body.encrypted_recovery_share.ciphertext, body.encrypted_recovery_share.iv, JSON.stringify(body.kdf)],
      )
      await bare.server.db.query("UPDATE embedded_wallet_roots SET recovery_method = 'user-passcode' WHERE id = $1", [rootId])
      const share = await call('recovery_share', { address: wallet.address, blinded_element: body.verifier }, token, bare)
      expect([share.status, await share.json()]).toEqual([400, expect.objectContaining({ code: 'unsupported_recovery_method', data: { recovery_method: 'user-passcode' } })])
    } finally {
      await bare.close()
    }
  })
})
