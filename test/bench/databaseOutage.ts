// A 10 s PostgreSQL outage under load: 8 clients refresh their sessions in a loop over real HTTP, each retrying a 503
// after its Retry-After as the SDK does, while PostgreSQL (a throwaway cluster of this bench) is stopped and started.
// Prints the share of answers that were 503 during the outage, the time from PostgreSQL's return to the first 200,
// other 5xx (must be 0), sign-outs (401, must be 0) and operations lost (must be 0).
import { createServer } from '../../core/server/index.js'
import { emailServer } from '../../plugins/email/server.js'
import { startPostgresServer } from '../kit/postgresServer.js'

const APP_ID = 'foyer_bench_app_000000001'
const CLIENTS = 8
const OUTAGE_MS = Number(process.env.BENCH_OUTAGE_MS ?? 10_000)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const pgServer = await startPostgresServer()
const server = await createServer({
  databaseUrl: pgServer.url,
  dev: true,
  smtpUrl: '',
  logger: { info() {}, warn() {}, error() {} },
  plugins: [emailServer()],
  apps: [{ id: APP_ID, name: 'Bench', allowed_origins: ['http://localhost'], email_auth: true }],
  // One IP does the work of many users here.
  rateLimits: { 'sessions.ip': { limit: 1_000_000 } },
})
const { url, close } = await server.listen(0, '127.0.0.1')
const headers = { 'content-type': 'application/json', 'foyer-app-id': APP_ID }
const post = (path: string, body: unknown, token?: string) =>
  fetch(url + path, { method: 'POST', headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })

async function login(email: string) {
  await post('/api/v1/passwordless/init', { email })
  const outbox = (await (await fetch(`${url}/dev/outbox`)).json()) as { to: string; code?: string }[]
  const code = outbox.find((e) => e.to === email && e.code)!.code
  const res = await post('/api/v1/passwordless/authenticate', { email, code })
  return (await res.json()) as { token: string; refresh_token: string }
}

const sessions = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => login(`outage${i}@example.com`)))
const answers: { at: number; status: number }[] = []
let outageStart = 0
let outageEnd = 0
let stopAt = Infinity
let completed = 0
let lost = 0

/** One refresh, retried on 503 or a refused connection after Retry-After, for up to 30 s: the SDK's behaviour, longer. */
async function refresh(session: { token: string; refresh_token: string }) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    let status = 0
    let retryAfter = 1
    try {
      const res = await post('/api/v1/sessions', { refresh_token: session.refresh_token }, session.token)
      status = res.status
      retryAfter = Number(res.headers.get('retry-after') ?? 1)
      if (res.ok) {
        const body = (await res.json()) as { token: string; refresh_token: string }
        session.token = body.token
        session.refresh_token = body.refresh_token
      } else await res.arrayBuffer()
    } catch {
      status = -1
    }
    answers.push({ at: Date.now(), status })
    if (status === 200) return true
    if (status !== 503 && status !== -1) return false
    await sleep(Math.min(retryAfter * 1000, 1000))
  }
  return false
}

const workers = sessions.map(async (session) => {
  while (Date.now() < stopAt) {
    if (await refresh(session)) completed++
    else lost++
  }
})

// How soon the server itself serves again: a poller asks /readyz (a database round trip) every 20 ms.
let readyAgainAt = 0
const poller = (async () => {
  while (!outageEnd || !readyAgainAt) {
    const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false)
    if (outageEnd && ok && !readyAgainAt) readyAgainAt = Date.now()
    await sleep(20)
  }
})()

await sleep(2000)
outageStart = Date.now()
await pgServer.stop()
await sleep(OUTAGE_MS)
await pgServer.start()
outageEnd = Date.now()
stopAt = Date.now() + 3000
await Promise.all([...workers, poller])

const during = answers.filter((a) => a.at >= outageStart && a.at < outageEnd)
const firstOk = answers.find((a) => a.at >= outageEnd && a.status === 200)
const other5xx = answers.filter((a) => a.status >= 500 && a.status !== 503).length
const signedOut = answers.filter((a) => a.status === 401).length
console.log(`PostgreSQL outage of ${OUTAGE_MS / 1000} s under ${CLIENTS} clients refreshing in a loop (real HTTP, one instance):`)
console.log(`  answers during the outage: ${during.length}, of which 503 service_unavailable ${during.filter((a) => a.status === 503).length} (${((100 * during.filter((a) => a.status === 503).length) / Math.max(1, during.length)).toFixed(1)}%), connection refused ${during.filter((a) => a.status === -1).length}`)
console.log(`  PostgreSQL back → /readyz 200: ${readyAgainAt - outageEnd} ms; → a client's first refreshed session: ${firstOk ? firstOk.at - outageEnd : 'never'} ms (it waits Retry-After: 1 s)`)
const statuses = Object.entries(answers.reduce<Record<number, number>>((m, a) => ((m[a.status] = (m[a.status] ?? 0) + 1), m), {}))
console.log(`  answers by status: ${statuses.map(([s, n]) => `${s}×${n}`).join(', ')}`)
console.log(`  refreshes completed ${completed}, lost ${lost} (must be 0); other 5xx ${other5xx} (must be 0); 401 sign-outs ${signedOut} (must be 0)`)
await close()
await server.close()
await pgServer.close()
process.exit(lost || other5xx || signedOut ? 1 : 0)
