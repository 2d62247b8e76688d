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
//           The browser's cache is warm on these reloads: the wallet frame's document and script are what it
//           transfers again (performance entries' transferSize, read in the frame: 0 = from the cache, a few hundred
//           bytes = a 304); the first mount of the session (cold cache) is reported apart. Then 5 more reloads with
//           the wallet origin behind a slower link (slowLink.mjs, like DevTools' "Fast 4G": 9 Mbit/s down, +60 ms a
//           round trip), where the frame's bytes cost time, and 5 with the HTTP cache emptied before each.
//   sign: signMessage() with wallet UIs off on the unlocked wallet, and its `rpc` round trip.
//   password KDF: the wallet frame's derivePasswordKey (argon2id, m = 19456 KiB, t = 2, p = 1, 32-byte key, hash-wasm)
//           run in the page; the first run compiles the wasm and is reported on its own.
//   MFA round trip: a new user with a wallet enrolls TOTP (codes from otplib, as an authenticator app); with the
//           server's verification window (FOYER_MFA_WINDOW_SECONDS) lapsed, signMessage() is refused, the verification
//           is asked for and answered, and the sign is retried. Driven headless (mfa({ noPromptOnMfaRequired: true }):
//           useMfa().init('totp') when onMfaRequired fires, then the
//           code to useMfa().submit at once), so no typing is in the figure. A code
//           works once and the server takes only the previous, current and next 30-second steps, so after two samples
//           each further one waits for the next step: 4 samples (about a minute).
// The host is the benchmark's own (the example app puts no handle on window and signs through the sign screen).
// Figures are printed, never asserted.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from 'otplib'
import { tsImport } from 'tsx/esm/api'
import { buildBenchHost } from './buildBenchHost.mjs'
import { startSlowLink } from './slowLink.mjs'

const CREATES = 16
const RELOADS = 10
const SLOW_RELOADS = 5
// Like DevTools' "Fast 4G" preset: 9 Mbit/s down, 1.5 Mbit/s up, 60 ms more per round trip.
const SLOW_LINK = { name: '9 Mbit/s down, 1.5 up, +60 ms round trip', rttMs: 60, downBytesPerSecond: 9e6 / 8, upBytesPerSecond: 1.5e6 / 8 }
const SIGNS = 30
const APP_ID = 'foyer_dev_app_00000000001'
const KDF_RUNS = 9
const MFA_SIGNS = 4
const MFA_WINDOW_SECONDS = 3
const BUDGETS = { create: 150, sign: 20, frameReady: 300, kdf: 300, proof: 5, unlock: 500 }
const CUSTODY_RUNS = 20
const EVENTS = { create: 'foyer:wallet:create', connect: 'foyer:wallet:connect', rpc: 'foyer:wallet:rpc' }

const kit = (file) => tsImport(`../e2e/kit/${file}`, import.meta.url)

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

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * TOTP codes as an authenticator app makes them, each of a later 30-second step than the last one the server took:
 * the server accepts the previous, current and next step (30 s of drift), so the lowest step is the previous one
 * unless the clock is within 3 s of the next step. Waits when all of them are spent. `take()` marks a code used.
 */
function authenticator(secret) {
  let last = 0
  return async () => {
    for (;;) {
      const now = Date.now() / 1000
      const current = Math.floor(now / 30)
      const step = Math.max(last + 1, now - current * 30 < 27 ? current - 1 : current)
      if (step <= current + 1) return { code: await generate({ secret, epoch: step * 30 }), take: () => (last = step) }
      await sleep(250)
    }
  }
}

/**
 * What the wallet frame's page transferred over the network when it last loaded, read in the frame (its own origin's
 * entries, so every size is visible): the document, its script(s) — transferSize (headers + encoded body; 0 when served
 * from the cache), the encoded and decoded body sizes, and the script's fetch time.
 */
async function frameTransfer(page, walletUrl) {
  const frame = page.frames().find((f) => f.url().startsWith(`${walletUrl}/apps/`))
  if (!frame) throw new Error('no wallet frame in the page')
  return frame.evaluate(() => {
    const [doc] = performance.getEntriesByType('navigation')
    const scripts = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.startsWith('/assets/'))
    const sum = (key) => scripts.reduce((total, e) => total + e[key], 0)
    return {
      document: doc.transferSize,
      script: sum('transferSize'),
      scriptEncoded: sum('encodedBodySize'),
      scriptDecoded: sum('decodedBodySize'),
      scriptDuration: sum('duration'),
      scripts: scripts.map((e) => new URL(e.name).pathname),
    }
  })
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
  // The browser reaches the wallet origin through a relay that can slow down (the frame's own link).
  const link = await startSlowLink(walletPort, SLOW_LINK)
  const walletUrl = `http://localhost:${link.port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-bench-data-'))
  let hostRoot, server, site, browser
  const figures = {
    ...{ create: [], createCall: [], frameReady: [], frameLoad: [], signedIn: [], firstSign: [], reloadConnect: [], signCall: [], signRpc: [], signConnect: [] },
    ...{ proof: [], unlock: [], unlockFirst: null, frameBytesCold: null, frameBytes: [], frameScriptFetch: [], slowFrameLoad: [], slowColdFrameLoad: [] },
    ...{ kdf: [], kdfFirst: null, mfaTotal: [], mfaAsked: [], mfaInit: [], mfaSystem: [], mfaVerify: [], mfaRetried: [] },
  }
  try {
    // Side by side; whichever of the two succeeded is cleaned up below when the other fails.
    const [built, started] = await Promise.allSettled([
      buildBenchHost('embeddedWalletHost.tsx'),
      startFoyerServer({
        NODE_ENV: 'development',
        PORT: String(port),
        APP_PORT: String(appPort),
        FOYER_WALLET_PORT: String(walletPort),
        FOYER_WALLET_ORIGIN: walletUrl,
        FOYER_DATA_DIR: dataDir,
        // Only the MFA round trip's user has a method enrolled: the window changes nothing for the others.
        FOYER_MFA_WINDOW_SECONDS: String(MFA_WINDOW_SECONDS),
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
      if (i === 0) figures.frameBytesCold = await frameTransfer(page, walletUrl)
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
    const reload = async () => {
      await page.goto(`${url}&sign_at_login=1`)
      await page.waitForFunction(() => window.foyerWalletBench.firstSign?.endedAt != null, null, { timeout: 30_000 })
      const load = await page.evaluate(() => {
        const { signedInAt, frameMountedAt, frameReadyAt, firstSign, exchanges } = window.foyerWalletBench
        return { signedInAt, frameMountedAt, frameReadyAt, firstSign, exchanges }
      })
      if (load.firstSign.error) throw new Error(`the first sign failed: ${load.firstSign.error}`)
      return load
    }
    for (let i = 0; i <= RELOADS; i++) {
      const load = await reload()
      if (i === 0) continue
      const transfer = await frameTransfer(page, walletUrl)
      figures.frameBytes.push(transfer)
      figures.frameScriptFetch.push(transfer.scriptDuration)
      figures.signedIn.push(load.signedInAt)
      figures.frameReady.push(load.frameReadyAt[0] - load.signedInAt)
      figures.frameLoad.push(load.frameReadyAt[0] - load.frameMountedAt[0])
      figures.firstSign.push(load.firstSign.endedAt - load.firstSign.startedAt)
      figures.reloadConnect.push(roundTripIn(load.exchanges, EVENTS.connect))
    }
    // The same reloads with the wallet origin behind a slower link (the host page and the API stay on loopback).
    // Then as many with the browser's HTTP cache emptied first (a first visit's frame, the user already signed in).
    link.slow = true
    const cdp = await page.context().newCDPSession(page)
    try {
      for (let i = 0; i < SLOW_RELOADS; i++) {
        const load = await reload()
        figures.slowFrameLoad.push(load.frameReadyAt[0] - load.frameMountedAt[0])
      }
      for (let i = 0; i < SLOW_RELOADS; i++) {
        await cdp.send('Network.clearBrowserCache')
        const load = await reload()
        figures.slowColdFrameLoad.push(load.frameReadyAt[0] - load.frameMountedAt[0])
      }
    } finally {
      link.slow = false
      await cdp.detach()
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

    // The password KDF, in this page (a fresh salt each run); the first run compiles hash-wasm's argon2 module.
    const kdfRuns = await page.evaluate((runs) => window.foyerWalletBench.kdf(runs), KDF_RUNS + 1)
    figures.kdfFirst = kdfRuns[0]
    figures.kdf = kdfRuns.slice(1)
    // A custody call's device proof, and a password unlock's work, in this page (the first unlock compiles the OPRF code paths).
    const custody = await page.evaluate((runs) => window.foyerWalletBench.custody(runs), CUSTODY_RUNS + 1)
    figures.proof = custody.proof.slice(1)
    figures.unlockFirst = custody.unlock[0]
    figures.unlock = custody.unlock.slice(1)

    // The MFA round trip: the host with the MFA hub (headless) and TOTP; a new user with a wallet enrolls.
    const mfaUrl = `${url}&mfa=1`
    await page.goto(mfaUrl)
    await page.waitForSelector('[data-ready="true"]')
    await page.evaluate(() => window.foyerWalletBench.actions.logout())
    await page.waitForSelector('[data-authenticated="false"]')
    await signUp(page, apiUrl, 'bench.mfa@example.com', codeFromOutbox)
    await page.evaluate(() => window.foyerWalletBench.actions.createWallet())
    const { secret } = await page.evaluate(() => window.foyerWalletBench.mfa.enrollInit())
    const nextCode = authenticator(secret)
    const enrollment = await nextCode()
    await page.evaluate((code) => window.foyerWalletBench.mfa.enroll(code), enrollment.code)
    enrollment.take()
    let verifiedAt = Date.now()
    // A fresh frame: the one unlocked before the enrollment keeps its key with no verification window. Its first use
    // (not counted) comes within the enrollment's window, so it unlocks for what is left of the window.
    await page.goto(mfaUrl)
    await page.waitForSelector('[data-authenticated="true"]')
    const timedSign = async (message) => {
      const next = await nextCode()
      const timing = await page.evaluate(([m, code]) => window.foyerWalletBench.mfa.timedSign(m, code), [message, next.code])
      if (timing.promptedAt !== null) {
        next.take()
        verifiedAt = Date.now()
      }
      return timing
    }
    await timedSign('Foyer bench: MFA warm-up')
    for (let i = 0; i < MFA_SIGNS; i++) {
      await sleep(Math.max(0, verifiedAt + MFA_WINDOW_SECONDS * 1000 + 500 - Date.now()))
      const t = await timedSign(`Foyer bench: MFA sign ${i}`)
      if (t.promptedAt === null) throw new Error('a sign past the verification window asked for no verification')
      figures.mfaTotal.push(t.endedAt - t.startedAt)
      figures.mfaAsked.push(t.promptedAt - t.startedAt)
      figures.mfaInit.push(t.submittedAt - t.promptedAt)
      figures.mfaSystem.push(t.endedAt - t.submittedAt)
      figures.mfaVerify.push(t.verifiedAt - t.submittedAt)
      figures.mfaRetried.push(t.endedAt - t.verifiedAt)
    }
  } finally {
    await browser?.close()
    await site?.close()
    await server?.kill()
    await link.close()
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
  line('frame mounted → frame ready (warm cache)', figures.frameLoad)
  const bytes = (xs, key) => `p50 ${pct(xs.map((x) => x[key]), 50)} B, max ${Math.max(...xs.map((x) => x[key]))} B`
  console.log(`    ${'frame bytes transferred on a reload: document'.padEnd(51)} ${bytes(figures.frameBytes, 'document')}`)
  console.log(`    ${'  its script(s)'.padEnd(51)} ${bytes(figures.frameBytes, 'script')} (${figures.frameBytes[0].scripts.join(', ')})`)
  line('  script fetch (resource timing duration)', figures.frameScriptFetch)
  const cold = figures.frameBytesCold
  console.log(`    ${"frame's first load (cold cache), transferred".padEnd(51)} document ${cold.document} B, script ${cold.script} B (body ${cold.scriptEncoded} B encoded, ${cold.scriptDecoded} B decoded)`)
  console.log(`    the wallet origin behind a slower link (${SLOW_LINK.name}), ${SLOW_RELOADS} reloads each:`)
  line('  frame mounted → frame ready, warm cache', figures.slowFrameLoad)
  line('  frame mounted → frame ready, HTTP cache emptied', figures.slowColdFrameLoad)
  line('navigation start → signed-in (ready)', figures.signedIn)
  line('first sign (unlock), frame load included', figures.firstSign)
  line("'connect' round trip (unlock with the auth share)", figures.reloadConnect)
  console.log(`  password KDF in the page (the frame's derivePasswordKey: argon2id m = 19456 KiB, t = 2, p = 1, 32 B; hash-wasm), ${KDF_RUNS} runs:`)
  line('argon2id key derivation', figures.kdf, BUDGETS.kdf)
  console.log(`    ${'first run (wasm compile)'.padEnd(51)} ${ms(figures.kdfFirst)}`)
  console.log(`  custody in the page (the frame's code), ${CUSTODY_RUNS} runs; the server's side is in the server figures below:`)
  line('device proof of one custody call (ES256 JWS, WebCrypto)', figures.proof, BUDGETS.proof)
  line('password unlock: OPRF blind + evaluate + finalize + argon2id 64 B', figures.unlock, BUDGETS.unlock)
  console.log(`    ${'first unlock'.padEnd(51)} ${ms(figures.unlockFirst)}`)
  console.log(`  MFA round trip, prompt → verified → signed: TOTP enrolled, the ${MFA_WINDOW_SECONDS} s verification window lapsed, ${figures.mfaTotal.length} signatures`)
  console.log("  (headless: mfa({ noPromptOnMfaRequired }); on onMfaRequired useMfa().init('totp'), then submit(code) at once; no modal, no typing):")
  line('signMessage() call → signature (total)', figures.mfaTotal)
  line("call → verification asked ('connect' refused)", figures.mfaAsked)
  line("verification asked → challenge started (init call)", figures.mfaInit)
  console.log(`    ${"user's typing".padEnd(51)} none (headless; a person's typing adds to the total)`)
  line('system: verify call → signature', figures.mfaSystem)
  line('  verify call (POST /api/v1/mfa/verify)', figures.mfaVerify)
  line("  retried sign ('connect' + 'rpc')", figures.mfaRetried)
  return figures
}

if (import.meta.url === `file://${process.argv[1]}`) await embeddedWalletBench()
