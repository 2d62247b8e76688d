// Server throughput on this machine: complete e-mail logins (init + authenticate) and refreshes
// per second over real HTTP against a persisted PGlite data folder, with p50/p99 latencies.
// Bounded: a fixed number of operations, a fixed concurrency, loopback only.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from '../../core/server/index.js'
import { emailServer } from '../../plugins/email/server.js'

const APP_ID = 'foyer_bench_app_000000001'
const LOGINS = Number(process.env.BENCH_LOGINS ?? 300)
const REFRESHES = Number(process.env.BENCH_REFRESHES ?? 600)
const CONCURRENCY = 8

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

async function run<T>(count: number, op: (i: number) => Promise<T>) {
  const latencies: number[] = []
  const results: T[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++
        const t0 = performance.now()
        results[i] = await op(i)
        latencies.push(performance.now() - t0)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return { perSecond: count / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), results }
}

export async function serverBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-bench-db-'))
  const server = await createServer({
    dataDir,
    databaseUrl: '',
    smtpUrl: '',
    dev: true,
    logger: { info() {}, warn() {}, error() {} },
    plugins: [emailServer()],
    apps: [{ id: APP_ID, name: 'Bench', allowed_origins: ['http://localhost'], email_auth: true }],
    rateLimits: { 'email.send.ip': { limit: 1_000_000 }, 'sessions.ip': { limit: 1_000_000 } },
  })
  const { url, close } = await server.listen(0, '127.0.0.1')
  const headers = { 'content-type': 'application/json', 'foyer-app-id': APP_ID }
  const post = async (path: string, body: unknown) => {
    const res = await fetch(url + path, { method: 'POST', headers, body: JSON.stringify(body) })
    if (!res.ok) throw new Error(`${path} → ${res.status}`)
    return (await res.json()) as any
  }
  // The code is read from the dev outbox table: that is where a developer reads it too.
  const codeFor = async (email: string) =>
    (await server.db.query<{ code: string }>('SELECT code FROM dev_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [email]))[0]!.code

  const logins = await run(LOGINS, async (i) => {
    const email = `bench${i}@example.com`
    await post('/api/v1/passwordless/init', { email })
    const response = await post('/api/v1/passwordless/authenticate', { email, code: await codeFor(email) })
    return response.refresh_token as string
  })
  const tokens = [...logins.results]
  const refreshes = await run(REFRESHES, async (i) => {
    const slot = i % tokens.length
    const response = await post('/api/v1/sessions', { refresh_token: tokens[slot] })
    tokens[slot] = response.refresh_token
  })
  await close()
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })

  const fmt = (r: { perSecond: number; p50: number; p99: number }) =>
    `${r.perSecond.toFixed(1)}/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms`
  console.log(`Server (PGlite on disk, HTTP on loopback, concurrency ${CONCURRENCY})`)
  console.log(`  e-mail logins (init + authenticate), ${LOGINS}:  ${fmt(logins)}`)
  console.log(`  refreshes (rotation), ${REFRESHES}:               ${fmt(refreshes)}`)
  return { logins, refreshes }
}

if (import.meta.url === `file://${process.argv[1]}`) await serverBench()
