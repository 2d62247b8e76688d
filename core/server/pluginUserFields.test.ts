import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { UserSchema } from '../protocol/index.js'
import { defineServerPlugin } from './defineServerPlugin.js'

const walletFields = defineServerPlugin({
  id: 'wallet-fields',
  // The last two try to replace what core sends: left out.
  userFields: async (_db, userId) => ({ embeddedWallet: { address: `0x${userId.length}` }, mfaMethods: ['forged'], linked_accounts: [] }),
  routes() {},
})
const later = defineServerPlugin({
  id: 'later',
  userFields: async () => ({ embeddedWallet: 'taken', farcasterSigner: null }),
  routes() {},
})

const warnings: string[] = []
let t: TestServer
beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), walletFields, later],
    logger: { info() {}, warn: (msg) => warnings.push(msg), error() {} },
  })
})
afterAll(() => t.close())

describe('plugin user fields', () => {
  it("join the user on the wire, never in place of core's fields or an earlier plugin's", async () => {
    const { token, user: fromLogin } = await t.login('fields@example.com')
    if (!token) throw new Error('no access token')
    const { user } = await (await t.request('/api/v1/users/me', { token })).json()
    expect(user).toEqual(fromLogin)
    expect(user).toMatchObject({ mfaMethods: [], embeddedWallet: { address: `0x${user.id.length}` }, farcasterSigner: null })
    expect(user.linkedAccounts).toHaveLength(1)
    expect(user).not.toHaveProperty('linked_accounts')
    // The client's schema keeps them.
    expect(v.parse(UserSchema, user)).toMatchObject({ embeddedWallet: { address: `0x${user.id.length}` } })
  })

  it('names each refused key once', async () => {
    const token = (await t.login('fields2@example.com')).token!
    await t.request('/api/v1/users/me', { token })
    expect(warnings.sort()).toEqual([
      '[foyer] server plugin "later": user field "embeddedWallet" is already plugin "wallet-fields"\'s; left out',
      '[foyer] server plugin "wallet-fields": user field "linked_accounts" is already core\'s; left out',
      '[foyer] server plugin "wallet-fields": user field "mfaMethods" is already core\'s; left out',
    ])
  })
})
