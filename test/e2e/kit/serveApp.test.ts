import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from './freePort.js'
import { serveApp, type ServedApp } from './serveApp.js'

let dir: string
let app: ServedApp
const misses: string[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'foyer-serve-app-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<script type="module" src="/assets/main.js"></script><!-- API -->')
  writeFileSync(join(dir, 'assets', 'main.js'), 'const api = "API"; const again = "API"; const id = "APP"')
  writeFileSync(join(dir, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x41, 0x50, 0x49]))
  writeFileSync(join(tmpdir(), 'foyer-serve-app-secret.txt'), 'outside the build')
  app = await serveApp(dir, { port: await freePort(), replace: { API: 'http://localhost:1234', APP: 'app_id' }, onLog: (line) => misses.push(line) })
})
afterAll(async () => {
  await app?.close()
  rmSync(dir, { recursive: true, force: true })
  rmSync(join(tmpdir(), 'foyer-serve-app-secret.txt'), { force: true })
})

/** A raw GET (fetch would normalise `..` away before it reaches the server). */
function get(path: string, method = 'GET'): Promise<{ status: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${app.url}${path}`, { method }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('serveApp (the e2e stack serves the built example app with it)', () => {
  it('serves JavaScript as a module script can load it, with every placeholder replaced', async () => {
    const js = await get('/assets/main.js')
    expect(js.status).toBe(200)
    expect(js.type).toMatch(/^text\/javascript/)
    expect(js.body.toString()).toBe('const api = "http://localhost:1234"; const again = "http://localhost:1234"; const id = "app_id"')
  })

  it('answers index.html for app routes and query strings (OAuth and Telegram returns land on /?…)', async () => {
    for (const path of ['/', '/?foyer_oauth_code=x&foyer_oauth_state=y', '/dashboard/settings']) {
      const page = await get(path)
      expect(page.status).toBe(200)
      expect(page.type).toMatch(/^text\/html/)
      expect(page.body.toString()).toContain('<!-- http://localhost:1234 -->')
    }
  })

  it('a missing file answers 404 (not the page), and is logged', async () => {
    const missing = await get('/assets/gone-1234.js')
    expect(missing.status).toBe(404)
    expect(misses).toContain('[app] 404 GET /assets/gone-1234.js')
  })

  it('binary files are served byte for byte, without replacements', async () => {
    const png = await get('/assets/logo.png')
    expect(png.type).toBe('image/png')
    expect([...png.body]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x41, 0x50, 0x49])
  })

  it('nothing outside the build folder is reachable, and only GET and HEAD are served', async () => {
    const escaped = await get(`/../${'foyer-serve-app-secret.txt'}`)
    expect(escaped.body.toString()).not.toContain('outside the build')
    // An encoded '/' survives URL parsing and decodes into '../..': refused, not resolved outside.
    const encoded = await get('/assets/..%2f..%2ffoyer-serve-app-secret.txt')
    expect(encoded.status).toBe(403)
    expect(encoded.body.toString()).not.toContain('outside the build')
    expect((await get('/', 'POST')).status).toBe(405)
    const head = await get('/assets/main.js', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
  })
})
