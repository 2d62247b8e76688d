import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_APP_ID } from '../../test/kit/createTestServer.js'
import { codeOf, createManagementTestServer, OTHER_APP_ID, type ManagementTestServer } from '../../test/kit/managementApi.js'
import { mfaTotpServer } from '../mfa-totp/server.js'
import { managementPaths, type ManagementUser, type ManagementUserPage } from './schema.js'

let clock = Date.parse('2026-09-01T00:00:00Z')
const now = () => clock

const page = async (m: ManagementTestServer, query: string, appId = TEST_APP_ID) => {
  const res = await m.api(`${managementPaths.users}${query ? `?${query}` : ''}`, { appId })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as ManagementUserPage
}
const create = async (m: ManagementTestServer, linked_accounts: unknown[], appId = TEST_APP_ID) => {
  const res = await m.api(managementPaths.users, { body: { linked_accounts }, appId })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as ManagementUser
}

describe('GET /api/v1/users: keyset pagination', () => {
  let m: ManagementTestServer
  beforeAll(async () => {
    m = await createManagementTestServer({ now })
  })
  afterAll(() => m?.t.close())

  it('pages over 250 users with a stable cursor while users are created and deleted meanwhile', async () => {
    const originals: string[] = []
    for (let i = 0; i < 250; i++) {
      // Groups of five share a creation time: the id breaks the tie.
      if (i % 5 === 0) clock += 1000
      originals.push((await create(m, [{ type: 'email', address: `page.user.${i}@example.com` }])).id)
    }
    // Another app's users are never listed.
    await create(m, [{ type: 'email', address: 'elsewhere@example.com' }], OTHER_APP_ID)

    const first = await page(m, '')
    expect(first.data).toHaveLength(100)
    expect(first.next_cursor).toEqual(expect.any(String))
    // Users created between pages sort after every cursor; a user deleted before its page is simply not there.
    const added: string[] = []
    clock += 1000
    for (let i = 0; i < 10; i++) added.push((await create(m, [{ type: 'email', address: `late.user.${i}@example.com` }])).id)
    const doomed = originals[150]!
    expect((await m.api(managementPaths.user.replace(':id', doomed), { method: 'DELETE' })).status).toBe(204)

    const second = await page(m, `cursor=${encodeURIComponent(first.next_cursor!)}`)
    const third = await page(m, `cursor=${encodeURIComponent(second.next_cursor!)}&limit=100`)
    expect(second.data).toHaveLength(100)
    expect(third.next_cursor).toBeNull()
    const seen = [...first.data, ...second.data, ...third.data]
    const ids = seen.map((u) => u.id)
    expect(new Set(ids).size).toBe(ids.length)
    // Every user that existed throughout is there once; the late ones after all of them (ties within a second by id).
    expect([...ids].sort()).toEqual([...originals.filter((id) => id !== doomed), ...added].sort())
    expect(ids.slice(-added.length).sort()).toEqual([...added].sort())
    // Oldest first, by (created_at, id).
    const keys = seen.map((u) => [u.created_at, u.id] as const)
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)))
    expect(new Set(seen.map((u) => u.created_at)).size).toBeLessThan(seen.length)

    // The same cursor later answers the same continuation (users only ever join at the end).
    expect((await page(m, `cursor=${encodeURIComponent(first.next_cursor!)}&limit=5`)).data.map((u) => u.id)).toEqual(second.data.slice(0, 5).map((u) => u.id))
  })

  it('takes limit 1..100 and only cursors it made: anything else is 400 invalid_data', async () => {
    const small = await page(m, 'limit=7')
    expect(small.data).toHaveLength(7)
    const [body, mac] = small.next_cursor!.split('.')
    const forged = `${Buffer.from(JSON.stringify(['2000-01-01 00:00:00+00', 'x'])).toString('base64url')}.${mac}`
    for (const query of ['limit=0', 'limit=101', 'limit=ten', 'limit=-1', 'cursor=garbage', `cursor=${body}`, `cursor=${forged}`, 'created_after=yesterday', 'login_method=Robert%27)%3B', `search=${'x'.repeat(300)}`]) {
      const res = await m.api(`${managementPaths.users}?${query}`)
      expect(res.status, query).toBe(400)
      expect(await codeOf(res)).toBe('invalid_data')
    }
  })
})

describe('GET /api/v1/users: filters and search', () => {
  let m: ManagementTestServer
  const ids: Record<string, string> = {}
  const ETH = '0x8617E340B3D01FA5F11F306F4090FD50E238070D'
  const SOL = 'So11111111111111111111111111111111111111112'
  let start = 0
  beforeAll(async () => {
    m = await createManagementTestServer({ now })
    clock += 3600_000
    start = Math.floor(clock / 1000)
    ids.email = (await create(m, [{ type: 'email', address: 'Searched.Person@example.com' }])).id
    clock += 10_000
    ids.phone = (await create(m, [{ type: 'phone', number: '+16502530000' }])).id
    clock += 10_000
    ids.eth = (await create(m, [{ type: 'wallet', chain_type: 'ethereum', address: ETH }])).id
    ids.sol = (await create(m, [{ type: 'wallet', chain_type: 'solana', address: SOL }])).id
    clock += 10_000
    ids.farcaster = (await create(m, [{ type: 'farcaster', fid: 977233 }])).id
    ids.telegram = (await create(m, [{ type: 'telegram', telegram_user_id: '5550001' }])).id
    clock += 10_000
    // A custom-JWT account as the custom-jwt plugin stores it (identifier: issuer and subject).
    ids.jwt = (await create(m, [{ type: 'email', address: 'jwt.person@example.com' }])).id
    await m.t.server.db.query(
      `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at)
       VALUES ($1, $2, 'custom_auth', $3, $4, $5, $5, $5)`,
      [ids.jwt, TEST_APP_ID, JSON.stringify(['https://idp.example.com', 'subject-42']), JSON.stringify({ customUserId: 'subject-42', issuer: 'https://idp.example.com' }), new Date(clock)],
    )
    // The same identifiers in another app: never found from this one.
    await create(m, [{ type: 'email', address: 'searched.person@example.com' }, { type: 'farcaster', fid: 977233 }], OTHER_APP_ID)
  })
  afterAll(() => m?.t.close())

  const found = async (query: string) => (await page(m, query)).data.map((u) => u.id)

  it('search finds by e-mail, phone, wallet address (any case for 0x), custom-JWT subject, Farcaster fid, Telegram id and id', async () => {
    const cases: [string, string][] = [
      ['SEARCHED.person@example.com', ids.email!],
      ['+1 650-253-0000', ids.phone!],
      ['+16502530000', ids.phone!],
      [ETH.toLowerCase(), ids.eth!],
      [ETH, ids.eth!],
      [SOL, ids.sol!],
      ['subject-42', ids.jwt!],
      ['977233', ids.farcaster!],
      ['5550001', ids.telegram!],
      [ids.telegram!, ids.telegram!],
    ]
    for (const [search, id] of cases) expect(await found(`search=${encodeURIComponent(search)}`), search).toEqual([id])
    expect(await found(`search=${encodeURIComponent(SOL.toLowerCase())}`)).toEqual([])
    expect(await found('search=nobody%40example.com')).toEqual([])
    expect(await found('search=searched')).toEqual([])
  })

  it('filters by creation time (created_after ≤ t < created_before, unix seconds) and by login method, combined with paging', async () => {
    expect(await found(`created_after=${start}&created_before=${start + 10}`)).toEqual([ids.email])
    expect(await found(`created_after=${start + 10}&created_before=${start + 30}`)).toEqual([ids.phone, ...[ids.eth!, ids.sol!].sort()])
    expect(await found(`created_after=${start + 40}`)).toEqual([ids.jwt])
    expect(await found(`created_before=${start}`)).toEqual([])
    expect((await found('login_method=wallet')).sort()).toEqual([ids.eth!, ids.sol!].sort())
    expect(await found('login_method=custom_auth')).toEqual([ids.jwt])
    expect(await found('login_method=passkey')).toEqual([])
    expect(await found(`login_method=email&created_after=${start + 1}`)).toEqual([ids.jwt])
    const one = await page(m, 'login_method=wallet&limit=1')
    expect(one.data).toHaveLength(1)
    const rest = await page(m, `login_method=wallet&limit=1&cursor=${encodeURIComponent(one.next_cursor!)}`)
    expect(rest.data).toHaveLength(1)
    expect(rest.next_cursor).toBeNull()
    expect([one.data[0]!.id, rest.data[0]!.id].sort()).toEqual([ids.eth!, ids.sol!].sort())
  })
})

describe('GET /api/v1/users: a page is read in a constant number of queries', () => {
  let m: ManagementTestServer
  beforeAll(async () => {
    m = await createManagementTestServer({ now, plugins: [mfaTotpServer()] })
  })
  afterAll(() => m?.t.close())

  it('answers each user as GET /api/v1/users/:id does (accounts, MFA methods, custom metadata), with the same queries for 10 users as for 100', async () => {
    const made: string[] = []
    for (let i = 0; i < 120; i++) {
      clock += 1000
      const res = await m.api(managementPaths.users, {
        body: {
          linked_accounts: [{ type: 'email', address: `batched.${i}@example.com` }, ...(i % 4 ? [] : [{ type: 'telegram', telegram_user_id: String(700 + i) }])],
          ...(i % 3 ? {} : { custom_metadata: { row: i } }),
        },
      })
      made.push(((await res.json()) as ManagementUser).id)
    }
    // Some users have TOTP enrolled (the plugin's table, as its enrollment leaves it).
    for (const id of made.filter((_, i) => i % 5 === 0)) {
      await m.t.server.db.query('INSERT INTO mfa_totp (user_id, secret, created_at) VALUES ($1, $2, now())', [id, 'sealed'])
    }
    const db = m.t.server.ctx.db
    const original = db.query.bind(db)
    let queries = 0
    db.query = ((...args: Parameters<typeof db.query>) => (queries++, original(...args))) as typeof db.query
    const counted = async (query: string) => {
      queries = 0
      const got = await page(m, query)
      return { got, queries }
    }
    try {
      const small = await counted('limit=10')
      const full = await counted('limit=100')
      expect(small.got.data).toHaveLength(10)
      expect(full.got.data).toHaveLength(100)
      expect(small.queries).toBeGreaterThan(0)
      expect(full.queries).toBe(small.queries)
    } finally {
      db.query = original
    }
    const listed = (await page(m, 'limit=100')).data
    expect(listed.map((u) => u.id)).toEqual(made.slice(0, 100))
    for (const user of listed) {
      const one = (await (await m.api(managementPaths.user.replace(':id', user.id))).json()) as ManagementUser
      expect(user).toEqual(one)
    }
    expect(listed[0]).toMatchObject({ mfa_methods: [{ type: 'totp' }], custom_metadata: { row: 0 } })
    expect(listed[1]).toMatchObject({ mfa_methods: [], custom_metadata: {} })
    expect(listed[0]!.linked_accounts).toHaveLength(2)
  })
})
