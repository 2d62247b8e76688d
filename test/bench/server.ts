// Server throughput on this machine: complete e-mail logins (init + authenticate) and refreshes
// per second over real HTTP against a persisted PGlite data folder, with p50/p99 latencies.
// Bounded: a fixed number of operations, a fixed concurrency, loopback only.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from '../../core/server/index.js'
import { emailServer } from '../../plugins/email/server.js'
import { embeddedWalletServer } from '../../plugins/embedded-wallet/server.js'
import { recoveryPasswordServer } from '../../plugins/recovery-password/server.js'
import { createDeviceProofs } from '../../core/server/deviceKeys.js'
import { deviceBinding, deviceProof, newDeviceKeyPair } from '../../plugins/wallet-frame/frame/keys/deviceJws.js'
import { oprfBlind, oprfBlindEvaluate, randomOprfScalar } from '../../plugins/recovery-password/custody/recoveryOprf.js'
import { createShareStore } from '../../plugins/embedded-wallet/server/custody/shareStore.js'
import { randomBytes } from 'node:crypto'

const APP_ID = 'foyer_bench_app_000000001'
const LOGINS = Number(process.env.BENCH_LOGINS ?? 300)
const REFRESHES = Number(process.env.BENCH_REFRESHES ?? 600)
const CONCURRENCY = 8
const CUSTODY_CHECKS = 300

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
    plugins: [emailServer(), embeddedWalletServer({ walletKek: randomBytes(32).toString('base64'), recoveryKek: randomBytes(32).toString('base64') }), recoveryPasswordServer()],
    walletOrigin: 'http://localhost:1',
    apps: [{ id: APP_ID, name: 'Bench', allowed_origins: ['http://localhost'], email_auth: true, 'embedded-wallet': {} }],
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

  // The server's part of a custody call's device proof, one after another: the session's bound key read, the ES256
  // JWS verified with its thumbprint, the single-use id inserted. And a password's OPRF evaluation (the key unsealed,
  // one ristretto255 scalar multiplication).
  const pair = await newDeviceKeyPair()
  const email = 'bench.custody@example.com'
  await post('/api/v1/passwordless/init', { email })
  const bound = await (await fetch(url + '/api/v1/passwordless/authenticate', {
    method: 'POST',
    headers: { ...headers, 'foyer-device-key': await deviceBinding(pair, Date.now()) },
    body: JSON.stringify({ email, code: await codeFor(email) }),
  })).json() as { token: string }
  const sessionId = JSON.parse(Buffer.from(bound.token.split('.')[1]!, 'base64url').toString()).sid as string
  const proofs = createDeviceProofs(server.db, Date.now)
  const path = '/api/v1/embedded_wallets/auth_share'
  const proofTimes: number[] = []
  for (let i = 0; i < CUSTODY_CHECKS; i++) {
    const header = await deviceProof(pair, { method: 'POST', url: `http://localhost${path}`, accessToken: bound.token, nowMs: Date.now() })
    const c = { req: { header: (name: string) => (name === 'foyer-device-proof' ? header : undefined), method: 'POST', path } }
    const t0 = performance.now()
    await proofs.verify(c as never, sessionId, bound.token)
    proofTimes.push(performance.now() - t0)
  }
  const store = createShareStore({ walletKek: randomBytes(32), recoveryKek: randomBytes(32) })
  const owner = { userId: 'u', rootId: 'r' }
  const sealedKey = await store.seal(owner, 'oprf', randomOprfScalar())
  const { blindedElement } = oprfBlind(new TextEncoder().encode('correct-horse-battery-9'))
  const oprfTimes: number[] = []
  for (let i = 0; i < CUSTODY_CHECKS; i++) {
    const t0 = performance.now()
    const key = await store.open(owner, 'oprf', sealedKey)
    oprfBlindEvaluate(key, blindedElement)
    oprfTimes.push(performance.now() - t0)
  }
  proofTimes.sort((a, b) => a - b)
  oprfTimes.sort((a, b) => a - b)

  await close()
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })

  const fmt = (r: { perSecond: number; p50: number; p99: number }) =>
    `${r.perSecond.toFixed(1)}/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms`
  console.log(`Server (PGlite on disk, HTTP on loopback, concurrency ${CONCURRENCY})`)
  console.log(`  e-mail logins (init + authenticate), ${LOGINS}:  ${fmt(logins)}`)
  console.log(`  refreshes (rotation), ${REFRESHES}:               ${fmt(refreshes)}`)
  const row = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(2)} ms   p99 ${percentile(xs, 99).toFixed(2)} ms`
  console.log(`  device proof check of a custody call, ${CUSTODY_CHECKS} in a row:  ${row(proofTimes)}   (budget: the proof adds ≤ 5 ms per call, with the frame's signing)`)
  console.log(`  password OPRF evaluation (unseal + scalar mult), ${CUSTODY_CHECKS}:  ${row(oprfTimes)}`)
  return { logins, refreshes, proofTimes, oprfTimes }
}

if (import.meta.url === `file://${process.argv[1]}`) await serverBench()
