import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listening } from '../../../core/server/index.js'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN, type TestServer } from '../../../test/kit/createTestServer.js'
import { WALLET_ORIGIN } from '../../../test/kit/embeddedWallets.js'
import { emailServer } from '../../email/server.js'
import { RECOVERY_OAUTH_CALLBACK_PATH } from '../channel/frameProtocol.js'
import { embeddedWalletServer } from '../../embedded-wallet/server.js'
import { frameListener } from './frameListener.js'
import { FRAME_SCRIPT_PATH } from './framePage.js'
import { createStaticAsset } from '../../../core/server/staticAsset.js'

const API_ORIGIN = 'http://localhost:8787'
// The frame page's CSP as strict as it has been: its own scripts only (and wasm), its own stylesheet files only (no
// inline style), the API alone to connect to.
const FRAME_CSP = `default-src 'none'; frame-ancestors ${TEST_ORIGIN}; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src ${API_ORIGIN}; base-uri 'none'; form-action 'none'`
const PAGE = `/apps/${TEST_APP_ID}/embedded-wallets`

let t: TestServer
let listening: Record<string, Listening>

/** A raw HTTP exchange with the wallet listener: the bytes as sent (fetch would decode them), headers, status. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${listening.wallet!.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const scriptPathOf = (html: string) => /<script type="module" src="([^"]+)"><\/script>/.exec(html)![1]!

beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), embeddedWalletServer({ apiOrigin: API_ORIGIN })], walletOrigin: WALLET_ORIGIN, app: { 'embedded-wallet': {} } })
  listening = await t.server.listenAll({ api: 0, wallet: 0 })
})
afterAll(async () => {
  await listening?.api?.close()
  await listening?.wallet?.close()
  await t?.close()
})

describe('the wallet origin: the frame page', () => {
  it('loads its script from a content-hashed path; a strong ETag, no-cache, the same strict CSP; 304 when the browser has it', async () => {
    const page = await get(PAGE)
    expect(page.status).toBe(200)
    const html = page.body.toString('utf8')
    expect(scriptPathOf(html)).toMatch(/^\/assets\/frame-[0-9a-f]{16}\.js$/)
    expect(page.headers['content-security-policy']).toBe(FRAME_CSP)
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.headers['origin-agent-cluster']).toBe('?1')
    const etag = page.headers.etag!
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/)
    expect(Number(page.headers['content-length'])).toBe(page.body.length)

    const again = await get(PAGE, { 'if-none-match': etag })
    expect([again.status, again.body.length, again.headers.etag]).toEqual([304, 0, etag])
    // What a cache refreshes its stored page with keeps the same policy.
    expect(again.headers['content-security-policy']).toBe(FRAME_CSP)
    expect(again.headers['cache-control']).toBe('no-cache')
    expect((await get(PAGE, { 'if-none-match': `W/${etag}` })).status).toBe(304)
    expect((await get(PAGE, { 'if-none-match': '"something-older"' })).status).toBe(200)

    // Another page (other settings) is another tag; the export and recovery pages load scripts of their own (the
    // hidden frame every user loads holds none of their code), each content-hashed and served.
    const recovery = await get(`${PAGE}/recovery`)
    expect(recovery.headers.etag).not.toBe(etag)
    expect((await get(`${PAGE}/recovery`, { 'if-none-match': etag })).status).toBe(200)
    const recoveryScript = scriptPathOf(recovery.body.toString('utf8'))
    const exportScript = scriptPathOf((await get(`${PAGE}/export`)).body.toString('utf8'))
    expect(recoveryScript).toMatch(/^\/assets\/frame-recovery-[0-9a-f]{16}\.js$/)
    expect(exportScript).toMatch(/^\/assets\/frame-export-[0-9a-f]{16}\.js$/)
    for (const path of [recoveryScript!, exportScript!]) expect((await get(path)).status).toBe(200)
  })

  it("the recovery login's callback page loads the recovery page's hashed script and is still never stored (its URL carries Google's code)", async () => {
    const page = await get(`${PAGE}/recovery`)
    const callback = await get(`${RECOVERY_OAUTH_CALLBACK_PATH}?code=c&state=s`)
    expect(callback.status).toBe(200)
    expect(scriptPathOf(callback.body.toString('utf8'))).toBe(scriptPathOf(page.body.toString('utf8')))
    expect(callback.headers['cache-control']).toBe('no-store')
    expect(callback.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; script-src 'self'; base-uri 'none'; form-action 'none'")
  })
})

describe('the wallet origin: the visible pages\' stylesheet', () => {
  it('the export and recovery pages link one content-hashed CSS file of this origin (style-src \'self\'), immutable; the hidden proxy none', async () => {
    const stylePathOf = (html: string) => /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1]
    const exported = stylePathOf((await get(`${PAGE}/export`)).body.toString('utf8'))
    expect(exported).toMatch(/^\/assets\/frame-style-[0-9a-f]{16}\.css$/)
    expect(stylePathOf((await get(`${PAGE}/recovery`)).body.toString('utf8'))).toBe(exported)
    expect(stylePathOf((await get(PAGE)).body.toString('utf8'))).toBeUndefined()
    const css = await get(exported!, { 'accept-encoding': 'gzip' })
    expect([css.status, css.headers['content-type'], css.headers['cache-control'], css.headers['content-encoding']]).toEqual([200, 'text/css; charset=utf-8', 'public, max-age=31536000, immutable', 'gzip'])
    expect(gunzipSync(css.body).toString('utf8')).toContain('--foyer-accent')
  })
})

describe('the wallet origin: the frame script', () => {
  it('brotli, gzip or the bytes themselves as Accept-Encoding asks, each decoding to the same script; immutable, Vary, exact Content-Length', async () => {
    const path = scriptPathOf((await get(PAGE)).body.toString('utf8'))
    const plain = await get(path)
    const br = await get(path, { 'accept-encoding': 'gzip, deflate, br, zstd' })
    const gz = await get(path, { 'accept-encoding': 'gzip, deflate' })
    const preferGzip = await get(path, { 'accept-encoding': 'br;q=0.5, gzip;q=0.9' })
    const refused = await get(path, { 'accept-encoding': 'br;q=0, gzip;q=0' })
    for (const res of [plain, br, gz, preferGzip, refused]) {
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(res.headers.vary).toBe('Accept-Encoding')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(Number(res.headers['content-length'])).toBe(res.body.length)
      expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}(-br|-gzip)?"$/)
    }
    expect([plain, br, gz, preferGzip, refused].map((res) => res.headers['content-encoding'])).toEqual([undefined, 'br', 'gzip', 'gzip', undefined])
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true)
    expect(refused.body.equals(plain.body)).toBe(true)
    expect(new Set([plain, br, gz].map((res) => res.headers.etag)).size).toBe(3)
    // The path names the bytes; the kernel's script is ~50 kB (the chains' keys are modules of their own), brotli under 40 % of it.
    expect(path).toContain((await import('node:crypto')).createHash('sha256').update(plain.body).digest('hex').slice(0, 16))
    expect(plain.body.length).toBeGreaterThan(30_000)
    expect(br.body.length).toBeLessThan(plain.body.length * 0.4)
    expect(br.body.length).toBeLessThan(gz.body.length)
  })

  it('HEAD: the same headers and Content-Length, no body; If-None-Match with a tag the browser holds: 304', async () => {
    const path = scriptPathOf((await get(PAGE)).body.toString('utf8'))
    const full = await get(path, { 'accept-encoding': 'br' })
    const head = await get(path, { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    for (const name of ['content-length', 'content-encoding', 'etag', 'cache-control', 'vary', 'content-type']) expect(head.headers[name]).toBe(full.headers[name])

    const revalidated = await get(path, { 'accept-encoding': 'br', 'if-none-match': full.headers.etag! })
    expect([revalidated.status, revalidated.body.length, revalidated.headers.etag]).toEqual([304, 0, full.headers.etag])
    expect(revalidated.headers.vary).toBe('Accept-Encoding')
    expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await get(path, { 'if-none-match': '"0123"' })).status).toBe(200)
  })

  it("a hashed path that isn't this build's: 404, which no cache may keep", async () => {
    const res = await get('/assets/frame-0000000000000000.js', { 'accept-encoding': 'br' })
    expect(res.status).toBe(404)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(res.body.toString('utf8'))).toMatchObject({ code: 'not_found' })
    expect((await get('/assets/other.js')).status).toBe(404)
  })

  it('the old unhashed path still answers (a page an earlier version served), revalidated each time instead of kept', async () => {
    const path = scriptPathOf((await get(PAGE)).body.toString('utf8'))
    const hashed = await get(path, { 'accept-encoding': 'gzip' })
    const old = await get(FRAME_SCRIPT_PATH, { 'accept-encoding': 'gzip' })
    expect([old.status, old.headers['content-encoding'], old.headers['cache-control'], old.headers.vary]).toEqual([200, 'gzip', 'no-cache', 'Accept-Encoding'])
    expect(old.body.equals(hashed.body)).toBe(true)
    expect((await get(FRAME_SCRIPT_PATH, { 'accept-encoding': 'gzip', 'if-none-match': old.headers.etag! })).status).toBe(304)
  })
})

describe('the frame assets are made once', () => {
  it('one load for many requests, concurrent ones included; a failed load is tried again', async () => {
    let loads = 0
    let fail = true
    const asset = await createStaticAsset({ name: 'frame', ext: 'js', contentType: 'text/javascript; charset=utf-8' }, Buffer.from('console.log("frame")\n'.repeat(200)))
    const app = new Hono()
    app.onError((_error, c) => c.text('failed', 500))
    frameListener(
      () => API_ORIGIN,
      async () => {
        loads++
        if (fail) throw new Error('bundle failed')
        return { script: asset, pages: { export: asset, recovery: asset }, style: asset, modules: {}, halves: {}, recoveryHalves: {}, byPath: new Map([[asset.path, asset]]) }
      },
    )(app, t.server.ctx)
    expect((await app.request(asset.path)).status).toBe(500)
    fail = false
    const answers = await Promise.all([app.request(PAGE), app.request(asset.path, { headers: { 'accept-encoding': 'br' } }), app.request(asset.path)])
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200])
    for (let i = 0; i < 5; i++) expect((await app.request(asset.path, { headers: { 'accept-encoding': 'gzip' } })).headers.get('content-encoding')).toBe('gzip')
    expect(loads).toBe(2)
  })
})
