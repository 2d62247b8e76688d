// Embedded wallet in Chromium: a production (Vite) build of an e-mail + embedded-wallet host
// (entries/embeddedWalletHost.tsx) against the real server (examples/server/main.ts, the wallet frame on its own
// port), all on loopback. The page measures itself with performance.now(): every request the host half posts to the
// frame's MessagePort and the frame's answer, the hidden frame's mount and its `foyer:iframe:ready` handshake.
//   create: fresh users (headless e-mail login), each creating its first wallet (keygen + Shamir split + server store
//           in the frame): the `create` round trip on the port, and the whole createWallet() call.
//   frame ready / first sign: reloads of a signed-in page whose host signs (wallet UIs off) the moment the kernel is
//           ready with the user. The plugin mounts its frame on the wallet's first use, not at page load: this host
//           makes that first use come at signed-in; the frame then unlocks with its device share and the server's
//           auth share.
//   sign: signMessage() with wallet UIs off on the unlocked wallet, and its `rpc` round trip.
// The host is the benchmark's own (the example app puts no handle on window and signs through the sign screen).
// Figures are printed, never asserted.
import react from '@vitejs/plugin-react'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { tsImport } from 'tsx/esm/api'
import { build } from 'vite'
import { foyerAliases, repoRoot } from '../../scripts/aliases.mjs'

const CREATES = 16
const RELOADS = 10
const SIGNS = 30
const APP_ID = 'foyer_dev_app_00000000001'
const BUDGETS = { create: 150, sign: 20, frameReady: 300 }
const EVENTS = { create: 'foyer:wallet:create', connect: 'foyer:wallet:connect', rpc: 'foyer:wallet:rpc' }

const kit = (file) => tsImport(`../e2e/kit/${file}`, import.meta.url)

async function buildHost() {
  const root = mkdtempSync(join(tmpdir(), 'foyer-bench-wallet-'))
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>')
  writeFileSync(join(root, 'main.tsx'), `import { mount } from '${join(repoRoot, 'test/bench/entries/embeddedWalletHost.tsx')}'\nmount()\n`)
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      root,
      plugins: [react()],
      resolve: { alias: foyerAliases },
      define: { 'process.env.NODE_ENV': '"production"' },
      build: { outDir: join(root, 'dist'), minify: true },
    })
  } catch (error) {
    rmSync(root, { recursive: true, force: true })
    throw error
  }
  return root
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]
}
const ms = (x) => `${x.toFixed(1)} ms`
const row = (xs) => `p50 ${ms(pct(xs, 50))}, p95 ${ms(pct(xs, 95))}`
const verdict = (value, budget) => `(budget ≤ ${budget} ms median)  ${value <= budget ? 'within budget' : 'OVER BUDGET'}`

/** The round trip (ms) of the last request with `event` among the page's recorded `exchanges`. */
const roundTripIn = (exchanges, event) => {
  const exchange = exchanges.filter((e) => e.event === event).at(-1)
  if (!exchange || exchange.answeredAt === null) throw new Error(`no answer to ${event} in ${JSON.stringify(exchanges)}`)
  if (exchange.error) throw new Error(`the frame answered ${event} with an error`)
  return exchange.answeredAt - exchange.sentAt
}

/** Signs up `email` in the page with the headless e-mail login (code from the server's dev outbox). */
async function signUp(page, apiUrl, email, codeFromOutbox) {
  await page.evaluate((address) => window.foyerWalletBench.actions.sendCode({ email: address }), email)
  const code = await codeFromOutbox(apiUrl, email)
  await page.evaluate((c) => window.foyerWalletBench.actions.loginWithCode({ code: c }), code)
  await page.waitForSelector('[data-authenticated="true"]')
}

/** Measures and prints; answers the figures. */
export async function embeddedWalletBench() {
  const { launchChromium, codeFromOutbox } = await kit('browser.ts')
  const { startFoyerServer } = await kit('startFoyerServer.ts')
  const { serveApp } = await kit('serveApp.ts')
  const { freePort } = await kit('freePort.ts')
  const [port, appPort, walletPort] = [await freePort(), await freePort(), await freePort()]
  const apiUrl = `http://localhost:${port}`
  const walletUrl = `http://localhost:${walletPort}`
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-bench-data-'))
  let hostRoot, server, site, browser
  const figures = { create: [], createCall: [], frameReady: [], frameLoad: [], signedIn: [], firstSign: [], unlock: [], signCall: [], signRpc: [], signConnect: [] }
  try {
    // Side by side; whichever of the two succeeded is cleaned up below when the other fails.
    const [built, started] = await Promise.allSettled([
      buildHost(),
      startFoyerServer({
        NODE_ENV: 'development',
        PORT: String(port),
        APP_PORT: String(appPort),
        FOYER_WALLET_PORT: String(walletPort),
        FOYER_DATA_DIR: dataDir,
        FOYER_DEV_APP: JSON.stringify({ 'embedded-wallet': { create_on_login: 'off' } }),
      }),
    ])
    hostRoot = built.value
    server = started.value
    for (const settled of [built, started]) if (settled.status === 'rejected') throw settled.reason
    site = await serveApp(join(hostRoot, 'dist'), { port: appPort })
    // A source checkout bundles the frame's script at its first request: not a page's cost.
    if (!(await fetch(`${walletUrl}/assets/foyer-frame.js`)).ok) throw new Error('the wallet origin serves no frame script')
    browser = await launchChromium()
    const page = await (await browser.newContext()).newPage()
    if (process.env.FOYER_BENCH_DEBUG) page.on('console', (m) => console.log('[page]', m.text())).on('pageerror', (e) => console.log('[pageerror]', e.message))
    const url = `${site.url}/?api=${encodeURIComponent(apiUrl)}&app=${APP_ID}`
    await page.goto(url)
    await page.waitForSelector('[data-ready="true"]')

    // Creation: one new user per wallet (a user's first wallet is the real keygen + split + store). The first one
    // mounts the frame and warms it up; it is not counted.
    for (let i = 0; i <= CREATES; i++) {
      await signUp(page, apiUrl, `bench.wallet.${i}@example.com`, codeFromOutbox)
      const { call, exchanges } = await page.evaluate(async () => {
        const bench = window.foyerWalletBench
        const from = bench.exchanges.length
        const started = performance.now()
        await bench.actions.createWallet()
        return { call: performance.now() - started, exchanges: bench.exchanges.slice(from) }
      })
      if (i > 0) {
        figures.create.push(roundTripIn(exchanges, EVENTS.create))
        figures.createCall.push(call)
      }
      if (i < CREATES) {
        await page.evaluate(() => window.foyerWalletBench.actions.logout())
        await page.waitForSelector('[data-authenticated="false"]')
      }
    }

    // Reloads of the last user's page: the host's first wallet use comes at signed-in (the first load is not counted).
    for (let i = 0; i <= RELOADS; i++) {
      await page.goto(`${url}&sign_at_login=1`)
      await page.waitForFunction(() => window.foyerWalletBench.firstSign?.endedAt != null, null, { timeout: 30_000 })
      const load = await page.evaluate(() => {
        const { signedInAt, frameMountedAt, frameReadyAt, firstSign, exchanges } = window.foyerWalletBench
        return { signedInAt, frameMountedAt, frameReadyAt, firstSign, exchanges }
      })
      if (load.firstSign.error) throw new Error(`the first sign failed: ${load.firstSign.error}`)
      if (i === 0) continue
      figures.signedIn.push(load.signedInAt)
      figures.frameReady.push(load.frameReadyAt[0] - load.signedInAt)
      figures.frameLoad.push(load.frameReadyAt[0] - load.frameMountedAt[0])
      figures.firstSign.push(load.firstSign.endedAt - load.firstSign.startedAt)
      figures.unlock.push(roundTripIn(load.exchanges, EVENTS.connect))
    }

    // Signing with the unlocked wallet, wallet UIs off.
    const signs = await page.evaluate(async (count) => {
      const bench = window.foyerWalletBench
      const out = []
      for (let i = 0; i < count; i++) {
        const from = bench.exchanges.length
        const started = performance.now()
        await bench.actions.signMessage({ message: `Foyer bench message ${i}` }, { uiOptions: { showWalletUIs: false } })
        out.push({ call: performance.now() - started, exchanges: bench.exchanges.slice(from) })
      }
      return out
    }, SIGNS)
    for (const { call, exchanges } of signs) {
      figures.signCall.push(call)
      figures.signRpc.push(roundTripIn(exchanges, EVENTS.rpc))
      figures.signConnect.push(roundTripIn(exchanges, EVENTS.connect))
    }
  } finally {
    await browser?.close()
    await site?.close()
    await server?.kill()
    rmSync(dataDir, { recursive: true, force: true })
    if (hostRoot) rmSync(hostRoot, { recursive: true, force: true })
  }

  const line = (label, xs, budget) => console.log(`    ${label.padEnd(51)} ${row(xs)}${budget ? `   ${verdict(pct(xs, 50), budget)}` : ''}`)
  console.log('Embedded wallet in Chromium (e-mail + embedded-wallet host, Vite production build; real server and wallet frame on loopback)')
  console.log("  Timed in the page with performance.now(); a round trip = the host half posts a request on the frame's MessagePort → its answer arrives.")
  console.log(`  create (keygen + Shamir split + server store in the frame), ${CREATES} new users:`)
  line("'create' round trip", figures.create, BUDGETS.create)
  line('createWallet() call (+ access token, user refresh)', figures.createCall)
  console.log(`  sign a message with the unlocked wallet, wallet UIs off, ${SIGNS} signatures:`)
  line("signMessage() call ('connect' + 'rpc')", figures.signCall, BUDGETS.sign)
  line("'rpc' round trip (personal_sign)", figures.signRpc)
  line("'connect' round trip (already unlocked)", figures.signConnect)
  console.log(`  reload of a signed-in page whose host signs at signed-in (the wallet's first use), ${RELOADS} reloads:`)
  line("signed-in → frame ready ('foyer:iframe:ready')", figures.frameReady, BUDGETS.frameReady)
  line('frame mounted → frame ready', figures.frameLoad)
  line('navigation start → signed-in (ready)', figures.signedIn)
  line('first sign (unlock), frame load included', figures.firstSign)
  line("'connect' round trip (unlock with the auth share)", figures.unlock)
  return figures
}

if (import.meta.url === `file://${process.argv[1]}`) await embeddedWalletBench()
