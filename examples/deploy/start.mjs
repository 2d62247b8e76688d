// The reference deployment from the command line: N instances of examples/server/main.ts on one PostgreSQL, HAProxy in
// front, each instance restarted when it dies; Ctrl+C / SIGTERM stops everything. See examples/deploy/README.md.
//
//   node examples/deploy/start.mjs [--instances 3] [--api-port 8787] [--wallet-port 8788] [--base-port 9001] [--dev]
//   node examples/deploy/start.mjs --print-haproxy-config [--instances 3]   (compose's haproxy/haproxy.cfg)
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { SETTINGS, composeHaproxyConfig, settingsProblems, startDeployment } from './deployment.mjs'

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: process.env.FOYER_INSTANCES ?? '3' },
    'api-port': { type: 'string', default: process.env.PORT ?? '8787' },
    'wallet-port': { type: 'string', default: process.env.FOYER_WALLET_PORT ?? '8788' },
    'base-port': { type: 'string', default: '9001' },
    bind: { type: 'string', default: process.env.HOST ?? '0.0.0.0' },
    // auto: GET /readyz when the server has it, else TCP checks; readyz; tcp.
    health: { type: 'string', default: 'auto' },
    dev: { type: 'boolean', default: false },
    'print-haproxy-config': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

const count = Number(args.instances)
if (!Number.isInteger(count) || count < 1) throw new Error('--instances must be a whole number ≥ 1')

if (args.help) {
  console.log(`node examples/deploy/start.mjs [--instances N] [--api-port P] [--wallet-port P] [--base-port P] [--dev]

Production settings (the same for every instance, from the environment):
${SETTINGS.map((s) => `  ${s.name.padEnd(22)} ${s.what}`).join('\n')}
  FOYER_API_ORIGIN       the API's public origin (default http://localhost:<api port>)
  FOYER_WALLET_ORIGIN    the wallet frame's public origin (default http://localhost:<wallet port>), same site as the apps

--dev: only DATABASE_URL is needed; the instances keep dev keys in the database, codes go to the dev outbox.\n`)
  process.exit(0)
}

if (args['print-haproxy-config']) {
  process.stdout.write(composeHaproxyConfig(count))
  process.exit(0)
}

const problems = settingsProblems(process.env, { dev: args.dev })
if (process.env.FOYER_CONFIG && !existsSync(process.env.FOYER_CONFIG)) problems.push(`FOYER_CONFIG: no file at ${process.env.FOYER_CONFIG}`)
if (problems.length) {
  console.error(`[deploy] can't start (node examples/deploy/start.mjs --help lists the settings):\n  ${problems.join('\n  ')}`)
  if (!args.dev) console.error('[deploy] to try it out on a laptop: DATABASE_URL=postgres://… node examples/deploy/start.mjs --dev')
  process.exit(1)
}

const deployment = await startDeployment({
  instances: count,
  apiPort: Number(args['api-port']),
  walletPort: Number(args['wallet-port']),
  basePort: Number(args['base-port']),
  bind: args.bind,
  health: args.health,
  dev: args.dev,
}).catch((error) => {
  console.error(`[deploy] ${error.message}`)
  process.exit(1)
})
console.log(`
  Foyer deployment is running (${count} instance${count === 1 ? '' : 's'} behind HAProxy${args.dev ? ', dev mode' : ''})
  API:           ${deployment.apiOrigin}  (HAProxy → ${deployment.instances.map((i) => i.name).join(', ')})
  Wallet frame:  ${deployment.walletOrigin}
  HAProxy config: ${deployment.configFile}

  kill -HUP ${process.pid}: restart the instances one at a time.  Ctrl+C: stop.
`)

let stopping = false
const stop = async (signal) => {
  if (stopping) return
  stopping = true
  console.log(`[deploy] ${signal}: stopping HAProxy, then the instances`)
  await deployment.stop()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
// SIGHUP: a rolling restart (e.g. after updating the code): one instance at a time, each back in rotation before the next.
let restarting = false
process.on('SIGHUP', () => {
  if (restarting || stopping) return
  restarting = true
  deployment
    .rollingRestart()
    .then(() => console.log('[deploy] rolling restart done'), (error) => console.error(`[deploy] rolling restart failed: ${error.message}`))
    .finally(() => (restarting = false))
})
