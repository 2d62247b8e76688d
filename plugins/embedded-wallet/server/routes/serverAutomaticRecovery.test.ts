import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RawUser } from '../../../../core/protocol/index.js'
import { createTestServer, type TestServer } from '../../../../test/kit/createTestServer.js'
import { emailServer } from '../../../email/server.js'
import { b64, createBody, custodyCall, makeWallet, WALLET_ORIGIN } from '../../../../test/kit/embeddedWallets.js'
import { combineWalletShares } from '../../../../test/kit/walletFrameKit.js'
import { passwordRecoveryBody } from '../../../../test/kit/passwordRecovery.js'
import { embeddedWalletServer } from '../../server.js'
import { recoveryPasswordServer } from '../../../recovery-password/server.js'

// set_automatic_recovery: from a password back to automatic ('privy') recovery ('Automatically secure your account').
const made: Uint8Array[] = []
let t: TestServer
let users = 0
const call = (route: string, body: unknown, token: string) => custodyCall(t, token, WALLET_ORIGIN)(route, body)
const storedRecovery = async (rootId: string) =>
  (await t.server.db.query<{ ciphertext: string; key_id: string; wrapped_key: string | null; kdf: string | null }>(
    "SELECT ciphertext, key_id, wrapped_key, kdf FROM embedded_wallet_shares WHERE root_id = $1 AND kind = 'recovery'",
    [rootId],
  ))[0]!
const methodOf = async (rootId: string) =>
  (await t.server.db.query<{ recovery_method: string }>('SELECT recovery_method FROM embedded_wallet_roots WHERE id = $1', [rootId]))[0]!.recovery_method

/** A user whose Ethereum wallet recovers by password. */
async function passwordWallet() {
  const token = (await t.login(`automatic.${++users}@example.com`)).token!
  const wallet = await makeWallet('ethereum', undefined, made)
  const user = (await (await call('create', createBody(wallet), token)).json()) as RawUser
  const rootId = String(user.linkedAccounts.find((a) => a.type === 'wallet')!.rootId)
  const { body } = await passwordRecoveryBody(t, token, wallet.address, 'Correct-Horse-Battery-1', wallet.shares.device.slice(), { userId: user.id, rootId, method: 'user-passcode' })
  const set = await call('set_recovery', body, token)
  expect(set.status).toBe(200)
  return { token, wallet, rootId }
}

beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), embeddedWalletServer(), recoveryPasswordServer()],
    walletOrigin: WALLET_ORIGIN,
    app: { 'embedded-wallet': { user_owned_recovery_options: ['user-passcode'] } },
  })
})
afterAll(() => t.close())

describe('back to automatic recovery', () => {
  it('seals the given share for the server, drops the password ciphertext and sets privy on root and accounts; automatic recovery rebuilds the wallet', async () => {
    const { token, wallet, rootId } = await passwordWallet()
    const res = await call('set_automatic_recovery', { address: wallet.address, recovery_share: b64(wallet.shares.device) }, token)
    expect(res.status).toBe(200)
    const user = (await res.json()) as RawUser
    expect(user.linkedAccounts.find((a) => a.type === 'wallet')).toMatchObject({ address: wallet.address, recoveryMethod: 'privy' })
    expect(await methodOf(rootId)).toBe('privy')
    const stored = await storedRecovery(rootId)
    expect(stored.wrapped_key).not.toBeNull()
    expect(stored.kdf).toBeNull()
    expect(stored.key_id).not.toBe('user-passcode')
    const recover = await call('recover', { address: wallet.address }, token)
    expect(recover.status).toBe(200)
    const answer = await recover.json()
    const rebuilt = await combineWalletShares(new Uint8Array(Buffer.from(answer.auth_share, 'base64')), new Uint8Array(Buffer.from(answer.recovery_share, 'base64')))
    expect(rebuilt).toEqual(wallet.secret)
    expect((await call('recovery_share', { address: wallet.address }, token)).status).toBe(400)
    // The password's key is gone with it.
    expect(await t.server.db.query('SELECT 1 FROM embedded_wallet_password_guards WHERE root_id = $1', [rootId])).toHaveLength(0)
  })

  it('a share that is not of the split (the auth share itself, another length) is refused and nothing changes', async () => {
    const { token, wallet, rootId } = await passwordWallet()
    const before = await storedRecovery(rootId)
    for (const share of [b64(wallet.shares.auth), b64(wallet.shares.device.slice(1)), 'not base64!']) {
      const res = await call('set_automatic_recovery', { address: wallet.address, recovery_share: share }, token)
      expect(res.status).toBe(400)
    }
    expect(await storedRecovery(rootId)).toEqual(before)
    expect(await methodOf(rootId)).toBe('user-passcode')
  })

  it("another user's wallet is not found", async () => {
    const { wallet } = await passwordWallet()
    const other = (await t.login(`automatic.other.${++users}@example.com`)).token!
    const res = await call('set_automatic_recovery', { address: wallet.address, recovery_share: b64(wallet.shares.device) }, other)
    expect(res.status).toBe(404)
  })
})
