import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { useStack } from './kit/useStack.js'

const e2e = useStack()

/** A page on an origin the app doesn't list, embedding the wallet frame while claiming to be the app. */
async function foreignEmbedder(frameUrl: string) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end(`<!doctype html><script>window.got = []; addEventListener('message', (e) => window.got.push(e.origin))</script><iframe src="${frameUrl}"></iframe>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((r) => server.close(r)) }
}

describe('the wallet frame is isolated', () => {
  it("an unlisted embedder gets no frame (frame-ancestors), even claiming the app's origin; the frame page itself runs nothing unembedded", async () => {
    const { stack } = e2e
    const frameUrl = `${stack.walletUrl}/apps/${stack.appId}/embedded-wallets?parent_origin=${encodeURIComponent(stack.appUrl)}`
    const foreign = await foreignEmbedder(frameUrl)
    const { context, page } = await e2e.newPage()
    const blocked: string[] = []
    page.on('console', (message) => blocked.push(message.text()))
    await page.goto(foreign.url)
    await page.waitForTimeout(1_500)
    expect(await page.evaluate(() => (window as unknown as { got: string[] }).got)).toEqual([])
    // The browser refused to render it: no script of the wallet origin ran in that frame.
    const frame = page.frames().find((f) => f !== page.mainFrame())!
    expect(await frame.evaluate(() => location.origin).catch(() => 'blocked')).not.toBe(stack.walletUrl)
    expect(blocked.join('\n')).toMatch(/frame-ancestors/)

    // Opened on its own (no parent), the page answers nobody and keeps nothing.
    await page.goto(frameUrl)
    expect(await page.evaluate(() => document.querySelector('#foyer-frame-config') !== null)).toBe(true)
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toEqual([])
    await context.close()
    await foreign.close()
  })

  it('the host page cannot read the frame origin’s storage', async () => {
    const { context, page } = await e2e.newPage()
    await page.goto(e2e.stack.appUrl)
    // The frame's database lives under the wallet origin; the host's own list never shows it.
    const frameUrl = `${e2e.stack.walletUrl}/apps/${e2e.stack.appId}/embedded-wallets?parent_origin=${encodeURIComponent(new URL(e2e.stack.appUrl).origin)}`
    await page.evaluate((src) => new Promise<void>((resolve) => {
      const frame = document.createElement('iframe')
      frame.src = src
      frame.onload = () => resolve()
      document.body.appendChild(frame)
    }), frameUrl)
    const frame = page.frames().find((f) => f.url().startsWith(e2e.stack.walletUrl))!
    await frame.evaluate(() => new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('foyer-wallet', 1)
      request.onupgradeneeded = () => request.result.createObjectStore('device-shares')
      request.onsuccess = () => (request.result.close(), resolve())
      request.onerror = () => reject(request.error)
    }))
    expect(await frame.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toContain('foyer-wallet')
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('foyer-wallet')
    expect(await page.evaluate(() => { try { return (document.querySelector('iframe') as HTMLIFrameElement).contentWindow!.document.title } catch { return 'denied' } })).toBe('denied')
    await context.close()
  })
})
