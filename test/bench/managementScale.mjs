// The management API at scale on PostgreSQL: seeds N users (default 100,000) as the server stores them (users, an e-mail
// and an external Ethereum wallet account each, custom metadata on every tenth) with a few set-based INSERTs, then
// times the real HTTP API with an app secret: a user by id, by e-mail, by wallet address, a page of 100 (following the
// cursor), a page of 100 filtered by login method, and a search. p50/p95/p99 over BENCH_MGMT_REQUESTS requests each.
//
//   npm run bench:management                     (DATABASE_URL: that PostgreSQL; else a throwaway one, test/kit)
//   BENCH_MGMT_USERS=10000 BENCH_MGMT_REQUESTS=300 BENCH_MGMT_CONCURRENCY=4 BENCH_MGMT_EXPLAIN=1
import { managementServer } from '../../plugins/management/server.ts'
import { emailServer } from '../../plugins/email/server.ts'
import { createServer } from '../../core/server/index.ts'

const USERS = Number(process.env.BENCH_MGMT_USERS ?? 100_000)
const REQUESTS = Number(process.env.BENCH_MGMT_REQUESTS ?? 300)
const CONCURRENCY = Number(process.env.BENCH_MGMT_CONCURRENCY ?? 4)
const WARMUP = 30
const APP_ID = 'foyer_mgmt_bench_00000001'
const OTHER_APP_ID = 'foyer_mgmt_bench_00000002'

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN

/** `count` requests by CONCURRENCY clients; a failed one is an error (not timed). */
async function run(count, op) {
  const latencies = []
  const errors = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++
        const t0 = performance.now()
        try {
          await op(i)
          latencies.push(performance.now() - t0)
        } catch (error) {
          errors.push(String(error?.message ?? error))
        }
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return { count, perSecond: count / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1), errors }
}

/**
 * The rows a sign-up or the management API would write, set-based. User i: id `did:foyer:` + 30 hex of md5, created
 * i seconds after the first, e-mail `user<i>@bench.example.com`, wallet 0x + i in 40 digits (digits only: its own
 * EIP-55 form, so data.address and the identifier agree as getAddress would make them). One user in ten of the other app.
 */
async function seed(db, users) {
  await db.query('DELETE FROM users WHERE app_id = ANY($1)', [[APP_ID, OTHER_APP_ID]])
  const start = new Date(Date.now() - users * 1000 - 3600_000)
  const app = `CASE WHEN i % 10 = 9 THEN '${OTHER_APP_ID}' ELSE '${APP_ID}' END`
  const userId = `'did:foyer:' || substr(md5('bench-user-' || i), 1, 30)`
  const at = `$1::timestamptz + make_interval(secs => i)`
  await db.query(`INSERT INTO users (id, app_id, created_at) SELECT ${userId}, ${app}, ${at} FROM generate_series(0, $2 - 1) AS i`, [start, users])
  await db.query(
    `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at)
     SELECT ${userId}, ${app}, 'email', 'user' || i || '@bench.example.com', jsonb_build_object('address', 'user' || i || '@bench.example.com'), ${at}, ${at}, ${at}
     FROM generate_series(0, $2 - 1) AS i`,
    [start, users],
  )
  await db.query(
    `INSERT INTO linked_accounts (user_id, app_id, type, identifier, data, verified_at, first_verified_at, latest_verified_at)
     SELECT ${userId}, ${app}, 'wallet', '0x' || lpad(i::text, 40, '0'),
            jsonb_build_object('address', '0x' || lpad(i::text, 40, '0'), 'chainType', 'ethereum', 'walletClientType', 'unknown', 'connectorType', 'unknown', 'imported', false, 'delegated', false, 'walletIndex', null),
            ${at}, ${at}, ${at}
     FROM generate_series(0, $2 - 1) AS i`,
    [start, users],
  )
  await db.query(
    `INSERT INTO management_custom_metadata (user_id, custom_metadata, updated_at)
     SELECT ${userId}, jsonb_build_object('plan', 'pro', 'row', i), ${at} FROM generate_series(0, $2 - 1) AS i WHERE i % 10 = 0`,
    [start, users],
  )
  for (const table of ['users', 'linked_accounts', 'management_custom_metadata']) await db.query(`ANALYZE ${table}`)
}

export async function managementScaleBench() {
  const { startPostgresServer } = await import('../kit/postgresServer.ts')
  const database = process.env.DATABASE_URL ? null : await startPostgresServer()
  const databaseUrl = process.env.DATABASE_URL ?? database.url
  const server = await createServer({
    databaseUrl,
    smtpUrl: '',
    dev: true,
    logger: { info() {}, warn() {}, error() {} },
    plugins: [emailServer(), managementServer()],
    apps: [
      { id: APP_ID, name: 'Management bench', allowed_origins: ['http://localhost'], email_auth: true },
      { id: OTHER_APP_ID, name: 'Other', allowed_origins: ['http://localhost'], email_auth: true },
    ],
    rateLimits: { 'management.app': { limit: 1_000_000 }, 'management.ip': { limit: 1_000_000 } },
  })
  try {
    const seeding = performance.now()
    await seed(server.db, USERS)
    const seedSeconds = (performance.now() - seeding) / 1000
    const { secret } = await server.ctx.appSecrets.create(APP_ID)
    const { url, close } = await server.listen(0, '127.0.0.1')
    try {
      const headers = { 'foyer-app-id': APP_ID, authorization: `Basic ${Buffer.from(`${APP_ID}:${secret}`).toString('base64')}`, 'content-type': 'application/json' }
      const call = async (method, path, body) => {
        const res = await fetch(url + path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
        const text = await res.text()
        if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 120)}`)
        return JSON.parse(text)
      }
      // Users of the bench app, spread over the table (i % 10 = 9 are the other app's).
      const sample = (k) => {
        const i = (k * 7919 + 13) % USERS
        return i % 10 === 9 ? i - 1 : i
      }
      const ids = (await server.db.query(`SELECT 'did:foyer:' || substr(md5('bench-user-' || i), 1, 30) AS id FROM unnest($1::int[]) WITH ORDINALITY AS s(i, n) ORDER BY n`, [Array.from({ length: REQUESTS + WARMUP }, (_, k) => sample(k))])).map((r) => r.id)
      const expectOne = (user, what) => {
        if (!user?.id) throw new Error(`${what}: no user`)
      }
      let cursor = null
      const page = async (query) => {
        const answer = await call('GET', `/api/v1/users?limit=100${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
        if (answer.data.length !== 100 && answer.next_cursor) throw new Error(`page of ${answer.data.length}`)
        cursor = answer.next_cursor
      }
      const cases = [
        ['user by id          GET  /api/v1/users/:id', (k) => call('GET', `/api/v1/users/${encodeURIComponent(ids[k])}`).then((u) => expectOne(u, 'id'))],
        ['user by e-mail      POST /api/v1/users/email/address', (k) => call('POST', '/api/v1/users/email/address', { address: `USER${sample(k)}@bench.example.com` }).then((u) => expectOne(u, 'email'))],
        ['user by wallet      POST /api/v1/users/wallet/address', (k) => call('POST', '/api/v1/users/wallet/address', { address: `0x${String(sample(k)).padStart(40, '0')}` }).then((u) => expectOne(u, 'wallet'))],
        ['search (e-mail)     GET  /api/v1/users?search=', (k) => call('GET', `/api/v1/users?search=${encodeURIComponent(`user${sample(k)}@bench.example.com`)}`).then((p) => expectOne(p.data[0], 'search'))],
        ['search (wallet)     GET  /api/v1/users?search=', (k) => call('GET', `/api/v1/users?search=0x${String(sample(k)).padStart(40, '0')}`).then((p) => expectOne(p.data[0], 'search'))],
        ['page of 100         GET  /api/v1/users?limit=100', () => page('')],
        ['page of 100, wallet GET  /api/v1/users?limit=100&login_method=wallet', () => page('&login_method=wallet')],
      ]
      const rows = []
      for (const [name, op] of cases) {
        cursor = null
        await run(WARMUP, (k) => op(REQUESTS + k))
        cursor = null
        rows.push({ name, ...(await run(REQUESTS, op)) })
      }
      if (process.env.BENCH_MGMT_EXPLAIN) {
        for (const [what, sql, params] of [
          ['by e-mail', 'SELECT user_id FROM linked_accounts WHERE app_id = $1 AND type = $2 AND identifier = $3', [APP_ID, 'email', 'user5000@bench.example.com']],
          ['listing page', 'SELECT u.id, u.created_at::text FROM users u WHERE u.app_id = $1 ORDER BY u.created_at, u.id LIMIT 101', [APP_ID]],
          ['page of accounts', 'SELECT user_id, type FROM linked_accounts WHERE user_id = ANY($1) ORDER BY id', [ids.slice(0, 100)]],
        ]) {
          const plan = await server.db.query(`EXPLAIN ANALYZE ${sql}`, params)
          console.log(`EXPLAIN ANALYZE (${what}):\n  ${plan.map((r) => r['QUERY PLAN']).join('\n  ')}`)
        }
      }
      const counts = await server.db.query(`SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM linked_accounts) AS accounts`)
      const ms = (v) => v.toFixed(1).padStart(7)
      console.log(`Management API on PostgreSQL: ${Number(counts[0].users).toLocaleString('en')} users, ${Number(counts[0].accounts).toLocaleString('en')} linked accounts (seeded in ${seedSeconds.toFixed(1)} s); ${REQUESTS} requests per row after ${WARMUP} warm-up, ${CONCURRENCY} concurrent clients, HTTP on loopback (server, PostgreSQL and this client share the machine)`)
      console.log(`  ${'request'.padEnd(72)}   p50 ms   p95 ms   p99 ms   max ms     req/s  errors`)
      for (const r of rows) console.log(`  ${r.name.padEnd(72)} ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.p99)}  ${ms(r.max)}  ${r.perSecond.toFixed(0).padStart(8)}  ${String(r.errors.length).padStart(6)}`)
      for (const r of rows) for (const error of r.errors.slice(0, 2)) console.log(`    error (${r.name.trim()}): ${error}`)
      return rows
    } finally {
      await close()
    }
  } finally {
    await server.close()
    await database?.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await managementScaleBench()
  if (rows.some((r) => r.errors.length)) process.exitCode = 1
}
