import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_APP_ID } from '../../test/kit/createTestServer.js'
import { createRng, fuzzBody } from '../../test/kit/schemaFuzzer.js'
import { codeOf, createManagementTestServer, OTHER_APP_ID, type ManagementTestServer } from '../../test/kit/managementApi.js'
import { ImportUserSchema, importUsersPath, MAX_IMPORT_USERS, type ImportReport } from './importSchema.js'
import { managementPaths, type ManagementUser } from './schema.js'

const ETH = '0x52908400098527886E0F7030069857D2E4169EE7'
const SOL = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const ISSUER = 'https://auth.example.com'

let m: ManagementTestServer
beforeAll(async () => {
  m = await createManagementTestServer()
})
afterAll(() => m?.t.close())

const importUsers = async (body: unknown, status = 200) => {
  const res = await m.api(importUsersPath, { method: 'POST', body })
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as ImportReport
}
const count = async (sql: string, params: unknown[] = []) => (await m.t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n
const snapshot = async () => ({
  users: await count('users'),
  accounts: await count('linked_accounts'),
  created: await count(`audit_log WHERE event = 'user.created'`),
  metadata: await count('management_custom_metadata'),
})
const getUser = async (id: string) => (await (await m.api(managementPaths.user.replace(':id', encodeURIComponent(id)))).json()) as ManagementUser

describe('POST /api/v1/users/import', () => {
  it('creates, reports existing, conflicting and malformed rows, each row whole or not at all', async () => {
    const taken = await m.t.login('taken@example.com')
    const before = await snapshot()
    const report = await importUsers({
      users: [
        /* 0 */ { linked_accounts: [{ type: 'email', address: 'Ada@Example.com' }, { type: 'wallet', chain_type: 'ethereum', address: ETH }], custom_metadata: { plan: 'pro', seats: 3 } },
        /* 1 */ { linked_accounts: [{ type: 'wallet', chain_type: 'solana', address: SOL }, { type: 'telegram', telegram_user_id: '424242' }, { type: 'farcaster', fid: 77 }] },
        /* 2 */ { linked_accounts: [{ type: 'custom_auth', custom_user_id: 'legacy-17', issuer: ISSUER }, { type: 'phone', number: '+1 (650) 253-0000' }] },
        /* 3: ada again, same accounts */ { linked_accounts: [{ type: 'wallet', chain_type: 'ethereum', address: ETH.toLowerCase() }, { type: 'email', address: 'ada@example.com' }] },
        /* 4: the account of a user who signed up */ { linked_accounts: [{ type: 'email', address: 'taken@example.com' }] },
        /* 5: free e-mail, wallet taken by row 0 */ { linked_accounts: [{ type: 'email', address: 'grace@example.com' }, { type: 'wallet', chain_type: 'ethereum', address: ETH }] },
        /* 6: good e-mail, bad wallet */ { linked_accounts: [{ type: 'email', address: 'bad-wallet@example.com' }, { type: 'wallet', chain_type: 'ethereum', address: `${ETH.slice(0, -1)}e` }] },
        /* 7 */ { linked_accounts: [{ type: 'email', address: 'not-an-address' }] },
        /* 8 */ { linked_accounts: [] },
        /* 9 */ 'just a string',
        /* 10 */ { linked_accounts: [{ type: 'email', address: 'wallet-made@example.com' }], create_ethereum_wallet: true },
        /* 11 */ { linked_accounts: [{ type: 'custom_auth', custom_user_id: 'no-issuer' }] },
        /* 12 */ { linked_accounts: [{ type: 'email', address: 'twice@example.com' }, { type: 'email', address: 'twice2@example.com' }] },
      ],
    })
    const byIndex = (i: number) => report.results.find((r) => r.index === i)!
    expect(report.results.map((r) => r.status)).toEqual(['created', 'created', 'created', 'existing', 'existing', 'conflict', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid'])
    expect({ created: report.created, existing: report.existing, conflicts: report.conflicts, invalid: report.invalid, dry_run: report.dry_run }).toEqual({ created: 3, existing: 2, conflicts: 1, invalid: 7, dry_run: false })
    expect(byIndex(3).user_id).toBe(byIndex(0).user_id)
    expect(byIndex(4).user_id).toBe(taken.user.id)
    expect(byIndex(5).error).toEqual({ field: 'linked_accounts.1', message: expect.stringMatching(/wallet account already belongs to another user/) })
    expect(byIndex(6).error).toEqual({ field: 'linked_accounts.1', message: 'Invalid ethereum address' })
    expect(byIndex(7).error).toEqual({ field: 'linked_accounts.0.address', message: 'Invalid email address' })
    expect(byIndex(8).error?.field).toBe('linked_accounts')
    expect(byIndex(10).error).toEqual({ field: 'create_ethereum_wallet', message: expect.stringMatching(/made on the user’s device/) })
    expect(byIndex(11).error?.field).toBe('linked_accounts.0.issuer')
    expect(byIndex(12).error).toEqual({ field: 'linked_accounts.1', message: 'At most one email account' })

    const after = await snapshot()
    expect(after.users - before.users).toBe(3)
    // 2 + 3 + 2 accounts; nothing of rows 5, 6, 10, 12 (their good accounts neither).
    expect(after.accounts - before.accounts).toBe(7)
    for (const address of ['grace@example.com', 'bad-wallet@example.com', 'wallet-made@example.com', 'twice@example.com']) {
      expect(await count('linked_accounts WHERE identifier = $1', [address]), address).toBe(0)
    }

    const ada = await getUser(byIndex(0).user_id!)
    expect(ada.custom_metadata).toEqual({ plan: 'pro', seats: 3 })
    expect(ada.linked_accounts).toEqual(expect.arrayContaining([
      expect.objectContaining({ type: 'email', address: 'ada@example.com' }),
      // An external wallet: no key moved, the owner signs in with it.
      expect.objectContaining({ type: 'wallet', address: ETH, chain_type: 'ethereum', wallet_client_type: 'unknown' }),
    ]))
    const third = await getUser(byIndex(2).user_id!)
    expect(third.linked_accounts).toEqual(expect.arrayContaining([
      expect.objectContaining({ type: 'custom_auth', custom_user_id: 'legacy-17' }),
      expect.objectContaining({ type: 'phone', number: '+16502530000' }),
    ]))

    // Each created user committed with its event, by the app's secret (`app:<prefix>`, as every management call); nothing for the others.
    const events = await m.t.server.ctx.audit.list({ appId: TEST_APP_ID, event: 'user.created', limit: 10 })
    const imported = events.filter((e) => e.data.source === 'import')
    expect(imported.map((e) => e.userId).sort()).toEqual([0, 1, 2].map((i) => byIndex(i).user_id).sort())
    expect(imported.map((e) => e.actor)).toEqual(imported.map(() => `app:${m.secret.slice(0, 'foyer_sk_'.length + 8)}`))
    expect(after.created - before.created).toBe(3)
  })

  it('is idempotent: the same rows again create nothing and name the same users', async () => {
    const users = Array.from({ length: 40 }, (_, i) => ({ linked_accounts: [{ type: 'email', address: `again${i}@example.com` }, { type: 'telegram', telegram_user_id: String(9_000 + i) }] }))
    const first = await importUsers({ users })
    expect(first.created).toBe(40)
    const before = await snapshot()
    const second = await importUsers({ users })
    expect({ created: second.created, existing: second.existing }).toEqual({ created: 0, existing: 40 })
    expect(second.results.map((r) => r.user_id)).toEqual(first.results.map((r) => r.user_id))
    expect(await snapshot()).toEqual(before)
    // The imported e-mail signs in as the imported user.
    const { user } = await m.t.login('again7@example.com')
    expect(user.id).toBe(first.results[7]!.user_id)
  })

  it('a dry run reports what would happen and writes nothing', async () => {
    await importUsers({ users: [{ linked_accounts: [{ type: 'email', address: 'dry-existing@example.com' }] }] })
    const before = await snapshot()
    const report = await importUsers({
      dry_run: true,
      users: [
        { linked_accounts: [{ type: 'email', address: 'dry-new@example.com' }], custom_metadata: { a: 1 } },
        { linked_accounts: [{ type: 'email', address: 'dry-existing@example.com' }] },
        { linked_accounts: [{ type: 'email', address: 'dry-new@example.com' }] },
        { linked_accounts: [{ type: 'email', address: 'dry-new@example.com' }, { type: 'telegram', telegram_user_id: '5' }] },
        { linked_accounts: [{ type: 'phone', number: 'nope' }] },
      ],
    })
    expect(report.results.map((r) => r.status)).toEqual(['created', 'existing', 'existing', 'conflict', 'invalid'])
    expect(report.results[0]!.user_id).toBeUndefined()
    expect(report.dry_run).toBe(true)
    expect(await snapshot()).toEqual(before)
  })

  it('keeps apps apart: an account of another app’s user is free in this one', async () => {
    const other = await m.api(importUsersPath, { method: 'POST', appId: OTHER_APP_ID, body: { users: [{ linked_accounts: [{ type: 'email', address: 'both-apps@example.com' }] }] } })
    expect(((await other.json()) as ImportReport).created).toBe(1)
    const mine = await importUsers({ users: [{ linked_accounts: [{ type: 'email', address: 'both-apps@example.com' }] }] })
    expect(mine.created).toBe(1)
  })

  it('refuses without the app secret, a page’s call, a malformed body, too many users and a body too large, writing nothing', async () => {
    const before = await snapshot()
    const body = { users: [{ linked_accounts: [{ type: 'email', address: 'refused@example.com' }] }] }
    const noSecret = await m.api(importUsersPath, { method: 'POST', body, secret: null })
    expect([noSecret.status, await codeOf(noSecret)]).toEqual([401, 'invalid_app_secret'])
    const wrong = await m.api(importUsersPath, { method: 'POST', body, secret: m.otherSecret })
    expect(wrong.status).toBe(401)
    const page = await m.api(importUsersPath, { method: 'POST', body, headers: { origin: 'http://localhost:5173' } })
    expect(page.status).toBe(403)
    for (const bad of [{}, { users: [] }, { users: 'x' }, { users: body.users, dry_run: 'yes' }]) {
      const res = await m.api(importUsersPath, { method: 'POST', body: bad })
      expect([res.status, await codeOf(res)], JSON.stringify(bad)).toEqual([400, 'invalid_data'])
    }
    const many = Array.from({ length: MAX_IMPORT_USERS + 1 }, (_, i) => ({ linked_accounts: [{ type: 'email', address: `m${i}@x.co` }] }))
    const tooMany = await m.api(importUsersPath, { method: 'POST', body: { users: many } })
    expect([tooMany.status, await codeOf(tooMany)]).toEqual([400, 'invalid_data'])
    const padded = Array.from({ length: 400 }, (_, i) => ({ linked_accounts: [{ type: 'email', address: `large${i}@example.com` }], custom_metadata: { note: 'x'.repeat(300) } }))
    const large = await m.api(importUsersPath, { method: 'POST', body: { users: padded } })
    expect([large.status, await codeOf(large)]).toEqual([413, 'payload_too_large'])
    expect(await snapshot()).toEqual(before)
  })

  it('has its own rate limit per app (management.import): 429 too_many_requests, nothing written', async () => {
    const limited = await createManagementTestServer({ rateLimits: { 'management.import': { limit: 1, windowSeconds: 60 } } })
    try {
      const body = (address: string) => ({ users: [{ linked_accounts: [{ type: 'email', address }] }] })
      expect((await limited.api(importUsersPath, { method: 'POST', body: body('first@example.com') })).status).toBe(200)
      const refused = await limited.api(importUsersPath, { method: 'POST', body: body('second@example.com') })
      expect([refused.status, await codeOf(refused)]).toEqual([429, 'too_many_requests'])
      expect((await limited.t.server.db.query(`SELECT 1 FROM linked_accounts WHERE identifier = 'second@example.com'`)).length).toBe(0)
      // The other management routes keep their own budget.
      expect((await limited.api(managementPaths.byEmail, { method: 'POST', body: { address: 'first@example.com' } })).status).toBe(200)
    } finally {
      await limited.t.close()
    }
  })

  it('generated rows: every answer a 200 with a status per row or a declared 4xx, never a 5xx', async () => {
    const seed = Date.now() % 2 ** 31
    const rng = createRng(seed)
    const declared = new Set(['invalid_data', 'payload_too_large'])
    // 30 requests: with the other tests' calls, within management.import's 60 a minute.
    for (let i = 0; i < 30; i++) {
      const users = Array.from({ length: 1 + rng.int(6) }, () => {
        const row = fuzzBody(ImportUserSchema, rng)
        return 'json' in row ? row.json : row.text
      })
      const res = await m.api(importUsersPath, { method: 'POST', body: { users, dry_run: rng.chance(0.3) } })
      const answer = await res.text()
      expect(res.status, `seed ${seed} ${answer.slice(0, 200)}`).toBeLessThan(500)
      if (res.status >= 400) expect(declared.has((JSON.parse(answer) as { code: string }).code), answer).toBe(true)
      else expect((JSON.parse(answer) as ImportReport).results).toHaveLength(users.length)
    }
  })
})
