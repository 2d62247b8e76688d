import { createServer } from 'node:http'
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('../..', import.meta.url))
const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>'

/** The served host page. */
export interface ServedHostPage {
  /** Its origin (http://localhost:<free port>): the origin the test server must allow. */
  url: string
  close(): Promise<void>
}

/**
 * Bundles main.tsx with esbuild (from the package's sources: the `source` condition, as this repo's own tests do; a
 * host app serves its own dev server or build instead) and serves it on a free port of localhost. Split into chunks as a
 * host's build is (Vite splits too): the page starts on its own code, and Foyer's lazy modules (the modal's screens, a
 * plugin's parts) load when first needed instead of all being parsed before the page renders.
 */
export async function serveHostPage(): Promise<ServedHostPage> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./main.tsx', import.meta.url))],
    absWorkingDir: root,
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    splitting: true,
    write: false,
    outdir: 'host-page',
    logLevel: 'error',
  })
  // main.js and its chunks, by the path the page asks for.
  const scripts = new Map(bundle.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => [`/${basename(f.path)}`, f.contents]))
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    const script = scripts.get(path)
    if (script) res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script)
    else if (path === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
