import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import type { Listening } from './types.js'

/** Serves `app` on `port` (0: a free one); `close()` ends its connections too, so a close never waits on keep-alive. */
export function serveApp(app: Hono, port: number, hostname?: string): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, ...(hostname ? { hostname } : {}) }, (info: AddressInfo) => {
      const host = !hostname || hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname
      const close = () =>
        new Promise<void>((done) => {
          if ('closeAllConnections' in server) server.closeAllConnections()
          server.close(() => done())
        })
      resolve({ url: `http://${host}:${info.port}`, port: info.port, close })
    })
    server.once('error', reject)
  })
}
