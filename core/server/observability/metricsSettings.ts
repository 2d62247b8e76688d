/** Where /metrics is served: with a bearer token on every listener, and/or on a listener of its own. */
export interface MetricsSettings {
  /** Bearer token /metrics asks for; null: the public listeners don't serve /metrics. */
  token: string | null
  /** The metrics listener's port (0: any free one); null: no metrics listener. */
  port: number | null
  /** The metrics listener's address (default 127.0.0.1: only this host scrapes it). */
  host: string
}

/** Reads the metrics options, else FOYER_METRICS_TOKEN / FOYER_METRICS_PORT / FOYER_METRICS_HOST; throws on a bad one. */
export function metricsSettings(options: { metricsToken?: string; metricsPort?: number; metricsHost?: string }, env: NodeJS.ProcessEnv): MetricsSettings {
  const token = options.metricsToken ?? env.FOYER_METRICS_TOKEN ?? ''
  if (token && !/^\S{16,}$/.test(token)) throw new Error('metricsToken (FOYER_METRICS_TOKEN) must be at least 16 characters without spaces')
  const portValue = options.metricsPort ?? env.FOYER_METRICS_PORT ?? ''
  const port = portValue === '' ? null : Number(portValue)
  if (port !== null && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    throw new Error(`metricsPort (FOYER_METRICS_PORT) must be a port number, got ${portValue}`)
  }
  return { token: token || null, port, host: options.metricsHost ?? env.FOYER_METRICS_HOST ?? '127.0.0.1' }
}
