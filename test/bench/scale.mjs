// Scale-out on this machine: complete e-mail logins (init + authenticate, the code read from an SMTP sink) and refreshes
// per second through HAProxy with 1, 2 and 3 production instances on one PostgreSQL, in one run, with p50/p99
// latencies and error counts. The deployment is examples/deploy's own (startDeployment). A fixed number of operations
// by a fixed number of concurrent clients, loopback only.
//
//   node --import tsx test/bench/scale.mjs            (npm run bench runs it last; DATABASE_URL: use that PostgreSQL)
//   BENCH_SCALE_LOGINS=300 BENCH_SCALE_REFRESHES=900 BENCH_SCALE_CONCURRENCY=12 BENCH_SCALE_INSTANCES=1,2,3
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateKeys, startDeployment } from '../../examples/deploy/deployment.mjs'

const LOGINS = Number(process.env.BENCH_SCALE_LOGINS ?? 300)
const REFRESHES = Number(process.env.BENCH_SCALE_REFRESHES ?? 900)
const CONCURRENCY = Number(process.env.BENCH_SCALE_CONCURRENCY ?? 12)
const COUNTS = (process.env.BENCH_SCALE_INSTANCES ?? '1,2,3').split(',').map(Number)
const WARMUP = 30
const APP_ID = 'foyer_scale_app_000000001'
const ORIGIN = 'http://localhost:5999'

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/** `count` operations by CONCURRENCY clients; an operation that throws counts as an error (and is not timed). */
async function run(count, op) {
  const latencies = []
  const errors = []
  const results = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++
        const t0 = performance.now()
        try {
          results[i] = await op(i)
          latencies.push(performance.now() - t0)
        } catch (error) {
          errors.push(String(error?.message ?? error))
        }
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return { perSecond: count / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, results }
}

export async function scaleBench() {
  const { startPostgresServer } = await import('../kit/postgresServer.ts')
  const { startSmtpSink } = await import('../standins/smtpSink.ts')
  const database = process.env.DATABASE_URL ? null : await startPostgresServer()
  const databaseUrl = process.env.DATABASE_URL ?? database.url
  const smtp = await startSmtpSink()
  const dir = mkdtempSync(join(tmpdir(), 'foyer-scale-'))
  const configFile = join(dir, 'foyer.config.json')
  writeFileSync(configFile, JSON.stringify({ apps: [{ id: APP_ID, name: 'Scale bench', allowed_origins: [ORIGIN], email_auth: true }] }))
  const keys = generateKeys()
  const rows = []
  try {
    for (const [run_, instances] of COUNTS.entries()) {
      // Different ports (freePort may hand out one port twice: it is free again once probed).
      const free = new Set()
      while (free.size < 2 + 2 * instances) free.add(await freePort())
      const [apiPort, walletPort, ...rest] = [...free]
      const ports = Array.from({ length: instances }, (_, i) => ({ name: `foyer-${i + 1}`, host: '127.0.0.1', apiPort: rest[2 * i], walletPort: rest[2 * i + 1] }))
      const deployment = await startDeployment({
        apiPort,
        walletPort,
        bind: '127.0.0.1',
        ports,
        health: process.env.BENCH_SCALE_HEALTH ?? 'auto',
        log: (line) => (/\[haproxy\] \d/.test(line) ? undefined : process.env.BENCH_SCALE_VERBOSE && console.log(line)),
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          SMTP_URL: smtp.url,
          FOYER_CONFIG: configFile,
          ...keys,
          // One client address (the load generator) for every login: the per-IP limits would stop the run.
          FOYER_RATE_LIMITS: JSON.stringify({ 'email.send.ip': { limit: 1_000_000 }, 'sessions.ip': { limit: 1_000_000 } }),
        },
      })
      try {
        const headers = { 'content-type': 'application/json', 'foyer-app-id': APP_ID, origin: ORIGIN }
        const post = async (path, body) => {
          const res = await fetch(deployment.apiUrl + path, { method: 'POST', headers, body: JSON.stringify(body) })
          const text = await res.text()
          if (res.status !== 200) throw new Error(`${path} → ${res.status} ${text.slice(0, 120)}`)
          return JSON.parse(text)
        }
        const login = async (email) => {
          await post('/api/v1/passwordless/init', { email })
          const code = /\b(\d{6})\b/.exec((await smtp.waitFor(email, 10_000)).text)?.[1]
          return (await post('/api/v1/passwordless/authenticate', { email, code })).refresh_token
        }
        // Warm-up: every instance's first requests (JIT, pool connections, the signing key) aren't measured.
        await run(WARMUP, (i) => login(`warm${run_}.${i}@example.com`))
        const logins = await run(LOGINS, (i) => login(`scale${run_}.${i}@example.com`))
        const tokens = logins.results.filter(Boolean)
        const refreshes = await run(REFRESHES, async (i) => {
          const slot = i % tokens.length
          tokens[slot] = (await post('/api/v1/sessions', { refresh_token: tokens[slot] })).refresh_token
        })
        const served = {}
        for (const r of deployment.requests()) if (r.frontend === 'api') served[r.server] = (served[r.server] ?? 0) + 1
        const non200 = deployment.requests().filter((r) => r.status !== 200).length
        rows.push({ instances, logins, refreshes, served, non200 })
      } finally {
        await deployment.stop()
      }
    }
  } finally {
    await smtp.close()
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  }

  const fmt = (r) => `${r.perSecond.toFixed(1).padStart(6)}/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   errors ${r.errors.length}`
  console.log(`Scale-out: production instances behind HAProxy on one PostgreSQL (loopback, ${CONCURRENCY} concurrent clients; the instances, PostgreSQL, HAProxy and this load generator share the machine's cores)`)
  for (const row of rows) {
    console.log(`  ${row.instances} instance${row.instances === 1 ? ' ' : 's'}  e-mail logins, ${LOGINS}:  ${fmt(row.logins)}`)
    console.log(`               refreshes, ${REFRESHES}:     ${fmt(row.refreshes)}   (HAProxy: ${Object.entries(row.served).map(([s, n]) => `${s} ${n}`).join(', ')}; non-200 ${row.non200})`)
    for (const error of [...row.logins.errors, ...row.refreshes.errors].slice(0, 3)) console.log(`      error: ${error}`)
  }
  return rows
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await scaleBench()
  if (rows.some((r) => r.logins.errors.length || r.refreshes.errors.length)) process.exitCode = 1
}
