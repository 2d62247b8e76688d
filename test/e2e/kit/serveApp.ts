import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}
// Only text files can hold a placeholder; binary files are served byte for byte.
const textTypes = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt'])

/** Options of serveApp. */
export interface ServeAppOptions {
  port: number
  /** Strings replaced in every text file served (e.g. a build-time placeholder → this stack's API URL). */
  replace?: Record<string, string>
  /** Called with a line for every request that found no file (for failure messages). */
  onLog?: (line: string) => void
}

/** A running static server; `close` ends it and its open connections. */
export interface ServedApp {
  url: string
  close(): Promise<void>
}

/**
 * Serves a built single-page app from `dir` on http://localhost:`port`, as a static host would: files as
 * they are (with `replace` applied to text files), and index.html for any path that is not a file, so
 * client-side routes and OAuth returns (`/?foyer_oauth_code=…`) load the app. A missing file with an
 * extension answers 404 rather than HTML, so a broken chunk fails loudly instead of as a parse error.
 */
export async function serveApp(dir: string, { port, replace = {}, onLog }: ServeAppOptions): Promise<ServedApp> {
  const root = resolve(dir)
  const cache = new Map<string, Promise<Buffer | null>>()
  const load = (file: string) => {
    let entry = cache.get(file)
    if (!entry) {
      entry = readFile(file).then(
        (bytes) => {
          if (!textTypes.has(extname(file))) return bytes
          let text = bytes.toString('utf8')
          for (const [from, to] of Object.entries(replace)) text = text.split(from).join(to)
          return Buffer.from(text, 'utf8')
        },
        () => null,
      )
      cache.set(file, entry)
    }
    return entry
  }

  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
    } catch {
      res.writeHead(400).end()
      return
    }
    const file = resolve(join(root, pathname))
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end()
      return
    }
    let body = pathname.endsWith('/') ? null : await load(file)
    let served = file
    if (!body) {
      if (extname(pathname)) {
        onLog?.(`[app] 404 ${req.method} ${pathname}`)
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
        return
      }
      served = join(root, 'index.html')
      body = await load(served)
      if (!body) {
        res.writeHead(500).end('index.html is missing from the build')
        return
      }
    }
    // Hashed assets never change; the page itself is revalidated, as production hosts do.
    const immutable = pathname.startsWith('/assets/')
    res.writeHead(200, {
      'content-type': contentTypes[extname(served)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  })

  // 'localhost' as Vite's dev server binds it, so the origin the dev app allows is the same.
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(port, 'localhost', () => {
      server.off('error', fail)
      done()
    })
  })
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
