// `npm start`: the Foyer server (embedded PGlite database, dev outbox) plus the example host app.
//
// A start never half-fails: the ports are checked first (a clash names the port and its setting), the server is waited
// on through its /readyz with progress printed (no fixed deadline while it is alive and starting), the banner prints
// only once the API, the wallet frame and the host app all answer, and any part failing to start stops everything and
// exits non-zero with the reason. Once running, a server that dies is started again (the host app stays up, so the page
// shows 'Can't connect right now' and recovers by itself); three deaths within a minute stop everything.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const PORT = process.env.PORT ?? '8787'
const APP_PORT = process.env.APP_PORT ?? '5173'
const WALLET_PORT = process.env.FOYER_WALLET_PORT ?? String(Number(PORT) + 1)
// A local Ethereum chain (anvil, chain 31337) the example app uses by default, so sending works on a fresh clone.
// FOYER_LOCAL_CHAIN=0 leaves it out; FOYER_ANVIL_PORT moves it.
const LOCAL_CHAIN = process.env.FOYER_LOCAL_CHAIN !== '0'
const ANVIL_PORT = process.env.FOYER_ANVIL_PORT ?? String(Number(PORT) + 2)
const LOCAL_CHAIN_ID = 31337
const localRpc = `http://127.0.0.1:${ANVIL_PORT}`
const env = {
  ...process.env,
  PORT,
  APP_PORT,
  FOYER_WALLET_PORT: WALLET_PORT,
  // Read by the example app (Vite exposes VITE_* variables): its default chain when the page names none.
  ...(LOCAL_CHAIN ? { VITE_FOYER_LOCAL_CHAIN: `${LOCAL_CHAIN_ID}:${localRpc}` } : {}),
}
const devAppId = process.env.FOYER_DEV_APP_ID ?? 'foyer_dev_app_00000000001'
/** A part that is alive but not answering after this long is taken as stuck. */
const STUCK_MS = Number(process.env.FOYER_START_TIMEOUT_MS ?? 600_000)

const children = new Map()
let stopping = false
let running = false

function fail(reason) {
  console.error(`\n[foyer] npm start failed: ${reason}`)
  stop(1)
}

function stop(code = 0) {
  if (stopping) return
  stopping = true
  process.exitCode = code
  for (const child of children.values()) child.kill('SIGTERM')
  // Children get their grace (the server drains in ≤ 10 s), then whatever is left is killed.
  const deadline = setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL')
    process.exit(code)
  }, 12_000)
  deadline.unref()
  const check = setInterval(() => {
    if ([...children.values()].every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(code)
  }, 100)
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

/** Starts `name`; its exit calls `onExit` (unless everything is stopping). */
function run(name, args, onExit, command = process.execPath) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
  children.set(name, child)
  child.on('exit', (code, signal) => {
    if (!stopping) onExit(signal ?? code)
  })
  return child
}

function portFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(Number(port), () => probe.close(() => resolve(true)))
  })
}

/** Waits until `url` answers `ok(status)`, printing progress every 5 s; gives up when `alive()` turns false. */
async function waitFor(label, url, alive, ok = (s) => s < 500) {
  const started = Date.now()
  let told = started
  for (;;) {
    try {
      const res = await fetch(url)
      if (ok(res.status)) return
    } catch {}
    if (!alive()) throw new Error(`${label} stopped before it answered`)
    if (Date.now() - started > STUCK_MS) throw new Error(`${label} did not answer ${url} within ${STUCK_MS / 1000} s (FOYER_START_TIMEOUT_MS)`)
    if (Date.now() - told >= 5000) {
      told = Date.now()
      console.log(`[foyer] waiting for ${label} (${Math.round((told - started) / 1000)} s)…`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}

// 1. Ports, before anything starts.
const ports = [
  [PORT, 'PORT', 'the Foyer API'],
  [WALLET_PORT, 'FOYER_WALLET_PORT', 'the wallet frame'],
  [APP_PORT, 'APP_PORT', 'the host app'],
  ...(LOCAL_CHAIN ? [[ANVIL_PORT, 'FOYER_ANVIL_PORT', 'the local chain (anvil; FOYER_LOCAL_CHAIN=0 leaves it out)']] : []),
]
for (const [port, setting, what] of ports) {
  const others = ports.filter(([p, s]) => p === port && s !== setting)
  if (others.length) fail(`${setting} and ${others[0][1]} are both ${port}: ${what} and ${others[0][2]} need ports of their own.`)
  else if (!(await portFree(port))) fail(`port ${port} (${setting}, ${what}) is in use. Stop what uses it, or start with ${setting}=<another port>.`)
  if (stopping) break
}

// 2. The local chain (anvil), before the app that points at it.
if (!stopping && LOCAL_CHAIN) {
  const anvil = run(
    'anvil',
    ['--port', ANVIL_PORT, '--host', '127.0.0.1', '--chain-id', String(LOCAL_CHAIN_ID), '--silent'],
    (why) => fail(`the local chain (anvil) exited (${why}).`),
    'node_modules/.bin/anvil',
  )
  try {
    await waitFor('the local chain', localRpc, () => anvil.exitCode === null && !stopping)
  } catch (error) {
    if (!stopping) fail(error.message)
  }
}

// 3. The server, waited on through /readyz.
const deaths = []
const startServer = () =>
  run('server', ['--conditions=source', '--import', 'tsx', 'examples/server/main.ts'], (why) => {
    if (!running) return fail(`the Foyer server exited (${why}) while starting; its output is above.`)
    deaths.push(Date.now())
    while (deaths.length && deaths[0] < Date.now() - 60_000) deaths.shift()
    if (deaths.length >= 3) return fail(`the Foyer server exited (${why}) three times within a minute.`)
    console.error(`[foyer] the Foyer server exited (${why}); starting it again — the host app stays up and reconnects.`)
    setTimeout(() => !stopping && startServer(), 1000)
  })

if (!stopping) {
  const server = startServer()
  const serverAlive = () => server.exitCode === null && server.signalCode === null && !stopping
  try {
    await waitFor('the Foyer server', `http://localhost:${PORT}/readyz`, serverAlive, (s) => s === 200)
    await waitFor('the wallet frame', `http://localhost:${WALLET_PORT}/readyz`, serverAlive, (s) => s === 200)
  } catch (error) {
    if (!stopping) fail(error.message)
  }
}

// 4. The host app.
if (!stopping) {
  const app = run('app', ['node_modules/vite/bin/vite.js', '--config', 'examples/react-app/vite.config.ts', '--clearScreen', 'false', '--logLevel', 'warn'], (why) =>
    fail(`the host app (Vite) exited (${why}).`),
  )
  try {
    await waitFor('the host app', `http://localhost:${APP_PORT}/`, () => app.exitCode === null && !stopping)
  } catch (error) {
    if (!stopping) fail(error.message)
  }
}

if (!stopping) {
  running = true
  console.log(`
  Foyer is running
  ────────────────
  Host app:      http://localhost:${APP_PORT}
  Foyer server:  http://localhost:${PORT}
  Wallet frame:  http://localhost:${WALLET_PORT}
${LOCAL_CHAIN ? `  Local chain:   ${localRpc} (anvil, chain ${LOCAL_CHAIN_ID}; the app's 'Get test ETH' funds your wallet)\n` : ''}  Dev app id:    ${devAppId}
  Login codes:   printed in this terminal and listed at http://localhost:${PORT}/dev/outbox

  Press Ctrl+C to stop.
`)
}
