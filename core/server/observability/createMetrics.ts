import { Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from '../db/Db.js'
import { processMetrics } from './processMetrics.js'

/** A counter registered through `ctx.metrics`. */
export interface MetricCounter {
  /** Adds `value` (default 1) to the series `labels` names. Label values must come from a small fixed set. */
  inc(labels?: Record<string, string>, value?: number): void
}

/** What a counter is: a Prometheus name (`foyer_…_total`), its help text and its label names. */
export interface MetricCounterDefinition {
  name: string
  help: string
  labelNames?: readonly string[]
}

/** `ctx.metrics`: the server's Prometheus registry as plugins see it (served at /metrics). */
export interface ServerMetrics {
  /** Registers a counter, or returns the one already registered under the same definition. */
  counter(definition: MetricCounterDefinition): MetricCounter
}

/** The server's metrics: one registry per server instance (tests start many in one process). */
export interface Metrics {
  api: ServerMetrics
  /** One answered request: the listener, the route pattern (never the raw path) and the status. */
  request(labels: { listener: string; method: string; route: string; status: number }, seconds: number): void
  /** A login that ended in a successful answer, by account type (email, phone, google_oauth, passkey, …). */
  login(method: string): void
  /** A request refused by the named rate-limit rule. */
  rateLimited(rule: string): void
  /** The Prometheus text exposition: this server's metrics and the process's. */
  render(): Promise<{ contentType: string; body: string }>
}

const COUNTER_NAME = /^foyer_[a-z0-9_]+_total$/
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** Builds the server's registry: requests, latency, logins, rate-limit refusals and the database pool. */
export function createMetrics(db: Pick<Db, 'stats'>): Metrics {
  const registry = new Registry()
  const registers = [registry]
  const requests = new Counter({ name: 'foyer_http_requests_total', help: 'Requests answered, by listener, method, route pattern and status', labelNames: ['listener', 'method', 'route', 'status'], registers })
  const latency = new Histogram({ name: 'foyer_http_request_duration_seconds', help: 'Time to answer a request, by listener, method and route pattern', labelNames: ['listener', 'method', 'route'], registers })
  const logins = new Counter({ name: 'foyer_logins_total', help: 'Successful logins, by method (the account type)', labelNames: ['method'], registers })
  const refusals = new Counter({ name: 'foyer_rate_limit_refusals_total', help: 'Requests refused by a rate-limit rule, by rule', labelNames: ['rule'], registers })

  const pool = { total: 'Connections open', idle: 'Connections open and idle', waiting: 'Queries waiting for a connection', max: 'The most connections the pool opens' } as const
  for (const [key, help] of Object.entries(pool) as [keyof typeof pool, string][]) {
    new Gauge({ name: `foyer_db_pool_${key}`, help, registers, collect() { this.set(db.stats()[key]) } })
  }
  new Gauge({ name: 'foyer_db_available', help: '1 while the database is reachable, else 0', registers, collect() { this.set(db.stats().available ? 1 : 0) } })
  let errorsSeen = 0
  new Counter({
    name: 'foyer_db_pool_errors_total', help: 'Connection-level database faults seen since start', registers,
    collect() {
      const errors = db.stats().errors
      if (errors > errorsSeen) this.inc(errors - errorsSeen)
      errorsSeen = Math.max(errorsSeen, errors)
    },
  })

  const own = new Map<string, { key: string; counter: MetricCounter }>()
  return {
    api: {
      counter({ name, help, labelNames = [] }) {
        const key = JSON.stringify([help, [...labelNames]])
        const known = own.get(name)
        if (known && known.key !== key) throw new Error(`Metric ${name} is already registered with another help text or labels`)
        if (known) return known.counter
        if (!COUNTER_NAME.test(name)) throw new Error(`Metric ${name}: a counter's name is foyer_<snake_case>_total`)
        if (registry.getSingleMetric(name)) throw new Error(`Metric ${name} is core's`)
        const registered = new Counter({ name, help, labelNames: [...labelNames], registers })
        const counter: MetricCounter = { inc: (labels = {}, value = 1) => registered.inc(labels, value) }
        own.set(name, { key, counter })
        return counter
      },
    },
    request({ listener, method, route, status }, seconds) {
      // Any method string reaches the server: only the standard ones become label values.
      const m = METHODS.has(method) ? method : 'OTHER'
      requests.inc({ listener, method: m, route, status: String(status) })
      latency.observe({ listener, method: m, route }, seconds)
    },
    login: (method) => logins.inc({ method }),
    rateLimited: (rule) => refusals.inc({ rule }),
    async render() {
      const body = `${await processMetrics().metrics()}\n${await registry.metrics()}`
      return { contentType: registry.contentType, body }
    },
  }
}
