import { Hono, type Context } from 'hono'
import type { Db } from '../db/Db.js'
import { createErrorHandler, errorResponse } from '../http/errorHandler.js'
import type { Logger } from '../Logger.js'
import { createMetrics, type Metrics } from './createMetrics.js'
import { createReadiness, type Readiness } from './createReadiness.js'
import { healthRoutes } from './healthRoutes.js'
import type { MetricsSettings } from './metricsSettings.js'
import { metricsRoute } from './metricsRoute.js'
import { observeRequests } from './observeRequests.js'

/** The server's request ids, access log, metrics, health and readiness. */
export interface Observability {
  metrics: Metrics
  readiness: Readiness
  /** First thing on every listener: request id, access line and metrics, then /healthz, /readyz (and /metrics with a token). */
  instrument(app: Hono, listener: string): void
  /** The metrics listener (FOYER_METRICS_PORT) with where to serve it; null when none is configured. */
  metricsListener: { app: Hono; port: number; host: string } | null
}

/** Builds the observability of one server instance over its database. */
export function createObservability(deps: { db: Pick<Db, 'query' | 'stats'>; logger: Logger; settings: MetricsSettings; clientIp: (c: Context) => string }): Observability {
  const { db, logger, settings, clientIp } = deps
  const metrics = createMetrics(db)
  const readiness = createReadiness(db)
  const instrument = (app: Hono, listener: string) => {
    app.use('*', observeRequests({ listener, logger, metrics, readiness, clientIp }))
    healthRoutes(app, readiness)
    if (settings.token) metricsRoute(app, metrics, settings.token)
  }
  let metricsListener: Observability['metricsListener'] = null
  if (settings.port !== null) {
    const app = new Hono()
    app.onError(createErrorHandler(logger))
    app.notFound((c) => errorResponse(c, 404, 'not_found', 'Not found'))
    healthRoutes(app, readiness)
    metricsRoute(app, metrics, settings.token)
    metricsListener = { app, port: settings.port, host: settings.host }
  }
  return { metrics, readiness, instrument, metricsListener }
}
