import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { initdbDumpFile } from '../kit/pgliteTemplate.js'
import { signUpByEmail } from './kit/signIn.js'
import { freePort } from './kit/startStack.js'
import { startFoyerServer } from './kit/startFoyerServer.js'
import { useStack } from './kit/useStack.js'
import { custodyCalls, embedWalletFrame, frameAnswers, frameRequest, storedAccessToken } from './kit/walletFrame.js'

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

/** A signature no wallet made (65 bytes), and an address that is not the user's: what the forger answers with. */
const FORGED_SIGNATURE = `0x${'11'.repeat(65)}`
const FORGED_ADDRESS = '0x000000000000000000000000000000000000dEaD'

/**
 * A page on an origin the app doesn't list, meant to be framed by the app's page: it floods its parent with forged
 * `foyer:iframe:ready` messages (each with a port of its own, answering whatever arrives on it) and with forged
 * answers of the frame's events, with ids like the host's. It counts what it sent and keeps what its ports received.
 */
async function forger() {
  const script = `
    window.sent = 0; window.received = [];
    const answer = (id, event) => ({ id, event, response: { address: '${FORGED_ADDRESS}', method: 'personal_sign', data: '${FORGED_SIGNATURE}' } });
    setInterval(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (e) => { window.received.push(e.data); channel.port1.postMessage(answer(e.data && e.data.id, e.data && e.data.event)) };
      parent.postMessage({ type: 'foyer:iframe:ready' }, '*', [channel.port2]);
      const now = Date.now().toString(36);
      for (let i = 0; i < 10; i++) for (const event of ['foyer:wallet:connect', 'foyer:wallet:rpc']) parent.postMessage(answer(now + '-' + i.toString(36), event), '*');
      window.sent++;
    }, 50);`
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end(`<!doctype html><script>${script}</script>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((r) => server.close(r)) }
}


const signUp = (page: Page, email: string, query = '') => signUpByEmail(page, e2e.stack, email, query)

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

  it("the host takes nothing from other windows: a foreign frame's forged handshakes and answers are ignored, the real wallet signs", async () => {
    const forged = await forger()
    const { context, page } = await e2e.newPage()
    await signUp(page, 'forged.host@example.com', '?create_on_login=users-without-wallets')
    await page.getByRole('dialog').getByText('All set!').waitFor({ timeout: 30_000 })
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
    const address = (await page.getByTestId('embedded-wallet').locator('code').first().textContent()) as `0x${string}`

    // From the next load on, the app's page frames the forger; the host connects to its wallet frame afresh (on first use).
    const appOrigin = new URL(e2e.stack.appUrl).origin
    await context.addInitScript(
      ({ appOrigin, url }) => {
        if (location.origin !== appOrigin || window.top !== window) return
        // Which ready messages reached the page, in order: the forger's, and the real frame's.
        const readies: string[] = ((window as unknown as { __readies: string[] }).__readies = [])
        addEventListener('message', (event) => {
          if ((event.data as { type?: unknown } | null)?.type !== 'foyer:iframe:ready') return
          readies.push(event.source === (document.getElementById('forger') as HTMLIFrameElement | null)?.contentWindow ? 'forged' : 'real')
        })
        addEventListener('DOMContentLoaded', () => {
          const frame = document.createElement('iframe')
          frame.src = url
          frame.id = 'forger'
          document.body.appendChild(frame)
        })
      },
      { appOrigin, url: forged.url },
    )
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    const forgerFrame = () => page.frames().find((f) => f.url().startsWith(forged.url))!
    await expect.poll(async () => (await forgerFrame()?.evaluate(() => (window as unknown as { sent: number }).sent)) ?? 0).toBeGreaterThan(5)

    // The handshake and the signature happen under the flood: the signature is the real wallet's.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Sign message' }).waitFor()
    await dialog.getByRole('button', { name: 'Sign and continue' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 20_000 })
    const result = page.getByTestId('embedded-result')
    await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
    const signature = (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
    expect(signature).not.toBe(FORGED_SIGNATURE)
    expect(await verifyMessage({ address, message: 'Hello from the Foyer demo', signature })).toBe(true)
    expect(await page.getByTestId('embedded-wallet').locator('code').allTextContents()).toEqual([address])

    // The host's handshake ran under the flood (forged ready messages came before the real one), and took none of
    // the forger's ports: no request ever reached them, though it kept sending all along.
    const readies = await page.evaluate(() => (window as unknown as { __readies: string[] }).__readies)
    expect(readies.filter((r) => r === 'real')).toHaveLength(1)
    expect(readies.indexOf('forged')).toBeLessThan(readies.indexOf('real'))
    expect(readies.indexOf('forged')).toBeGreaterThanOrEqual(0)
    expect(await forgerFrame().evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([])
    expect(await forgerFrame().evaluate(() => (window as unknown as { sent: number }).sent)).toBeGreaterThan(10)
    expect(await page.locator('iframe[title="Foyer wallet"]').count()).toBe(1)
    await context.close()
    await forged.close()
  })

  it('the frame answers its MessagePort only: a request posted to its window runs nothing', async () => {
    const { context, page } = await e2e.newPage()
    const calls = custodyCalls(page)
    await signUp(page, 'window.message@example.com')
    await page.getByTestId('signed-in').waitFor()
    const accessToken = await storedAccessToken(page, e2e.stack.appId)
    await embedWalletFrame(page, e2e.stack)

    // A well-formed create with a valid token, but to the frame's window (as any page framing it could send).
    await page.evaluate(
      ({ walletOrigin, message }) => {
        const frame = (window as unknown as { __walletFrame: { frame: HTMLIFrameElement } }).__walletFrame.frame
        frame.contentWindow!.postMessage(message, walletOrigin)
        frame.contentWindow!.postMessage(message, '*')
      },
      { walletOrigin: e2e.stack.walletUrl, message: { event: 'foyer:wallet:create', id: 'by-window', data: { accessToken } } },
    )
    await page.waitForTimeout(1_500)
    expect(calls).toEqual([])
    expect(await frameAnswers(page)).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { __walletFrame: { windowMessages: unknown[] } }).__walletFrame.windowMessages)).toEqual([])

    // The same request on the port is served: the frame was listening all along, on its port.
    const answer = (await frameRequest(page, 'foyer:wallet:create', 'by-port', { accessToken })) as { id: string; response: { address: string } }
    expect(answer).toEqual({ id: 'by-port', event: 'foyer:wallet:create', response: { address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) } })
    expect(calls).toEqual(['custody_nonce', 'create'])
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    expect(await page.getByTestId('embedded-wallet').locator('code').allTextContents()).toEqual([answer.response.address])
    await context.close()
  })

  it('a wallet origin on another site than the app stops a production server at start, saying why and what to set', async () => {
    // An empty folder, not the e2e template: that one holds the dev app's entry, whose secret fields a production
    // server without FOYER_APPS_KEK rightly refuses to open (a dev database is no production one).
    const dir = mkdtempSync(join(tmpdir(), 'foyer-e2e-'))
    const config = join(dir, 'apps.json')
    const appId = 'foyer_cross_site_app_0001'
    writeFileSync(config, JSON.stringify({ apps: [{ id: appId, name: 'Cross-site app', allowed_origins: ['https://app.example.com'], email_auth: true, 'embedded-wallet': {} }] }))
    const env = {
      NODE_ENV: 'production',
      FOYER_CONFIG: config,
      FOYER_DATA_DIR: dir,
      FOYER_WALLET_ORIGIN: 'https://wallet.other-site.net',
      FOYER_API_ORIGIN: 'https://api.example.com',
      SMTP_URL: 'smtp://127.0.0.1:1',
      FOYER_WALLET_KEK: randomBytes(32).toString('base64'),
      FOYER_RECOVERY_KEK: randomBytes(32).toString('hex'),
      FOYER_MFA_KEK: randomBytes(32).toString('base64'),
      PORT: String(await freePort()),
      FOYER_WALLET_PORT: String(await freePort()),
      // A database right after initdb (no app in it), so the start doesn't spend initdb's seconds first.
      FOYER_PGLITE_TEMPLATE: await initdbDumpFile(),
    }
    try {
      const failure = await startFoyerServer(env, 120_000).then(
        async (server) => (await server.kill(), null),
        (error: Error) => error.message,
      )
      expect(failure).toMatch(/exited \(1\) before listening/)
      expect(failure).toContain(
        `embedded-wallet: the wallet frame (https://wallet.other-site.net) and app ${appId}'s origins (https://app.example.com) are on different sites, ` +
          'and browsers give a cross-site frame no storage for the device share. Serve the frame from a subdomain of the ' +
          "host's site (FOYER_WALLET_ORIGIN, e.g. https://wallet.app.example.com)",
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
