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

const batched = defineServerPlugin({
  id: 'batched',
  userFields: async (_db, userId) => ({ badge: userId.slice(-4) }),
  // The page's form: one call for every user (counted), the same fields.
  userFieldsOf: async (_db, userIds) => (batchedCalls.push(userIds.length), new Map(userIds.map((id) => [id, { badge: id.slice(-4) }]))),
  routes() {},
})
const batchedCalls: number[] = []

const warnings: string[] = []
let t: TestServer
beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), walletFields, later, batched],
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

  it('ctx.users.getMany answers each user as ctx.users.get does, in the ids\' order, a gone one left out; userFieldsOf once for all', async () => {
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push((await t.login(`many${i}@example.com`)).user.id)
    const warned = warnings.length
    batchedCalls.length = 0
    const order = [ids[3]!, 'did:foyer:gone', ids[0]!, ids[4]!, ids[1]!, ids[2]!]
    const many = await t.server.ctx.users.getMany(order)
    expect(batchedCalls).toEqual([5])
    expect(many.map((u) => u.id)).toEqual([ids[3], ids[0], ids[4], ids[1], ids[2]])
    for (const user of many) expect(user).toEqual(await t.server.ctx.users.get(user.id))
    expect(many[0]).toMatchObject({ badge: ids[3]!.slice(-4), embeddedWallet: { address: `0x${ids[3]!.length}` }, farcasterSigner: null })
    expect(await t.server.ctx.users.getMany([])).toEqual([])
    // The refused keys were named already: not again.
    expect(warnings).toHaveLength(warned)
  })
})
