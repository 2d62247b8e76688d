import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import { createStaticAsset } from '../../../core/server/staticAsset.js'
import { type ConsoleAssets } from './consoleAssets.js'
import { consoleRoutes } from './consolePage.js'

const asset = (path: string, text: string, contentType = 'text/javascript; charset=utf-8') => createStaticAsset({ name: 'x', ext: 'js', contentType, path }, Buffer.from(text.repeat(50)))

async function fakeAssets(): Promise<ConsoleAssets> {
  const script = await asset('/admin/assets/main-AAAA.js', 'import "./chunk-BBBB.js";')
  const chunk = await asset('/admin/assets/chunk-BBBB.js', 'export const x = 1;')
  const style = await asset('/admin/assets/main-CCCC.css', 'body{color:red}', 'text/css; charset=utf-8')
  const modalStyle = await asset('/admin/assets/foyer-modal-DDDD.css', '.foyer-root{}', 'text/css; charset=utf-8')
  return { script, preload: [chunk], style, modalStyle, byPath: new Map([script, chunk, style, modalStyle].map((a) => [a.path, a])) }
}

function mount(load: () => Promise<ConsoleAssets | null> = fakeAssets) {
  const app = new Hono()
  const logger = { error: vi.fn() }
  consoleRoutes(app, { logger } as never, load)
  return { app, logger }
}

describe('the admin console page', () => {
  it('serves the page at /admin and any path under it, with a strict CSP, no framing, nosniff, no referrer', async () => {
    const { app } = mount()
    for (const path of ['/admin', '/admin/', '/admin/users/abc']) {
      const res = await app.request(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const csp = res.headers.get('content-security-policy')!
      expect(csp).toContain("script-src 'self';")
      expect(csp).toContain("style-src 'self';")
      expect(csp).toContain("connect-src 'self';")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).not.toContain('frame-src')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      const html = await res.text()
      expect(html).toContain('<script type="module" src="/admin/assets/main-AAAA.js"></script>')
      expect(html).toContain('<link rel="modulepreload" href="/admin/assets/chunk-BBBB.js">')
      // The modal's stylesheet under the id the modal looks for: it then injects no <style> (blocked by the CSP).
      expect(html).toContain('<link rel="stylesheet" id="foyer-styles" href="/admin/assets/foyer-modal-DDDD.css">')
      // No inline script: the only <script> elements have a src.
      expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull()
    }
    expect((await app.request('/administrator')).status).toBe(404)
  })

  it('serves the assets under their hashed names for good, 304 when the browser has them, and a 404 nothing caches', async () => {
    const { app } = mount()
    const res = await app.request('/admin/assets/chunk-BBBB.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const again = await app.request('/admin/assets/chunk-BBBB.js', { headers: { 'accept-encoding': 'gzip', 'if-none-match': res.headers.get('etag')! } })
    expect(again.status).toBe(304)
    const missing = await app.request('/admin/assets/chunk-OLD.js')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store')
  })

  it('loads the assets once, tries again after a failure, and says when the console is not built', async () => {
    let calls = 0
    const flaky = async () => {
      calls += 1
      if (calls === 1) throw new Error('esbuild failed')
      return fakeAssets()
    }
    const { app, logger } = mount(flaky)
    expect((await app.request('/admin')).status).toBe(500)
    expect(logger.error).toHaveBeenCalledOnce()
    expect((await app.request('/admin')).status).toBe(200)
    expect((await app.request('/admin/assets/main-AAAA.js')).status).toBe(200)
    expect(calls).toBe(2)
    const unbuilt = mount(async () => null).app
    const res = await unbuilt.request('/admin')
    expect([res.status, await res.text()]).toEqual([500, expect.stringContaining('npm run build')])
  })
})
