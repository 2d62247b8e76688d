import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { emailServer } from '../../plugins/email/server.js'
import { defineServerPlugin } from './defineServerPlugin.js'
import type { HttpError } from './HttpError.js'
import { createTransferNonces, type TransferBinding } from './transfers.js'

let t: TestServer
let clock = Date.now()
const binding: TransferBinding = { appId: 'app', userId: 'did:b', type: 'email', identifier: 'x@example.com', ownerId: 'did:a' }

/** Discloses an embedded wallet address for users whose id ends with the marker, like an embedded-wallet plugin would. */
const walletDisclosure = defineServerPlugin({
  id: 'test-wallet-disclosure',
  async describeUserForTransfer(db, userId) {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM linked_accounts WHERE user_id = $1', [userId])
    return row && row.n > 0 ? { embedded_wallet_address: '0x00000000000000000000000000000000000000aa' } : null
  },
  routes() {},
})

beforeAll(async () => {
  t = await createTestServer({ now: () => clock, plugins: [emailServer(), walletDisclosure] })
})
afterAll(() => t.close())

/** Two users with an e-mail each, made through the real login route. */
async function twoUsers(tag: string) {
  const a = await t.login(`a-${tag}@example.com`)
  const b = await t.login(`b-${tag}@example.com`)
  return { a: a.user.id, b: b.user.id }
}
const caught = (p: Promise<unknown>) => p.then(() => null, (e: HttpError) => e)

describe('transfer nonces', () => {
  it('verify accepts the exact binding only', () => {
    const nonces = createTransferNonces({ secrets: t.server.ctx.secrets, now: () => clock })
    const nonce = nonces.issue(binding)
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/)
    expect(nonces.verify(nonce, binding)).toBe(true)
    for (const key of Object.keys(binding) as (keyof TransferBinding)[]) {
      expect(nonces.verify(nonce, { ...binding, [key]: `${binding[key]}2` })).toBe(false)
    }
    expect(nonces.verify(`${nonce}A`, binding)).toBe(false)
    expect(nonces.verify('', binding)).toBe(false)
  })

  it('verify refuses an expired nonce; nonces are unique', () => {
    let now = 1_000_000_000_000
    const nonces = createTransferNonces({ secrets: t.server.ctx.secrets, now: () => now }, 600)
    const nonce = nonces.issue(binding)
    expect(nonce).not.toBe(nonces.issue(binding))
    now += 599_000
    expect(nonces.verify(nonce, binding)).toBe(true)
    now += 1_000
    expect(nonces.verify(nonce, binding)).toBe(false)
  })

  it('consume succeeds once per nonce, and stores only a hash', async () => {
    const nonces = createTransferNonces({ secrets: t.server.ctx.secrets, now: () => clock })
    const nonce = nonces.issue(binding)
    expect(await t.server.db.tx((tx) => nonces.consume(tx, 'app', nonce))).toBe(true)
    expect(await t.server.db.tx((tx) => nonces.consume(tx, 'app', nonce))).toBe(false)
    const rows = await t.server.db.query<{ nonce_hash: string }>('SELECT nonce_hash FROM account_transfer_nonces')
    expect(rows.some((r) => r.nonce_hash.includes(nonce.split('.')[0]!))).toBe(false)
  })
})

describe('accounts.link conflicts', () => {
  it('custom, guest and passkey conflicts stay linked_to_another_user with no nonce, even with transfer info', async () => {
    const { a, b } = await twoUsers('types')
    for (const type of ['custom_auth', 'guest', 'passkey']) {
      await t.server.db.query(
        `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at) VALUES ($1, $2, $3, 'same', '{}', now())`,
        [a, t.appId, type],
      )
      const error = await caught(t.server.ctx.accounts.link(b, { type, identifier: 'same' }, { maxPerType: 5, transfer: { account: { x: 1 } } }))
      expect(error).toMatchObject({ status: 400, code: 'linked_to_another_user' })
      expect(error?.data).toBeUndefined()
    }
  })

  it('without transfer info a conflict stays linked_to_another_user', async () => {
    await twoUsers('plain')
    const b = (await t.login('c-plain@example.com')).user.id
    await t.server.db.query('DELETE FROM linked_accounts WHERE user_id = $1', [b])
    const error = await caught(t.server.ctx.accounts.link(b, { type: 'email', identifier: 'a-plain@example.com' }))
    expect(error).toMatchObject({ status: 400, code: 'linked_to_another_user' })
  })

  it("the offer discloses the other user's embedded wallet address from a plugin hook", async () => {
    await twoUsers('wallet')
    const b = (await t.login('c-wallet@example.com')).user.id
    await t.server.db.query('DELETE FROM linked_accounts WHERE user_id = $1', [b])
    const error = await caught(
      t.server.ctx.accounts.link(b, { type: 'email', identifier: 'a-wallet@example.com' }, { transfer: { account: { email: 'a-wallet@example.com' }, displayName: 'A' } }),
    )
    expect(error).toMatchObject({ status: 400, code: 'account_transfer_required' })
    expect(error?.data).toMatchObject({
      account_type: 'email',
      display_name: 'A',
      embedded_wallet_address: '0x00000000000000000000000000000000000000aa',
      account: { email: 'a-wallet@example.com' },
    })
  })

  it('transfer of a non-transferable type is refused before anything else', async () => {
    const { b } = await twoUsers('passkey-transfer')
    const error = await caught(t.server.ctx.accounts.transfer(b, { type: 'passkey', identifier: 'cred' }, 'nonce'))
    expect(error).toMatchObject({ status: 400, code: 'invalid_data', message: 'Invalid transfer account type' })
  })

  it('transfer respects the per-type limit at transfer time', async () => {
    const { a } = await twoUsers('limit')
    const b = (await t.login('c-limit@example.com')).user.id
    await t.server.db.query("UPDATE linked_accounts SET type = 'other' WHERE user_id = $1", [b])
    const offer = await caught(
      t.server.ctx.accounts.link(b, { type: 'email', identifier: 'a-limit@example.com' }, { transfer: { account: { email: 'a-limit@example.com' } } }),
    )
    const nonce = offer!.data!.nonce as string
    // B got an e-mail meanwhile: the transfer would exceed one per type.
    await t.server.db.query("UPDATE linked_accounts SET type = 'email', identifier = 'c2-limit@example.com' WHERE user_id = $1", [b])
    const error = await caught(t.server.ctx.accounts.transfer(b, { type: 'email', identifier: 'a-limit@example.com' }, nonce))
    expect(error).toMatchObject({ status: 400, code: 'cannot_link_more_of_type' })
    expect(await t.server.ctx.users.findAccountOwner(t.appId, 'email', 'a-limit@example.com')).toBe(a)
  })
})
