import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import type { Listening } from './types.js'

/** A served app: `close()` at once, or `drain(graceMs)`: stop accepting and let the requests under way finish. */
export interface ServedApp extends Listening {
  /** Stops accepting connections, waits up to `graceMs` for the requests under way, then closes what is left. */
  drain(graceMs: number): Promise<void>
}

/** Serves `app` on `port` (0: a free one); `close()` ends its connections too, so a close never waits on keep-alive. */
export function serveApp(app: Hono, port: number, hostname?: string): Promise<ServedApp> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, ...(hostname ? { hostname } : {}) }, (info: AddressInfo) => {
      const host = !hostname || hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname
      const http = server as Server
      const stop = (graceMs: number) =>
        new Promise<void>((done) => {
          // close() refuses new connections and ends the idle ones; a connection whose request is under way is
          // ended as soon as it turns idle (the answer also carries Connection: close), and every one at the deadline.
          const idle = setInterval(() => http.closeIdleConnections(), 50)
          const deadline = setTimeout(() => http.closeAllConnections(), graceMs)
          http.close(() => {
            clearInterval(idle)
            clearTimeout(deadline)
            done()
          })
          if (graceMs <= 0) http.closeAllConnections()
        })
      resolve({ url: `http://${host}:${info.port}`, port: info.port, close: () => stop(0), drain: stop })
    })
    server.once('error', reject)
  })
}
