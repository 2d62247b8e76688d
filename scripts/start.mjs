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
const after = (base, n) => String(Number(base) + n)
// The local stack (examples/local-stack): anvil (chain 31337) with the ERC-4337 contracts and a test USDC, the alto
// bundler, a paymaster service, a Solana RPC over litesvm and a dev faucet, so sending, smart wallets and funding work
// on a fresh clone. FOYER_LOCAL_CHAIN=0 leaves it out; each part's port is a setting.
const LOCAL_STACK = process.env.FOYER_LOCAL_CHAIN !== '0'
const localPorts = {
  FOYER_ANVIL_PORT: process.env.FOYER_ANVIL_PORT ?? after(PORT, 2),
  FOYER_BUNDLER_PORT: process.env.FOYER_BUNDLER_PORT ?? after(PORT, 3),
  FOYER_PAYMASTER_PORT: process.env.FOYER_PAYMASTER_PORT ?? after(PORT, 4),
  FOYER_FAUCET_PORT: process.env.FOYER_FAUCET_PORT ?? after(PORT, 5),
  FOYER_SOLANA_PORT: process.env.FOYER_SOLANA_PORT ?? after(PORT, 6),
}
// A second example app on its own port, a cross-app provider the first app lists ('Log in with Foyer demo wallet').
// FOYER_PROVIDER_APP_PORT moves it; FOYER_PROVIDER_APP=0 leaves it out.
const PROVIDER_APP = process.env.FOYER_PROVIDER_APP !== '0'
const PROVIDER_APP_PORT = process.env.FOYER_PROVIDER_APP_PORT ?? after(APP_PORT, 1)
const PROVIDER_APP_ID = 'foyer_demo_wallet_app_001'
const env = {
  ...process.env,
  PORT,
  APP_PORT,
  FOYER_WALLET_PORT: WALLET_PORT,
  ...(LOCAL_STACK ? localPorts : {}),
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

/**
 * Starts `name`; its exit calls `onExit` (unless everything is stopping). `options.env` adds to the shared environment;
 * `options.onLine` sees each line of its stdout (which is still printed).
 */
function run(name, args, onExit, options = {}) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...env, ...options.env }, stdio: ['ignore', options.onLine ? 'pipe' : 'inherit', 'inherit'] })
  if (options.onLine) {
    let buffered = ''
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk)
      buffered += chunk
      const lines = buffered.split('\n')
      buffered = lines.pop()
      lines.forEach(options.onLine)
    })
  }
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
  ...(PROVIDER_APP ? [[PROVIDER_APP_PORT, 'FOYER_PROVIDER_APP_PORT', 'the second app (a cross-app provider; FOYER_PROVIDER_APP=0 leaves it out)']] : []),
  ...(LOCAL_STACK
    ? [
        [localPorts.FOYER_ANVIL_PORT, 'FOYER_ANVIL_PORT', 'the local chain (anvil; FOYER_LOCAL_CHAIN=0 leaves the local stack out)'],
        [localPorts.FOYER_BUNDLER_PORT, 'FOYER_BUNDLER_PORT', 'the bundler (alto)'],
        [localPorts.FOYER_PAYMASTER_PORT, 'FOYER_PAYMASTER_PORT', 'the paymaster service'],
        [localPorts.FOYER_FAUCET_PORT, 'FOYER_FAUCET_PORT', 'the dev faucet'],
        [localPorts.FOYER_SOLANA_PORT, 'FOYER_SOLANA_PORT', 'the local Solana RPC'],
        [after(localPorts.FOYER_SOLANA_PORT, 1), 'FOYER_SOLANA_PORT', "the local Solana RPC's WebSocket (FOYER_SOLANA_PORT + 1)"],
      ]
    : []),
]
for (const [port, setting, what] of ports) {
  const others = ports.filter(([p, s, w]) => p === port && (s !== setting || w !== what))
  if (others.length) fail(`${setting} and ${others[0][1]} are both ${port}: ${what} and ${others[0][2]} need ports of their own.`)
  else if (!(await portFree(port))) fail(`port ${port} (${setting}, ${what}) is in use. Stop what uses it, or start with ${setting}=<another port>.`)
  if (stopping) break
}

// 2. The local stack, before the server and the apps that point at it: its ready line carries URLs and addresses.
let local = null
if (!stopping && LOCAL_STACK) {
  const started = Date.now()
  const stack = run('local-stack', ['--import', 'tsx', 'examples/local-stack/main.ts'], (why) => fail(`the local stack exited (${why}); its output is above.`), {
    onLine: (line) => {
      if (line.startsWith('[local-stack] ready ')) local = JSON.parse(line.slice('[local-stack] ready '.length))
    },
  })
  let told = started
  while (!local && !stopping) {
    if (stack.exitCode !== null) break
    if (Date.now() - started > STUCK_MS) {
      fail(`the local stack did not start within ${STUCK_MS / 1000} s (FOYER_START_TIMEOUT_MS)`)
      break
    }
    if (Date.now() - told >= 5000) {
      told = Date.now()
      console.log(`[foyer] waiting for the local chains (${Math.round((told - started) / 1000)} s)…`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}
if (local) {
  // The server's dev app gets smart wallets on the local chain, unless the environment configures its own.
  if (!process.env.FOYER_SMART_WALLET_BUNDLER_URL) {
    Object.assign(env, {
      FOYER_SMART_WALLET_BUNDLER_URL: local.bundlerUrl,
      FOYER_SMART_WALLET_CHAIN_ID: String(local.chainId),
      FOYER_SMART_WALLET_FACTORY: local.simpleAccountFactory,
      FOYER_SMART_WALLET_PAYMASTER_URL: local.paymasterUrl,
      FOYER_SMART_WALLET_POLICY_ID: local.paymasterPolicy,
      FOYER_SMART_WALLET_RPC_URL: local.rpcUrl,
    })
  }
  // Read by the example apps (Vite exposes VITE_* variables): their default chain, Solana RPC, USDC and faucet.
  Object.assign(env, {
    VITE_FOYER_LOCAL_CHAIN: `${local.chainId}:${local.rpcUrl}`,
    VITE_FOYER_LOCAL_STACK: JSON.stringify({ solanaRpcUrl: local.solanaRpcUrl, usdc: { [local.chainId]: local.usdc }, faucetUrl: local.faucetUrl }),
  })
}
if (PROVIDER_APP) {
  // The second app, an app of the server's beside the dev app: its "cross-app" section lists the dev app as a requester.
  const origins = (port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]
  const providerApp = {
    id: PROVIDER_APP_ID,
    name: 'Foyer demo wallet',
    allowed_origins: [`http://localhost:${PROVIDER_APP_PORT}`],
    email_auth: true,
    passkey: true,
    'embedded-wallet': { create_on_login: 'users-without-wallets' },
    'cross-app': { requesters: [{ app_id: devAppId, origins: origins(APP_PORT) }], provider_url: `http://localhost:${PROVIDER_APP_PORT}` },
  }
  env.FOYER_DEV_APPS = JSON.stringify([...(process.env.FOYER_DEV_APPS ? JSON.parse(process.env.FOYER_DEV_APPS) : []), providerApp])
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

// 4. The host apps (Vite's dev server; each its own dependency cache, so two never optimize into one folder).
const vite = (name, port, appId, label, tag) => {
  const app = run(name, ['node_modules/vite/bin/vite.js', '--config', 'examples/react-app/vite.config.ts', '--clearScreen', 'false', '--logLevel', 'warn'], (why) => fail(`${label} (Vite) exited (${why}).`), {
    env: { APP_PORT: port, FOYER_DEV_APP_ID: appId, FOYER_VITE_CACHE: `node_modules/.vite/${name}`, ...(tag ? { FOYER_APP_TAG: tag } : {}) },
  })
  return waitFor(label, `http://localhost:${port}/`, () => app.exitCode === null && !stopping)
}
if (!stopping) {
  try {
    await Promise.all([vite('app', APP_PORT, devAppId, 'the host app'), ...(PROVIDER_APP ? [vite('provider-app', PROVIDER_APP_PORT, PROVIDER_APP_ID, 'the second app', 'wallet demo · cross-app provider')] : [])])
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
${PROVIDER_APP ? `  Second app:    http://localhost:${PROVIDER_APP_PORT} (a cross-app provider: 'Log in with Foyer demo wallet' on the host app)\n` : ''}  Foyer server:  http://localhost:${PORT}
  Wallet frame:  http://localhost:${WALLET_PORT}
${
  local
    ? `  Local chain:   ${local.rpcUrl} (anvil, chain ${local.chainId}; 'Get test funds' on the app funds your wallets)
  Bundler:       ${local.bundlerUrl} (alto, EntryPoint v0.7; smart wallets' gas sponsored by ${local.paymasterUrl})
  Solana RPC:    ${local.solanaRpcUrl} (litesvm)
`
    : ''
}  Dev app id:    ${devAppId}
  Login codes:   printed in this terminal and listed at http://localhost:${PORT}/dev/outbox

  Press Ctrl+C to stop.
`)
}
