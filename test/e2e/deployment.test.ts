// The reference deployment (examples/deploy/) under faults: PostgreSQL + 3 production instances + HAProxy, started by
// the deployment script's own functions, and the example app in Chromium pointed at the balancer. Users sign up by
// e-mail (codes from an SMTP sink) and get an embedded wallet, sign, refresh their session and sign again while an
// instance is SIGKILLed (and started again by the supervisor), and, separately, while PostgreSQL restarts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest'
// @ts-expect-error plain ESM module without types (examples/deploy runs with node alone)
import { generateKeys, startDeployment } from '../../examples/deploy/deployment.mjs'
import { startPostgresServer, type PostgresServer } from '../kit/postgresServer.js'
import { startSmtpSink, type SmtpSink } from '../standins/smtpSink.js'
import { launchChromium, openEmailInput } from './kit/browser.js'
import { freePort } from './kit/freePort.js'
import { appPlaceholders } from './kit/prepareE2eAssets.js'
import { serveApp, type ServedApp } from './kit/serveApp.js'

const APP_ID = 'deploy_test_app_000000001'
const USERS_PER_ROUND = Number(process.env.FOYER_DEPLOY_USERS ?? 3)

interface Deployment {
  apiUrl: string
  walletUrl: string
  instances: { name: string; pid: number | null; starts: number; kill(signal?: string): void; nextReady(timeoutMs?: number): Promise<void>; output(): string }[]
  requests(): { frontend: string; backend: string; server: string; status: number; termination: string; retries: string; request: string; time: string }[]
  serverStates(): Promise<Record<string, string>>
  rollingRestart(): Promise<void>
  showStat(): Promise<{ server: string; status: string; sessions: number }[]>
  stop(): Promise<void>
}

let database: PostgresServer
let smtp: SmtpSink
let deployment: Deployment
let app: ServedApp
let browser: Browser
let dir: string
let log = ''
const logLine = (line: string) => (log = (log + line + '\n').slice(-400_000))

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'foyer-deploy-test-'))
  ;[database, smtp] = await Promise.all([startPostgresServer(), startSmtpSink()])
  // Nine different ports (freePort may hand out one port twice: it is free again once probed).
  const free = new Set<number>()
  while (free.size < 9) free.add(await freePort())
  const [appPort, apiPort, walletPort, ...instancePorts] = [...free] as [number, number, number, ...number[]]
  const appUrl = `http://localhost:${appPort}`
  const configFile = join(dir, 'foyer.config.json')
  writeFileSync(
    configFile,
    JSON.stringify({ apps: [{ id: APP_ID, name: 'Deploy test', allowed_origins: [appUrl], email_auth: true, 'embedded-wallet': { create_on_login: 'users-without-wallets' } }] }),
  )
  const ports = []
  for (let i = 1; i <= 3; i++) ports.push({ name: `foyer-${i}`, host: '127.0.0.1', apiPort: instancePorts[2 * i - 2]!, walletPort: instancePorts[2 * i - 1]! })
  deployment = await startDeployment({
    apiPort,
    walletPort,
    bind: '127.0.0.1',
    ports,
    health: process.env.FOYER_DEPLOY_HEALTH ?? 'auto',
    env: { ...process.env, DATABASE_URL: database.url, SMTP_URL: smtp.url, FOYER_CONFIG: configFile, ...generateKeys() },
    log: logLine,
  })
  const assets = inject('foyerE2eAssets')
  app = await serveApp(assets.appDir, { port: appPort, replace: { [appPlaceholders.apiUrl]: deployment.apiUrl, [appPlaceholders.appId]: APP_ID } })
  browser = await launchChromium()
  await waitAllUp()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await app?.close()
  await deployment?.stop()
  await Promise.all([smtp?.close(), database?.close()])
  rmSync(dir, { recursive: true, force: true })
}, 120_000)

/** Until HAProxy's health checks see every instance's API and wallet listener up. */
async function waitAllUp(timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const down = Object.entries(await deployment.serverStates()).filter(([k, v]) => !k.includes('_any/') && v !== 'UP')
    if (!down.length) return
    if (Date.now() > deadline) throw new Error(`HAProxy still sees ${JSON.stringify(down)} after ${timeoutMs / 1000} s`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** The newest six-digit code mailed to `to` that is not in `seen`. */
async function codeFromSink(to: string, seen: Set<string>, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const codes = smtp.messages.filter((m) => m.to.includes(to)).flatMap((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? [])
    const fresh = codes.reverse().find((c) => !seen.has(c))
    if (fresh) {
      seen.add(fresh)
      return fresh
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no new code for ${to} in the SMTP sink`)
}

/** What a user's pages saw: 5xx answers (with their error code) and every retry the test itself had to make. */
const serverErrors: { url: string; status: number; code: string | null; read: Promise<unknown> }[] = []
const testRetries: string[] = []

async function newUserPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  page.on('response', (response) => {
    if (response.status() < 500) return
    const entry = { url: response.url(), status: response.status(), code: null as string | null, read: Promise.resolve() as Promise<unknown> }
    entry.read = response.json().then((body: { code?: string }) => (entry.code = body.code ?? null), () => {})
    serverErrors.push(entry)
  })
  return { context, page }
}

/** `step` once more after a failure (up to `attempts`), noting each retry; the last failure is thrown. */
async function withRetries<T>(what: string, step: (attempt: number) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step(attempt)
    } catch (error) {
      if (attempt >= attempts) throw new Error(`${what} failed ${attempts} times: ${(error as Error).message}`)
      testRetries.push(`${what} (attempt ${attempt}): ${(error as Error).message.split('\n')[0]}`)
    }
  }
}

const addresses = async (page: Page) => (await page.getByTestId('embedded-wallet').locator('code').allTextContents()) as `0x${string}`[]

/** Loads the app, types the mailed code, and waits for the signed-in page with the user's wallet. */
async function signIn(page: Page, email: string, seen: Set<string>): Promise<`0x${string}`> {
  await page.goto(app.url)
  const signedIn = page.getByTestId('signed-in')
  const logIn = page.getByRole('button', { name: 'Log in' })
  await signedIn.or(logIn).first().waitFor({ timeout: 30_000 })
  if (!(await signedIn.isVisible())) {
    const { dialog, input } = await openEmailInput(page)
    await input.fill(email)
    await input.press('Enter')
    await dialog.getByText('Enter confirmation code').waitFor({ timeout: 30_000 })
    const code = await codeFromSink(email, seen)
    await dialog.getByLabel('Digit 1').click()
    await page.keyboard.type(code)
    await signedIn.waitFor({ timeout: 40_000 })
    // A new user's wallet is made as the login ends ('All set!', then the modal closes by itself).
    await dialog.waitFor({ state: 'detached', timeout: 40_000 })
  }
  expect(await page.getByTestId('user-email').textContent()).toBe(email)
  await expect.poll(async () => (await addresses(page)).length, { timeout: 20_000 }).toBeGreaterThan(0)
  return (await addresses(page))[0]!
}

async function signMessage(page: Page, address: `0x${string}`): Promise<void> {
  const result = page.getByTestId('embedded-result')
  await page.evaluate(() => document.querySelector('[data-testid="embedded-result"]')?.replaceChildren())
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Sign and continue' }).click({ timeout: 30_000 })
  await dialog.waitFor({ state: 'detached', timeout: 40_000 })
  await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
  const signature = (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
  expect(await verifyMessage({ address, message: 'Hello from the Foyer demo', signature })).toBe(true)
}

/**
 * Waits for the loaded page's session: signed in, or 'Log in' — what a page shows when its session can't be restored
 * right now (the server unreachable: the tokens are kept for the next load) or when it was ended.
 */
async function comesBackSignedIn(page: Page): Promise<void> {
  const signedIn = page.getByTestId('signed-in')
  await signedIn.or(page.getByRole('button', { name: 'Log in' })).first().waitFor({ timeout: 40_000 })
  if (!(await signedIn.isVisible())) throw new Error('the page came back signed out')
}

/** Drops the access token and reloads: the page restores the session by a refresh (rotation) through the balancer. */
async function refreshByReload(page: Page, email: string): Promise<void> {
  await page.evaluate((key) => localStorage.removeItem(key), `foyer:${APP_ID}:token`)
  await page.reload()
  await comesBackSignedIn(page)
  expect(await page.getByTestId('user-email').textContent()).toBe(email)
  expect(await page.evaluate((key) => localStorage.getItem(key), `foyer:${APP_ID}:token`)).toBeTruthy()
}

interface User {
  email: string
  address?: `0x${string}`
  page?: Page
  context?: BrowserContext
  done: string[]
}

/** A user's whole flow, each step retried on failure: sign up (wallet made), sign, refresh, sign again. */
async function userFlow(user: User, progress: (step: string) => void): Promise<void> {
  const { context, page } = await newUserPage()
  Object.assign(user, { context, page })
  const seen = new Set<string>()
  user.address = await withRetries(`${user.email}: sign-up`, () => signIn(page, user.email, seen))
  user.done.push('signed up'), progress('signed up')
  await withRetries(`${user.email}: sign`, () => signMessage(page, user.address!))
  user.done.push('signed'), progress('signed')
  await withRetries(`${user.email}: refresh`, () => refreshByReload(page, user.email))
  user.done.push('refreshed'), progress('refreshed')
  await withRetries(`${user.email}: sign after refresh`, () => signMessage(page, user.address!))
  user.done.push('signed again'), progress('signed again')
}

/** Runs a round of users side by side; `fault` runs beside them, told of each step any user finishes. */
async function round(prefix: string, fault: (reached: (step: string, count: number) => Promise<void>) => Promise<void>): Promise<User[]> {
  const users: User[] = Array.from({ length: USERS_PER_ROUND }, (_, i) => ({ email: `${prefix}.${i}@example.com`, done: [] }))
  const counts = new Map<string, number>()
  const waiters: { step: string; count: number; wake: () => void }[] = []
  const progress = (step: string) => {
    counts.set(step, (counts.get(step) ?? 0) + 1)
    for (const w of waiters.splice(0)) {
      if ((counts.get(w.step) ?? 0) >= w.count) w.wake()
      else waiters.push(w)
    }
  }
  const reached = (step: string, count: number) =>
    (counts.get(step) ?? 0) >= count ? Promise.resolve() : new Promise<void>((wake) => waiters.push({ step, count, wake }))
  const flows = users.map((user) => userFlow(user, progress))
  await Promise.all([Promise.all(flows), fault(reached)])
  return users
}

/** Nobody lost: every user is in the database with their e-mail and wallet, is still signed in, and signs in again. */
async function expectNoUserLost(users: User[]) {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    const { rows } = await client.query<{ identifier: string; wallets: string }>(
      `SELECT e.identifier, count(w.id)::text AS wallets FROM linked_accounts e LEFT JOIN linked_accounts w ON w.user_id = e.user_id AND w.type = 'wallet'
       WHERE e.type = 'email' AND e.identifier = ANY($1) GROUP BY e.identifier`,
      [users.map((u) => u.email)],
    )
    expect(rows.map((r) => r.identifier).sort()).toEqual(users.map((u) => u.email).sort())
    for (const row of rows) expect(Number(row.wallets), row.identifier).toBeGreaterThan(0)
  } finally {
    await client.end()
  }
  // 0 logged out: each user's own page, reloaded, is still signed in as that user.
  for (const user of users) {
    await user.page!.reload()
    await comesBackSignedIn(user.page!)
    expect(await user.page!.getByTestId('user-email').textContent()).toBe(user.email)
    await user.context!.close()
  }
  // And each signs in again on a new device (a fresh profile): the same wallet comes back.
  await Promise.all(
    users.map(async (user) => {
      const { context, page } = await newUserPage()
      const seen = new Set(smtp.messages.filter((m) => m.to.includes(user.email)).flatMap((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? []))
      expect(await withRetries(`${user.email}: sign in again`, () => signIn(page, user.email, seen))).toBe(user.address)
      await context.close()
    }),
  )
}

/**
 * HAProxy's lines and the pages' answers with a 5xx other than 503 service_unavailable. `killed`: instances SIGKILLed
 * on purpose; a request one of them had in hand when it died is a 502 with termination SH (the server aborted) —
 * HAProxy can't retry a POST that may have been carried out — and is counted apart, not as unexpected.
 */
async function unexpected5xx(since: number, killed: string[] = []) {
  await Promise.all(serverErrors.map((e) => e.read))
  const lines = deployment.requests().slice(since).filter((r) => r.status >= 500 && r.status !== 503)
  const inFlight = lines.filter((r) => r.status === 502 && r.termination.startsWith('SH') && killed.includes(r.server))
  const balancer = lines.filter((r) => !inFlight.includes(r))
  const pages = serverErrors.filter((e) => !(e.status === 503 && e.code === 'service_unavailable') && !(e.status === 502 && inFlight.length)).map(({ url, status, code }) => ({ url, status, code }))
  if (inFlight.length) console.log(`[deployment] requests in flight on a killed instance (502 SH): ${inFlight.map((r) => `${r.server} ${r.request}`).join('; ')}`)
  return { balancer, pages }
}

/** What a round saw, printed: HAProxy's lines by status and by listener, its retries, the pages' 5xx, the test's retries. */
const report = (what: string, since: number, retriesBefore: number) => {
  const lines = deployment.requests().slice(since)
  const count = (key: (r: (typeof lines)[number]) => string) => {
    const counts: Record<string, number> = {}
    for (const r of lines) counts[key(r)] = (counts[key(r)] ?? 0) + 1
    return JSON.stringify(counts)
  }
  const retries = testRetries.slice(retriesBefore)
  console.log(
    `[deployment] ${what}: HAProxy lines by status ${count((r) => String(r.status))}, by backend ${count((r) => `${r.backend}/${r.server}`)}; ` +
      `retried by HAProxy ${lines.filter((r) => r.retries !== '0').length}; pages saw 5xx ${JSON.stringify(serverErrors.map((e) => `${e.status} ${e.code}`))}; ` +
      `test retries ${retries.length}${retries.length ? `\n  ${retries.join('\n  ')}` : ''}`,
  )
}

describe.sequential('the reference deployment: 3 instances behind HAProxy on one PostgreSQL', () => {
  it("rate-limits by the address HAProxy saw (its X-Forwarded-For entry, one trusted hop), not by one a client wrote", async () => {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      const counts = async () =>
        Object.fromEntries((await client.query<{ key: string; count: number }>(`SELECT key, count FROM rate_limits WHERE key LIKE 'email.send.ip:%'`)).rows.map((r) => [r.key, r.count]))
      const before = (await counts())['email.send.ip:127.0.0.1'] ?? 0
      const res = await fetch(`${deployment.apiUrl}/api/v1/passwordless/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'foyer-app-id': APP_ID, origin: app.url, 'x-forwarded-for': '203.0.113.7' },
        body: JSON.stringify({ email: 'forwarded@example.com' }),
      })
      expect(res.status).toBe(200)
      const after = await counts()
      expect(after['email.send.ip:127.0.0.1']).toBe(before + 1)
      expect(Object.keys(after).filter((k) => k.includes('203.0.113.7'))).toEqual([])
    } finally {
      await client.end()
    }
  })

  it('survives a SIGKILLed instance: every flow completes, no user lost or logged out, no 5xx', async () => {
    onTestFailed(() => console.log(`[deployment] log tail:\n${log.slice(-12_000)}`))
    const since = deployment.requests().length
    const retriesBefore = testRetries.length
    serverErrors.length = 0
    const [, second, third] = deployment.instances
    // Killed while HAProxy has a request of a page on it, when that happens within 10 s (else killed anyway).
    const kill = async (victim: Deployment['instances'][number]) => {
      const deadline = Date.now() + 10_000
      let busy = 0
      while (Date.now() < deadline && !busy) busy = (await deployment.showStat()).find((r) => r.server === `api/${victim.name}`)?.sessions ?? 0
      const back = victim.nextReady()
      victim.kill('SIGKILL')
      logLine(`[test] SIGKILL ${victim.name} (${busy} request${busy === 1 ? '' : 's'} in hand)`)
      console.log(`[deployment] SIGKILL ${victim.name} with ${busy} request${busy === 1 ? '' : 's'} in hand`)
      await back
    }
    const users = await round('kill', async (reached) => {
      // During the sign-ups (the first user is in, the others on their way) one instance dies; later, while users
      // refresh and sign, another.
      await reached('signed up', 1)
      await kill(second!)
      await reached('refreshed', 1)
      await kill(third!)
    })
    expect(users.every((u) => u.done.length === 4), JSON.stringify(users.map((u) => [u.email, u.done]))).toBe(true)
    expect([second!.starts, third!.starts]).toEqual([2, 2])
    await waitAllUp()
    await expectNoUserLost(users)
    report('SIGKILL', since, retriesBefore)
    expect(await unexpected5xx(since, [second!.name, third!.name])).toEqual({ balancer: [], pages: [] })
  }, 400_000)

  it('survives a PostgreSQL restart: 503 service_unavailable while it is away, then every flow completes, no user lost or logged out', async () => {
    onTestFailed(() => console.log(`[deployment] log tail:\n${log.slice(-12_000)}`))
    const since = deployment.requests().length
    const retriesBefore = testRetries.length
    serverErrors.length = 0
    const users = await round('restart', async (reached) => {
      await reached('signed up', 1)
      logLine('[test] PostgreSQL stopped')
      await database.stop()
      await new Promise((r) => setTimeout(r, 3000))
      await database.start()
      logLine('[test] PostgreSQL started')
    })
    expect(users.every((u) => u.done.length === 4), JSON.stringify(users.map((u) => [u.email, u.done]))).toBe(true)
    await waitAllUp()
    await expectNoUserLost(users)
    report('PostgreSQL restart', since, retriesBefore)
    expect(await unexpected5xx(since)).toEqual({ balancer: [], pages: [] })
  }, 400_000)

  it('rolls a restart through the instances (SIGTERM, one at a time) with no 5xx at all', async () => {
    onTestFailed(() => console.log(`[deployment] log tail:\n${log.slice(-12_000)}`))
    const since = deployment.requests().length
    const retriesBefore = testRetries.length
    serverErrors.length = 0
    const starts = deployment.instances.map((i) => i.starts)
    const users = await round('rolling', async (reached) => {
      await reached('signed up', 1)
      await deployment.rollingRestart()
      logLine('[test] rolling restart done')
    })
    expect(users.every((u) => u.done.length === 4), JSON.stringify(users.map((u) => [u.email, u.done]))).toBe(true)
    expect(deployment.instances.map((i) => i.starts)).toEqual(starts.map((n) => n + 1))
    await expectNoUserLost(users)
    report('rolling restart', since, retriesBefore)
    expect(deployment.requests().slice(since).filter((r) => r.status >= 500)).toEqual([])
    expect(serverErrors.map(({ url, status, code }) => ({ url, status, code }))).toEqual([])
  }, 400_000)
})
