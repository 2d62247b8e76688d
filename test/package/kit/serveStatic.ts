import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { extname, join, normalize } from 'node:path'

const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.map': 'application/json', '.svg': 'image/svg+xml', '.json': 'application/json' }

/** Options of serveStatic. */
export interface ServeStaticOptions {
  /**
   * Paths starting with `prefix` go to the server at `to` (method, headers and body as sent), as a reverse proxy in
   * front of a Foyer server does: the page then reaches the API on its own origin.
   */
  proxy?: { prefix: string; to: string }
}

/** A static file server for a built host app (`index.html` for unknown paths, as an SPA host serves it). */
export function serveStatic(dir: string, port: number, options: ServeStaticOptions = {}): Promise<{ url: string; close(): Promise<void> }> {
  const { proxy } = options
  const server: Server = createServer((req, res) => {
    if (proxy && req.url?.startsWith(proxy.prefix)) {
      const target = new URL(req.url, proxy.to)
      const forwarded = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      forwarded.on('error', (error) => res.writeHead(502).end(String(error)))
      req.pipe(forwarded)
      return
    }
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '')
    let file = join(dir, path)
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html')
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
    createReadStream(file).pipe(res)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, () =>
      resolve({
        url: `http://localhost:${port}`,
        close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))),
      }),
    )
  })
}
