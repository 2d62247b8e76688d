import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { fromBase64 } from '../../plugins/wallet-frame/frame/base64.js'
import { combineWalletShares } from '../../plugins/wallet-frame/frame/keys/walletShares.js'
import { ethereumKeyOf } from '../kit/walletFrameKit.js'
import { createGuestCredential } from '../../plugins/guest/schema.js'
import { outboxTo } from './kit/browser.js'
import { deviceSession } from './kit/deviceSession.js'
import { requestEmailCode, enterOutboxCode, signUpByEmail } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'

// Kills the tab, the whole browser or the server at random points of a wallet's creation, then checks the promise
// the custody design makes: the user has no wallet, or a wallet that signs or recovers — never one that can do
// neither. Creation is one server transaction (root + auth share + recovery share + account), then the device share.

// One guest per run: more than the default 30 guests per IP in 10 minutes.
const e2e = useStack({ FOYER_RATE_LIMITS: JSON.stringify({ 'guest.authenticate.ip': { limit: 500 } }) })
const CREATE = /\/api\/v1\/embedded_wallets\/create$/
const random = (max: number) => Math.floor(Math.random() * (max + 1))
// Runs per crash kind. The suite's default keeps both edges of the server call in every tab batch (a third of the
// runs each) with the rest at random points; FOYER_CRASH_RUNS=deep runs the long batches (42 / 5 / 3, ~4 minutes).
const DEEP = process.env.FOYER_CRASH_RUNS === 'deep'
const TAB_RUNS = DEEP ? 42 : 9
const SERVER_RUNS = DEEP ? 5 : 2
const BROWSER_RUNS = DEEP ? 3 : 2

type Outcome = 'no wallet' | 'wallet recovers'
const outcomes: Record<string, Outcome[]> = {}
const note = (kind: string, outcome: Outcome) => (outcomes[kind] ??= []).push(outcome)

/** Who a run's user is, so the test can sign in as them on a device of its own (deviceSession). */
type RunUser = { guestCredential: string } | { email: string }

/**
 * What the server holds for the user after a crash: no embedded wallet, or wallets whose two server shares rebuild
 * a secret that derives every one of their addresses (so automatic recovery gives a wallet that signs). Anything
 * else fails the test. Read as a new device of the user would: signed in with its own device key, through the routes.
 */
async function serverOutcome(user: RunUser): Promise<Outcome> {
  const session = await deviceSession(e2e.stack, user)
  const me = await fetch(`${e2e.stack.apiUrl}/api/v1/users/me`, { headers: { 'foyer-app-id': e2e.stack.appId, authorization: `Bearer ${session.token}` } })
  expect(me.status).toBe(200)
  const { linkedAccounts } = ((await me.json()) as { user: { linkedAccounts: Array<Record<string, unknown>> } }).user
  const wallets = linkedAccounts.filter((a) => a.type === 'wallet' && a.walletClientType === 'privy')
  if (wallets.length === 0) return 'no wallet'
  expect(wallets).toHaveLength(1)
  const released = await session.custody('recover', { address: wallets[0]!.address })
  expect(released.status, JSON.stringify(released.body.error ?? '')).toBe(200)
  const secret = await combineWalletShares(fromBase64(released.body.auth_share), fromBase64(released.body.recovery_share))
  expect(ethereumKeyOf(secret, 0).address).toBe(wallets[0]!.address)
  return 'wallet recovers'
}

/**
 * A new guest in a fresh in-memory context (its storage dies with it): 'Continue as guest' on the app with a
 * credential the test chose, so the session is bound to this page's wallet frame and the test can sign in as the same
 * guest elsewhere. Answers the page, its context and the user.
 */
async function newGuest(): Promise<{ context: BrowserContext; page: Page; user: RunUser }> {
  const { appUrl, appId } = e2e.stack
  const guestCredential = createGuestCredential()
  const { context, page } = await e2e.newPage()
  await context.addInitScript(({ key, guestCredential }) => localStorage.setItem(key, guestCredential), { key: `foyer:${appId}:guest_credential`, guestCredential })
  await page.goto(appUrl)
  await page.getByRole('button', { name: 'Continue as guest' }).click()
  await page.getByTestId('signed-in').waitFor()
  return { context, page, user: { guestCredential } }
}

/**
 * Clicks 'Create a wallet' and returns once the kill point is reached: `delay` ms after the click, or, with
 * `afterRequest`, that long after the frame's create call left (the server's transaction window).
 */
async function createUntil(page: Page, delay: number, afterRequest: boolean) {
  const sent = afterRequest ? page.waitForRequest(CREATE, { timeout: 20_000 }) : null
  await page.getByRole('button', { name: 'Create a wallet' }).click()
  if (sent) await sent
  await new Promise((r) => setTimeout(r, delay))
}

/** Counts the create calls `page` (its wallet frame included) sent that have not finished or failed yet. */
function createCallsInFlight(page: Page): () => number {
  const open = new Set<Request>()
  page.on('request', (request) => void (CREATE.test(request.url()) && open.add(request)))
  page.on('requestfinished', (request) => void open.delete(request))
  page.on('requestfailed', (request) => void open.delete(request))
  return () => open.size
}

/** How long an uncut creation takes here, from the click to the address on the page (the kill window). */
async function creationTime(): Promise<number> {
  const { context, page, user } = await newGuest()
  const started = Date.now()
  await page.getByRole('button', { name: 'Create a wallet' }).click()
  await page.getByTestId('embedded-wallet').waitFor({ timeout: 20_000 })
  const took = Date.now() - started
  expect(await serverOutcome(user)).toBe('wallet recovers')
  await context.close()
  return took
}

/** A Chromium on a profile folder of its own, which survives a crash of that browser. */
function launchProfile(dir: string) {
  return chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
}

/** SIGKILLs every process of the browser running on `dir` (a crash: nothing is flushed or closed). */
async function crashProfile(dir: string) {
  await promisify(execFile)('pkill', ['-KILL', '-f', `--user-data-dir=${dir}`]).catch(() => {})
}

describe('a crash during wallet creation never leaves a wallet that can neither sign nor recover', () => {
  it(`tab closed at random points (${TAB_RUNS} runs): each user has no wallet or one the server shares recover`, async () => {
    const window = Math.max(await creationTime(), 150)
    const run = async (n: number) => {
      const { context, page, user } = await newGuest()
      // A third of the runs at the two edges of the server call — before it leaves the frame, and after the server
      // committed but before the frame hears (so the device share is never stored) — the rest at random times.
      const point = n % 3 === 0 ? 'before the call' : n % 3 === 1 ? 'after the commit' : null
      if (point) {
        const reached = new Promise<void>((resolve) => {
          void context.route(CREATE, async (route) => {
            if (point === 'after the commit') await route.fetch().catch(() => {})
            resolve()
          })
        })
        await page.getByRole('button', { name: 'Create a wallet' }).click()
        await reached
      } else {
        await createUntil(page, random(Math.round(window * 1.2)), false)
      }
      await context.close()
      const outcome = await serverOutcome(user)
      if (point) expect([point, outcome]).toEqual([point, point === 'before the call' ? 'no wallet' : 'wallet recovers'])
      note('tab', outcome)
    }
    // One at a time: the runs are CPU-bound here (two at once took as long).
    for (let n = 0; n < TAB_RUNS; n++) await run(n)
  })

  it(`server killed (SIGKILL) inside the create call (${SERVER_RUNS} runs): no wallet or a recoverable one, and the user can create one after`, async () => {
    for (let run = 0; run < SERVER_RUNS; run++) {
      const { context, page, user } = await newGuest()
      const inFlight = createCallsInFlight(page)
      await createUntil(page, random(40), true)
      await e2e.stack.crashServer()
      // The page tries a creation that never reached the server again (same key) while the server restarts: the outcome
      // is read once that has ended — the page showed how its click went and no create call is on the way — or a late
      // retry could make the wallet after a 'no wallet' reading.
      const result = page.getByTestId('embedded-result')
      await expect.poll(() => result.textContent(), { timeout: 60_000 }).toMatch(/^(Created|Error): /)
      await expect.poll(inFlight, { timeout: 30_000 }).toBe(0)
      const outcome = await serverOutcome(user)
      note('server', outcome)
      // A click that answered a wallet answered the one the server holds.
      const created = /^Created: (0x[0-9a-fA-F]{40})$/.exec((await result.textContent()) ?? '')?.[1]
      if (created) {
        expect(outcome).toBe('wallet recovers')
        expect(await page.getByTestId('embedded-wallet').locator('code').allTextContents()).toEqual([created])
      }
      if (outcome === 'no wallet' && !outcomes.server!.slice(0, -1).includes('no wallet')) {
        // The first user the crash left without a wallet makes one now, in the same tab: nothing half-made blocks it.
        // Without create_on_login on this load: the app's resume at load would otherwise make the wallet in the
        // background and race the click for the 'Create a wallet' button.
        await page.goto(`${e2e.stack.appUrl}/?create_on_login=off`)
        await page.getByTestId('signed-in').waitFor()
        await page.getByRole('button', { name: 'Create a wallet' }).click()
        await page.getByTestId('embedded-wallet').waitFor({ timeout: 20_000 })
        expect(await serverOutcome(user)).toBe('wallet recovers')
      }
      await context.close()
    }
    expect(outcomes.server).toHaveLength(SERVER_RUNS)
  })

  it(`browser killed (SIGKILL) at random points (${BROWSER_RUNS} runs): reopened on the same profile, the user signs with the wallet or has none`, async () => {
    const window = 400
    for (let run = 0; run < BROWSER_RUNS; run++) {
      const dir = mkdtempSync(join(tmpdir(), 'foyer-crash-profile-'))
      const email = `crash.${run}.${Date.now()}@example.com`
      try {
        let context = await launchProfile(dir)
        let page = context.pages()[0] ?? (await context.newPage())
        await page.goto(e2e.stack.appUrl)
        await requestEmailCode(page, email)
        await enterOutboxCode(page, e2e.stack.apiUrl, email)
        await page.getByTestId('signed-in').waitFor()
        await createUntil(page, random(window), false)
        await crashProfile(dir)
        await context.close().catch(() => {})
        const outcome = await serverOutcome({ email })
        note('browser', outcome)

        // The same profile again: signed in (or signed in anew when the crash beat the session's write), then the
        // wallet the server has signs — from this device's share, or recovered when the share never landed.
        context = await launchProfile(dir)
        page = context.pages()[0] ?? (await context.newPage())
        await page.goto(e2e.stack.appUrl)
        const signedIn = page.getByTestId('signed-in')
        await signedIn.or(page.getByRole('button', { name: 'Log in' })).first().waitFor()
        if (!(await signedIn.isVisible())) {
          // Every code sent so far (the first sign-in's, the test's own sign-in's) is spent: the page's is the next one.
          const seen = new Set((await outboxTo(e2e.stack.apiUrl, email)).flatMap((m) => (m.code ? [m.code] : [])))
          await requestEmailCode(page, email)
          await enterOutboxCode(page, e2e.stack.apiUrl, email, { seen })
          await signedIn.waitFor()
        }
        const addresses = await page.getByTestId('embedded-wallet').locator('code').allTextContents()
        expect(addresses).toHaveLength(outcome === 'no wallet' ? 0 : 1)
        if (addresses[0]) {
          await page.getByRole('button', { name: 'Sign a message' }).click()
          await page.getByRole('dialog').getByRole('button', { name: 'Sign and continue' }).click()
          const result = page.getByTestId('embedded-result')
          await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Signature: 0x/)
          const signature = (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
          expect(await verifyMessage({ address: addresses[0] as `0x${string}`, message: 'Hello from the Foyer demo', signature })).toBe(true)
        }
        await context.close()
      } finally {
        await crashProfile(dir)
        rmSync(dir, { recursive: true, force: true })
      }
    }
    console.info(`[crash] outcomes: ${JSON.stringify(Object.fromEntries(Object.entries(outcomes).map(([k, v]) => [k, { runs: v.length, recovers: v.filter((o) => o === 'wallet recovers').length }])))}`)
  })
})

// Issue 24: with create_on_login, a user always ends with a wallet. The creation's call is held by the test (before it
// reaches the server, or after the server committed and before the page hears), then the page is reloaded, the tab
// closed and reopened, or the connection dropped. The next load (or the login's own retry) resumes it: the frame kept
// the key it generated, and the server answers a retry of a creation that got through with the stored wallet.
describe('a creation cut off is resumed: the user ends with exactly one wallet, and it signs', () => {
  const CREATE_ON_LOGIN = '?create_on_login=users-without-wallets'
  type Cut = 'before the server' | 'after the commit'

  let users = 0
  /**
   * A new user signing up by e-mail in the modal on the app with create_on_login, whose login's create call the test
   * holds at `cut`; answers once it is held, with 'Setting up your wallet' on screen.
   */
  async function signUpCreating(cut: Cut) {
    const { context, page } = await e2e.newPage()
    const email = `resume.${++users}.${Date.now()}@example.com`
    const routes: Array<() => Promise<void>> = []
    // The device share comes from the frame's pending creation, never from automatic recovery (the server's shares).
    const recoveries: string[] = []
    context.on('request', (request) => void (/\/api\/v1\/embedded_wallets\/recover$/.test(request.url()) && recoveries.push(request.url())))
    let heldAddress = ''
    const held = new Promise<void>((resolve) => {
      void context.route(CREATE, async (route) => {
        // One call held; every later one (the resumed creation) goes through.
        if (routes.length > 0) return route.continue()
        heldAddress = String((route.request().postDataJSON() as { address: string }).address)
        routes.push(() => route.abort('internetdisconnected').catch(() => {}))
        if (cut === 'after the commit') expect((await route.fetch()).status()).toBe(200)
        resolve()
      })
    })
    await signUpByEmail(page, e2e.stack, email, `/${CREATE_ON_LOGIN}`)
    await page.getByRole('dialog').getByText('Setting up your wallet').waitFor()
    await held
    // The wallet the user ends with must be the key of the held call: resumed, never a second key.
    const sameKey = (address: string) => expect(address.toLowerCase()).toBe(heldAddress.toLowerCase())
    return { context, page, user: { email } as RunUser, recoveries, sameKey, release: () => Promise.all(routes.map((r) => r())) }
  }

  /** The page shows exactly one embedded wallet, the server's one, and it signs the demo message. */
  async function endsWithOneWalletThatSigns(page: Page, user: RunUser) {
    const wallet = page.getByTestId('embedded-wallet').locator('code')
    await wallet.first().waitFor({ timeout: 30_000 })
    const addresses = await wallet.allTextContents()
    expect(addresses).toHaveLength(1)
    expect(await serverOutcome(user)).toBe('wallet recovers')
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Sign and continue' }).click()
    const result = page.getByTestId('embedded-result')
    await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Signature: 0x/)
    const signature = (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
    expect(await verifyMessage({ address: addresses[0] as `0x${string}`, message: 'Hello from the Foyer demo', signature })).toBe(true)
    return addresses[0]!
  }

  for (const cut of ['before the server', 'after the commit'] as const) {
    it(`reload during 'Setting up your wallet' (create call cut ${cut}): the next load creates it`, async () => {
      const { context, page, user, release, recoveries, sameKey } = await signUpCreating(cut)
      expect(await serverOutcome(user)).toBe(cut === 'before the server' ? 'no wallet' : 'wallet recovers')
      const reloaded = page.reload()
      await release()
      await reloaded
      await page.getByTestId('signed-in').waitFor()
      sameKey(await endsWithOneWalletThatSigns(page, user))
      expect(recoveries).toEqual([])
      await context.close()
    })

    it(`tab closed during 'Setting up your wallet' (create call cut ${cut}) and the app opened again: it creates it`, async () => {
      const { context, page, user, release, recoveries, sameKey } = await signUpCreating(cut)
      await page.close()
      await release()
      const again = await context.newPage()
      await again.goto(`${e2e.stack.appUrl}/${CREATE_ON_LOGIN}`)
      await again.getByTestId('signed-in').waitFor()
      sameKey(await endsWithOneWalletThatSigns(again, user))
      expect(recoveries).toEqual([])
      await context.close()
    })

    it(`connection dropped during 'Setting up your wallet' (create call cut ${cut}), back a moment later: the login finishes with the wallet`, async () => {
      const { context, page, user, release, recoveries, sameKey } = await signUpCreating(cut)
      await context.setOffline(true)
      await release()
      // The login's retry meets the dropped connection at least once before it comes back.
      await new Promise((r) => setTimeout(r, 1_000))
      await context.setOffline(false)
      await page.getByRole('dialog').getByText('All set!').waitFor({ timeout: 30_000 })
      await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
      sameKey(await endsWithOneWalletThatSigns(page, user))
      expect(recoveries).toEqual([])
      await context.close()
    })
  }
})
