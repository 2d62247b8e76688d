import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { getAddress, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../e2e/kit/browser.js'
import { freePort } from '../e2e/kit/freePort.js'
import { signInByEmail } from './kit/modalSignIn.js'
import { run } from './kit/run.js'
import { serveStatic } from './kit/serveStatic.js'
import { startProcess } from './kit/startProcess.js'

// Issue 28: the examples a developer copies (examples/nextjs, examples/vite-wagmi, examples/hono-backend), installed
// from the packed tarball (globalSetup), built with their own tools and run end to end in Chromium against the suite's
// Foyer server.

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** The page's text at `testId` once it matches `expected`. */
async function waitText(page: Page, testId: string, expected: RegExp, timeout = 60_000): Promise<string> {
  const locator = page.getByTestId(testId)
  await expect.poll(async () => ((await locator.count()) ? await locator.textContent() : null), { timeout }).toMatch(expected)
  return (await locator.textContent())!
}

/** `token` with its payload's `sub` changed and its signature kept: a forgery the signature check must catch. */
function forge(token: string): string {
  const [header, payload, signature] = token.split('.')
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>
  return [header, Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url'), signature].join('.')
}

/** The Next.js sign-in's user and its `foyer-token` cookie, for the back end's test. */
const signedIn = { userId: '', token: '' }

describe('the examples, built from the packed package, against the real server', () => {
  it('Next.js App Router (examples/nextjs): the server component renders the cookie’s user, the proxy redirects signed-out visitors from /dashboard, the modal signs in and /dashboard opens', async () => {
    const dir = inject('hosts').nextjs
    const port = inject('appPort')
    const env = { NEXT_PUBLIC_FOYER_API_URL: inject('apiUrl'), NEXT_PUBLIC_FOYER_APP_ID: inject('cookieAppId') }
    const url = `http://localhost:${port}`
    // next build type-checks the app too (its own TypeScript and the package's types).
    await run(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { cwd: dir, env })
    const next = await startProcess(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port)], { cwd: dir, env, readyUrl: url })
    try {
      // The HTML comes from the server's render of the page, FoyerProvider and the client component in it.
      const html = await (await fetch(url)).text()
      expect(html, next.log()).toContain('Rendered on the server')
      expect(html).toContain('data-testid="loading"')
      expect(html).toContain('Signed out')
      // Signed out: the proxy sends /dashboard home before it renders.
      const bare = await fetch(`${url}/dashboard`, { redirect: 'manual' })
      expect(bare.status).toBe(307)
      expect(new URL(bare.headers.get('location')!, url).pathname).toBe('/')

      // In the browser: it hydrates with no error, the modal signs in (the server sets the HttpOnly foyer-token cookie),
      // and after a reload the server component knows the user; /dashboard opens.
      await signInByEmail(browser, url, 'next.example@example.com', {
        signedIn: async (page, context) => {
          const userId = (await page.getByTestId('user-id').textContent())!
          expect(userId).toMatch(/\S/)
          expect(await page.getByTestId('server-user').textContent()).toBe(`Signed in as ${userId}`)
          const cookie = (await context.cookies(url)).find((c) => c.name === 'foyer-token')
          expect(cookie?.httpOnly).toBe(true)
          Object.assign(signedIn, { userId, token: cookie!.value })
          await page.getByRole('link', { name: 'Dashboard' }).click()
          expect(await waitText(page, 'dashboard-user', /\S/)).toBe(userId)
          expect(new URL(page.url()).pathname).toBe('/dashboard')
        },
      })
      // The proxy verifies the token, not its presence: a forged one is sent home, the real one passes.
      const withCookie = (token: string) => fetch(`${url}/dashboard`, { redirect: 'manual', headers: { cookie: `foyer-token=${token}` } })
      expect((await withCookie(forge(signedIn.token))).status).toBe(307)
      const real = await withCookie(signedIn.token)
      expect(real.status).toBe(200)
      expect(await real.text()).toContain(signedIn.userId)
      expect(next.log()).not.toMatch(/ReferenceError|window is not defined|document is not defined|localStorage is not defined/)
    } finally {
      await next.stop()
    }
  })

  it('Hono back end (examples/hono-backend): GET /api/me answers the signed-in user’s id for their token, 401 for a forged, tampered, malformed, missing or expired one', async () => {
    expect(signedIn.token, 'the Next.js test signs in first and leaves its token').not.toBe('')
    const dir = inject('hosts')['hono-backend']
    const port = await freePort()
    const env = { FOYER_API_URL: inject('apiUrl'), FOYER_APP_ID: inject('cookieAppId'), APP_ORIGIN: `http://localhost:${inject('appPort')}`, PORT: String(port) }
    const me = `http://localhost:${port}/api/me`
    const aheadPort = await freePort()
    // Type-checked (its own TypeScript, the package's types) while it starts.
    const typecheck = run(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'], { cwd: dir })
    typecheck.catch(() => {})
    const backend = await startProcess(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server.ts'], { cwd: dir, env, readyUrl: me })
    // The same back end with its clock two hours on: to it the token (an hour's life at most) has expired.
    const clockAhead = `--import=${new URL('./kit/clockAhead.mjs', import.meta.url).href}`
    const meLater = `http://localhost:${aheadPort}/api/me`
    let later: Awaited<ReturnType<typeof startProcess>> | undefined
    try {
      later = await startProcess(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server.ts'], { cwd: dir, env: { ...env, PORT: String(aheadPort), NODE_OPTIONS: clockAhead }, readyUrl: meLater })
      await typecheck
      const get = (authorization?: string, url = me) => fetch(url, authorization ? { headers: { authorization } } : {})
      const ok = await get(`Bearer ${signedIn.token}`)
      expect(ok.status, backend.log()).toBe(200)
      expect(await ok.json()).toEqual({ userId: signedIn.userId })
      // One character of its signature changed: the bytes no longer verify.
      const at = signedIn.token.lastIndexOf('.') + 10
      const tampered = signedIn.token.slice(0, at) + (signedIn.token[at] === 'A' ? 'B' : 'A') + signedIn.token.slice(at + 1)
      for (const authorization of [`Bearer ${forge(signedIn.token)}`, `Bearer ${tampered}`, 'Bearer not-a-jwt', signedIn.token, undefined]) {
        const refused = await get(authorization)
        expect(refused.status, String(authorization)).toBe(401)
        expect(await refused.json()).toEqual({ error: 'unauthorized' })
      }
      const expired = await get(`Bearer ${signedIn.token}`, meLater)
      expect(expired.status, later.log()).toBe(401)
      expect(await expired.json()).toEqual({ error: 'unauthorized' })
    } finally {
      await Promise.all([backend.stop(), later?.stop()])
    }
  })

  it('Vite + wagmi (examples/vite-wagmi): type-checks and builds; signed in, wagmi reports the embedded wallet and signs a message that verifies', async () => {
    const dir = inject('hosts')['vite-wagmi']
    const env = { VITE_FOYER_API_URL: inject('apiUrl'), VITE_FOYER_APP_ID: inject('appId'), VITE_RPC_URL: inject('chainRpcUrl') }
    await Promise.all([
      run(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'], { cwd: dir }),
      run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { cwd: dir, env }),
    ])
    const server = await serveStatic(join(dir, 'dist'), inject('appPort'))
    try {
      await signInByEmail(browser, server.url, 'vite-wagmi.example@example.com', {
        // Foyer makes the embedded wallet on the way: the user has it, and the modal has closed, before the reload.
        settle: async (page) => {
          await waitText(page, 'foyer-wallet', /^0x[0-9a-fA-F]{40}$/)
          await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 })
        },
        signedIn: async (page) => {
          const wallet = getAddress(await waitText(page, 'foyer-wallet', /^0x[0-9a-fA-F]{40}$/))
          await waitText(page, 'wagmi-status', /^connected$/)
          expect(await page.getByTestId('wagmi-address').textContent()).toBe(wallet)
          await page.getByRole('button', { name: 'Sign message' }).click()
          const signature = await waitText(page, 'signature', /\S/)
          expect(signature).toMatch(/^0x[0-9a-f]+$/)
          expect(await verifyMessage({ address: wallet, message: 'Hello from Foyer + wagmi', signature: signature as `0x${string}` })).toBe(true)
        },
      })
    } finally {
      await server.close()
    }
  })
})
