// `npm start`: the Foyer server (embedded PGlite database, dev outbox) plus the example host app.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const PORT = process.env.PORT ?? '8787'
const APP_PORT = process.env.APP_PORT ?? '5173'
const env = { ...process.env, PORT, APP_PORT }
const children = []

function run(name, command, args) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[foyer] ${name} stopped (${signal ?? code}); stopping everything.`)
      stop(code ?? 1)
    }
  })
  children.push(child)
  return child
}

let stopping = false
function stop(code = 0) {
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 300).unref()
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

async function waitFor(url, ms = 60_000) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url)
      if (res.status < 500) return
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`)
}

run('server', process.execPath, ['--conditions=source', '--import', 'tsx', 'examples/server/main.ts'])
const devAppId = process.env.FOYER_DEV_APP_ID ?? 'foyer_dev_app_00000000001'
await waitFor(`http://localhost:${PORT}/api/v1/apps/${devAppId}`)
run('app', process.execPath, [
  'node_modules/vite/bin/vite.js',
  '--config',
  'examples/react-app/vite.config.ts',
  '--clearScreen',
  'false',
  '--logLevel',
  'warn',
])
await waitFor(`http://localhost:${APP_PORT}/`)
console.log(`
  Foyer is running
  ────────────────
  Host app:      http://localhost:${APP_PORT}
  Foyer server:  http://localhost:${PORT}
  Wallet frame:  http://localhost:${process.env.FOYER_WALLET_PORT ?? Number(PORT) + 1}
  Dev app id:    ${devAppId}
  Login codes:   printed in this terminal and listed at http://localhost:${PORT}/dev/outbox

  Press Ctrl+C to stop.
`)
