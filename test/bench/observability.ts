// Per-request cost of observability (request id, route pattern, Prometheus counter + histogram, one pino JSON access
// line written to /dev/null): CPU time of the same tiny route with and without `observeRequests`, in-process (app.fetch) and over
// loopback HTTP with keep-alive. Rounds alternate so the machine's noise falls on both sides alike.
// Run: node --import tsx test/bench/observability.ts
import { destination } from 'pino'
import { Hono } from 'hono'
import { createMetrics } from '../../core/server/observability/createMetrics.js'
import { createReadiness } from '../../core/server/observability/createReadiness.js'
import { createLogger } from '../../core/server/observability/createLogger.js'
import { observeRequests } from '../../core/server/observability/observeRequests.js'
import { serveApp } from '../../core/server/serveApp.js'

const ROUNDS = 7
const IN_PROCESS = 20_000
const OVER_HTTP = 3_000
const CONCURRENCY = 8

const db = { stats: () => ({ total: 1, idle: 1, waiting: 0, max: 10, errors: 0, available: true }), query: async () => [] }
function build(observed: boolean) {
  const app = new Hono()
  // The real listeners always run middleware: the baseline has a pass-through one, so both sides leave Hono's
  // single-handler fast path alike.
  app.use('*', (_c, next) => next())
  if (observed) {
    const logger = createLogger({ destination: destination({ dest: '/dev/null', sync: true }) })
    app.use('*', observeRequests({ listener: 'api', logger, metrics: createMetrics(db), readiness: createReadiness(db), clientIp: () => '127.0.0.1' }))
  }
  app.get('/api/v1/things/:id', (c) => c.json({ id: c.req.param('id') }))
  return app
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** CPU time (user + system) of this process per operation, in µs: other processes on the machine don't count. */
async function cpuPer(count: number, work: () => Promise<void>) {
  const started = process.cpuUsage()
  await work()
  const used = process.cpuUsage(started)
  return (used.user + used.system) / count
}

const inProcess = (app: Hono) =>
  cpuPer(IN_PROCESS, async () => {
    for (let i = 0; i < IN_PROCESS; i++) await (await app.fetch(new Request(`http://x/api/v1/things/${i}`))).arrayBuffer()
  })

// Client and server share the process: the difference between the two sides is the server's.
const overHttp = (url: string) =>
  cpuPer(OVER_HTTP, async () => {
    let next = 0
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < OVER_HTTP) await (await fetch(`${url}/api/v1/things/${next++}`)).arrayBuffer()
      }),
    )
  })

const bare = build(false)
const observed = build(true)
const [bareServer, observedServer] = [await serveApp(bare, 0, '127.0.0.1'), await serveApp(observed, 0, '127.0.0.1')]
const results = { bareIn: [] as number[], observedIn: [] as number[], bareHttp: [] as number[], observedHttp: [] as number[] }
await inProcess(bare)
await inProcess(observed)
// The HTTP rounds run back to back (a kept-alive connection idle past the server's keep-alive timeout is reset).
for (let round = 0; round < ROUNDS; round++) {
  results.bareHttp.push(await overHttp(bareServer.url))
  results.observedHttp.push(await overHttp(observedServer.url))
}
for (let round = 0; round < ROUNDS; round++) {
  results.bareIn.push(await inProcess(bare))
  results.observedIn.push(await inProcess(observed))
}
await bareServer.close()
await observedServer.close()
const row = (name: string, a: number[], b: number[]) =>
  console.log(`${name.padEnd(28)} bare ${median(a).toFixed(1).padStart(6)} µs   observed ${median(b).toFixed(1).padStart(6)} µs   overhead ${(median(b) - median(a)).toFixed(1).padStart(5)} µs/request`)
console.log(`Observability cost per request, CPU time (median of ${ROUNDS} rounds)`)
row(`in-process, ${IN_PROCESS} requests`, results.bareIn, results.observedIn)
row(`HTTP, ${OVER_HTTP} × ${CONCURRENCY} in flight`, results.bareHttp, results.observedHttp)
