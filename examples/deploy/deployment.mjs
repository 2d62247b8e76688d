// The reference deployment's building blocks (ARCHITECTURE §18): N instances of the real server
// (examples/server/main.ts) on one PostgreSQL, HAProxy in front with a generated config, and a supervisor that
// restarts an instance that dies. examples/deploy/start.mjs runs them from the command line; the e2e test
// (test/e2e/deployment.test.ts) and the scale bench (test/bench/scale.mjs) run the same functions.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root: where `node --import tsx examples/server/main.ts` runs. */
export const root = fileURLToPath(new URL('../..', import.meta.url))

/** How an instance is started: exactly as scripts/start.mjs (`npm start`) runs the server. */
export const INSTANCE_COMMAND = [process.execPath, '--conditions=source', '--import', 'tsx', 'examples/server/main.ts']

/** Where Debian's package puts HAProxy (FOYER_HAPROXY overrides). */
export const HAPROXY = process.env.FOYER_HAPROXY ?? '/usr/sbin/haproxy'

/**
 * What production needs from the environment. Every instance gets the same values from this one place: the keys
 * must be the same on all of them (a wallet made through one instance is opened through another).
 */
export const SETTINGS = [
  { name: 'DATABASE_URL', what: 'the PostgreSQL all instances share, e.g. postgres://foyer:secret@db.internal:5432/foyer', dev: true },
  { name: 'FOYER_CONFIG', what: 'path of the apps config file (JSON; see examples/server/foyer.config.example.json)' },
  { name: 'SMTP_URL', what: 'where e-mail codes go out, e.g. smtps://user:pass@smtp.example.com' },
  { name: 'FOYER_WALLET_KEK', key: true, what: "encrypts each embedded wallet's auth share" },
  { name: 'FOYER_RECOVERY_KEK', key: true, what: 'wraps the keys of automatic wallet recovery (another key than FOYER_WALLET_KEK)' },
  { name: 'FOYER_DELEGATION_KEY', key: true, what: 'seals delegated-action key envelopes (a key of its own)' },
  { name: 'FOYER_MFA_KEK', key: true, what: 'seals the authenticator-app (TOTP) secrets' },
  { name: 'FOYER_APPS_KEK', key: true, what: "seals the secret fields of the apps' entries in the database (OAuth client secrets, bot tokens)" },
]
export const KEY_NAMES = SETTINGS.filter((s) => s.key).map((s) => s.name)

/** 32 bytes as base64 or hex, as the server's plugins accept them. */
export function isKey(value) {
  if (typeof value !== 'string') return false
  if (/^[0-9a-fA-F]{64}$/.test(value)) return true
  return /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32
}

/** Fresh keys, one per key setting (`openssl rand -base64 32` each). */
export function generateKeys() {
  return Object.fromEntries(KEY_NAMES.map((name) => [name, randomBytes(32).toString('base64')]))
}

/**
 * What is wrong with `env` for a start: missing settings, keys that are not 32 bytes, two keys alike. `dev` needs only
 * DATABASE_URL: a dev server keeps the keys it lacks in the database (generated once, so every instance on it and every
 * restart agree), serves the dev app, and mail goes to the dev outbox, which lives in the database too.
 */
export function settingsProblems(env, { dev = false } = {}) {
  const problems = []
  for (const setting of SETTINGS) {
    const value = env[setting.name]
    if (!value) {
      if (!dev || setting.dev) problems.push(`${setting.name} is not set: ${setting.what}${setting.key ? ' (32 random bytes: openssl rand -base64 32)' : ''}`)
    } else if (setting.key && !isKey(value)) {
      problems.push(`${setting.name} must be 32 random bytes as base64 or hex (openssl rand -base64 32)`)
    }
  }
  const keys = KEY_NAMES.map((name) => env[name]).filter(Boolean)
  if (new Set(keys).size !== keys.length) problems.push(`${KEY_NAMES.join(', ')} must be ${KEY_NAMES.length} different keys`)
  return problems
}

/** Instance i's ports: api on base + 2i, wallet frame on base + 2i + 1. */
export function instancePorts(count, basePort) {
  return Array.from({ length: count }, (_, i) => ({ name: `foyer-${i + 1}`, host: '127.0.0.1', apiPort: basePort + 2 * i, walletPort: basePort + 2 * i + 1 }))
}

/**
 * The body of HAProxy's own 503, for when no instance answers at all: the server's error shape, with Retry-After,
 * so a client retries it as it retries an instance's 503 `service_unavailable`.
 */
export const HAPROXY_503 = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json',
  'Cache-Control: no-store',
  'Retry-After: 2',
  'Connection: close',
  '',
  '{"error":"Service unavailable","code":"service_unavailable"}',
  '',
].join('\r\n')

/**
 * HAProxy's configuration: one frontend for the API, one for the wallet frame, each round-robin over the instances'
 * listeners with health checks, X-Forwarded-For added, retries of connection failures on another instance.
 *
 * - `health`: 'readyz' (GET /readyz must answer 200; 503 while an instance is not ready or is shutting down) or 'tcp'
 *   (startDeployment's 'auto': readyz when the instances have it).
 * - `errorFile`: where HAPROXY_503 was written (HAProxy reads the file at start).
 * - `log`: 'stdout' (one line per request, see LOG_FORMAT) or null.
 * - `statsSocket`: a unix socket path for `show stat` (serverStates), or null.
 * - `dns`: a resolver's address (containers: Docker's 127.0.0.11:53): instances are host names, looked up again while
 *   HAProxy runs (a restarted container may get a new address) and HAProxy starts before they resolve.
 */
export function haproxyConfig({ api, wallet, instances, health = 'readyz', errorFile, log = 'stdout', statsSocket = null, dns = null }) {
  const resolve = dns ? ' resolvers dns init-addr last,libc,none' : ''
  const check = health === 'readyz' ? ['option httpchk', 'http-check send meth GET uri /readyz', 'http-check expect status 200'] : []
  const servers = (port, checked) =>
    instances.map((i) => `server ${i.name} ${i.host}:${i[port]}${resolve}${checked ? ' check inter 1s fastinter 500ms downinter 1s fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down' : ''}`)
  // The wallet listener serves only GETs (frame pages, the frame's content-hashed script): a 404 there is retried on
  // another instance, so during a rolling deploy a page from an updated instance finds its script on another updated one.
  const walletRetries = (name) => (name === 'wallet' ? ['    retry-on conn-failure empty-response 404'] : [])
  const frontend = (name, bind) => [
    `frontend ${name}`,
    `    bind ${bind.host ?? '0.0.0.0'}:${bind.port}`,
    // The connection-failure retry (the request never reached an instance) is safe for every method. A GET, HEAD or
    // OPTIONS is also retried when an instance died with the request in hand (empty-response); a POST is not: it may
    // have been carried out (a code used, a refresh token rotated) before the instance died.
    '    http-request disable-l7-retry unless METH_GET || METH_HEAD || METH_OPTIONS',
    '    http-request set-var(txn.origin) req.hdr(origin)',
    // HAProxy's own 503 (no instance listening at all) gets the CORS headers an instance would have sent, so the page
    // can read it and retry; the instances' own answers are left as they are.
    '    http-after-response set-header Access-Control-Allow-Origin %[var(txn.origin)] if { status 503 } { var(txn.origin) -m found } !{ res.hdr(access-control-allow-origin) -m found }',
    '    http-after-response set-header Access-Control-Allow-Credentials true if { status 503 } { var(txn.origin) -m found }',
    `    use_backend ${name}_any if { nbsrv(${name}) eq 0 }`,
    `    default_backend ${name}`,
    '',
    `backend ${name}`,
    '    balance roundrobin',
    ...walletRetries(name),
    ...check.map((l) => `    ${l}`),
    ...servers(name === 'api' ? 'apiPort' : 'walletPort', true).map((l) => `    ${l}`),
    '',
    // While no instance is ready (the database away: every /readyz answers 503), requests still go round-robin to the
    // instances, which answer 503 service_unavailable with Retry-After and CORS themselves (and preflights 204),
    // instead of HAProxy answering for them.
    `backend ${name}_any`,
    '    balance roundrobin',
    ...walletRetries(name),
    ...servers(name === 'api' ? 'apiPort' : 'walletPort', false).map((l) => `    ${l}`),
    '',
  ]
  return [
    '# Generated by examples/deploy/deployment.mjs (haproxyConfig). HAProxy 2.6+.',
    'global',
    ...(log === 'stdout' ? ['    log stdout format raw local0 info'] : []),
    '    maxconn 4096',
    // Each bind owns its port: without this HAProxy sets SO_REUSEPORT, and a second listener on the same port (another
    // HAProxy, or both frontends given one port by mistake) would silently share its connections.
    '    noreuseport',
    ...(statsSocket ? [`    stats socket ${statsSocket} mode 600 level operator`] : []),
    '',
    'defaults',
    '    mode http',
    ...(log ? ['    log global', `    log-format "${LOG_FORMAT}"`, '    option dontlognull'] : []),
    // X-Forwarded-For: HAProxy appends the client's address; instances take the right-most entry (FOYER_TRUST_PROXY=1,
    // one trusted hop), so a client's own X-Forwarded-For can't choose its rate-limit key.
    '    option forwardfor',
    '    option redispatch 1',
    '    retries 3',
    '    retry-on conn-failure empty-response',
    '    timeout connect 2s',
    '    timeout client 30s',
    '    timeout server 30s',
    '    timeout http-request 10s',
    '    timeout http-keep-alive 10s',
    '    timeout queue 10s',
    '    timeout check 2s',
    ...(errorFile ? [`    errorfile 503 ${errorFile}`] : []),
    '',
    ...(dns ? ['resolvers dns', `    nameserver dns ${dns}`, '    hold valid 10s', '    accepted_payload_size 8192', ''] : []),
    ...frontend('api', api),
    ...frontend('wallet', wallet),
  ].join('\n')
}

/** One request per line: `<client> [<time>] <frontend> <backend>/<server> <timers> <status> <bytes> <termination> <retries> "<request>"`. */
export const LOG_FORMAT = '%ci [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %tsc %rc %{+Q}r'

/** A line of HAProxy's log in LOG_FORMAT, parsed; null for other lines (start-up notices). */
export function parseLogLine(line) {
  const m = /^(\S+) \[([^\]]+)\] (\S+) (\S+)\/(\S+) (\S+) (-?\d+) (\d+) (\S+) (\+?\d+) "(.*)"$/.exec(line.trim())
  if (!m) return null
  return { client: m[1], time: m[2], frontend: m[3], backend: m[4], server: m[5], timers: m[6], status: Number(m[7]), bytes: Number(m[8]), termination: m[9], retries: m[10], request: m[11] }
}

/**
 * Starts `command` and starts it again whenever it exits, until stop(). Each line of its output goes to `log` with
 * `[name]` in front, and into `output()`. A process that dies within 10 s of its start waits longer before the next
 * (1 s, doubling up to 5 s); one that ran longer is restarted after 0.5 s.
 */
export function supervise(name, command, args, { env = process.env, cwd = root, log = console.log, ready = null, keep = 200_000 } = {}) {
  let child = null
  let stopping = false
  let output = ''
  let delay = 500
  let timer = null
  let readyWaiters = []
  let everReady = false
  const state = { starts: 0, exits: [] }

  const emit = (text) => {
    output = (output + text).slice(-keep)
    for (const line of text.split('\n')) if (line.trim()) log(`[${name}] ${line}`)
  }
  const start = () => {
    timer = null
    const startedAt = Date.now()
    state.starts++
    let pending = ''
    const proc = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    child = proc
    const onData = (d) => {
      const text = pending + d
      const cut = text.lastIndexOf('\n')
      pending = text.slice(cut + 1)
      if (cut < 0) return
      const lines = text.slice(0, cut + 1)
      emit(lines)
      if (ready && ready.test(lines)) {
        everReady = true
        for (const waiter of readyWaiters) waiter.resolve()
        readyWaiters = []
      }
    }
    proc.stdout.on('data', onData)
    proc.stderr.on('data', onData)
    proc.once('error', (error) => emit(`failed to start: ${error.message}\n`))
    proc.once('exit', (code, signal) => {
      if (child === proc) child = null
      state.exits.push({ at: Date.now(), code, signal })
      if (stopping) return
      // A process that never got ready and keeps exiting (a wrong setting, the config refused) fails its waiters.
      if (ready && !everReady && state.exits.length >= 3) {
        for (const waiter of readyWaiters) waiter.reject(new Error(`${name} exited ${state.exits.length} times without starting:\n${output.slice(-4000)}`))
        readyWaiters = []
      }
      delay = Date.now() - startedAt > 10_000 ? 500 : Math.min(delay * 2, 5_000)
      log(`[deploy] ${name} exited (${signal ?? `code ${code}`}); starting it again in ${delay / 1000} s`)
      timer = setTimeout(start, delay)
    })
  }
  start()

  return {
    name,
    get pid() {
      return child?.pid ?? null
    },
    /** How many times it was started (1 + restarts) and its exits so far. */
    get starts() {
      return state.starts
    },
    get exits() {
      return state.exits
    },
    output: () => output,
    /** Resolves at the next line matching `ready` (for an instance: it listens); fails if it keeps exiting before its first. */
    nextReady(timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`${name} was not ready within ${timeoutMs / 1000} s:\n${output.slice(-4000)}`)), timeoutMs)
        readyWaiters.push({ resolve: () => (clearTimeout(t), resolve()), reject: (error) => (clearTimeout(t), reject(error)) })
      })
    },
    /** Sends `signal` to the running process (a test's SIGKILL); the supervisor starts it again. */
    kill(signal = 'SIGKILL') {
      child?.kill(signal)
    },
    /** Stops supervising: `signal`, then SIGKILL after `graceMs`; resolves once it exited. */
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      stopping = true
      if (timer) clearTimeout(timer)
      const proc = child
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
      const exited = new Promise((resolve) => proc.once('exit', resolve))
      proc.kill(signal)
      const force = setTimeout(() => proc.kill('SIGKILL'), graceMs)
      await exited
      clearTimeout(force)
    },
  }
}

/**
 * The HAProxy config of the container setup (compose.yaml, examples/deploy/haproxy/haproxy.cfg): the instances are the
 * services foyer-1 … foyer-N, each listening on 8787 (API) and 8788 (wallet frame); the balancer on the same two ports.
 */
export function composeHaproxyConfig(count = 3) {
  const instances = Array.from({ length: count }, (_, i) => ({ name: `foyer-${i + 1}`, host: `foyer-${i + 1}`, apiPort: 8787, walletPort: 8788 }))
  return `${haproxyConfig({ api: { port: 8787 }, wallet: { port: 8788 }, instances, errorFile: '/usr/local/etc/haproxy/503.http', dns: '127.0.0.11:53' })}\n`
}

/** Resolves once something accepts TCP connections on host:port. */
export async function waitForPort(port, host = '127.0.0.1', timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, host)
      socket.once('connect', () => (socket.destroy(), resolve(true)))
      socket.once('error', () => resolve(false))
    })
    if (open) return
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs / 1000} s`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** HAProxy's `show stat` on the stats socket: one row per server, `{ server: 'api/foyer-1', status: 'UP', sessions: 2 }`. */
export async function showStat(statsSocket) {
  const csv = await new Promise((resolve, reject) => {
    let text = ''
    const socket = connect(statsSocket)
    socket.on('connect', () => socket.write('show stat\n'))
    socket.on('data', (d) => (text += d))
    socket.on('end', () => resolve(text))
    socket.on('error', reject)
  })
  const rows = []
  for (const row of csv.split('\n').slice(1)) {
    const [proxy, server, , , sessions, ...rest] = row.split(',')
    if (!proxy || !server || server === 'FRONTEND' || server === 'BACKEND') continue
    rows.push({ server: `${proxy}/${server}`, status: rest[12], sessions: Number(sessions) })
  }
  return rows
}

/** HAProxy's view of its servers: `{ 'api/foyer-1': 'UP', … }`. */
export async function serverStates(statsSocket) {
  return Object.fromEntries((await showStat(statsSocket)).map((r) => [r.server, r.status]))
}

/**
 * Starts the deployment: `instances` servers (production unless `dev`), each on its own API and wallet ports on
 * 127.0.0.1, supervised, and HAProxy on `apiPort` / `walletPort`. The browser-facing origins (FOYER_API_ORIGIN,
 * FOYER_WALLET_ORIGIN) are the balancer's: http://localhost:<port> unless `env` names public ones (behind TLS).
 * Resolves once every instance listens and HAProxy accepts connections.
 */
export async function startDeployment({
  instances = 3,
  apiPort = 8787,
  walletPort = 8788,
  bind = '0.0.0.0',
  basePort = 9001,
  ports = null,
  env = process.env,
  dev = false,
  health = 'auto',
  log = console.log,
  instanceEnv = {},
} = {}) {
  const problems = settingsProblems(env, { dev })
  if (problems.length) throw new Error(`The deployment can't start:\n  ${problems.join('\n  ')}`)
  const dir = mkdtempSync(join(tmpdir(), 'foyer-deploy-'))
  const apiOrigin = env.FOYER_API_ORIGIN ?? `http://localhost:${apiPort}`
  const walletOrigin = env.FOYER_WALLET_ORIGIN ?? `http://localhost:${walletPort}`
  const layout = ports ?? instancePorts(instances, basePort)
  const all = [apiPort, walletPort, ...layout.flatMap((i) => [i.apiPort, i.walletPort])]
  if (new Set(all).size !== all.length) throw new Error(`The deployment's ports must all differ: balancer ${apiPort}, ${walletPort}; instances ${layout.map((i) => `${i.apiPort}, ${i.walletPort}`).join('; ')}`)
  const errorFile = join(dir, '503.http')
  writeFileSync(errorFile, HAPROXY_503)
  const statsSocket = join(dir, 'haproxy.sock')
  const configFile = join(dir, 'haproxy.cfg')
  const writeConfig = (checks) => {
    writeFileSync(configFile, haproxyConfig({ api: { host: bind, port: apiPort }, wallet: { host: bind, port: walletPort }, instances: layout, health: checks, errorFile, statsSocket }))
    const checked = spawnSync(HAPROXY, ['-c', '-q', '-f', configFile], { encoding: 'utf8' })
    if (checked.error) throw new Error(`HAProxy can't run from ${HAPROXY} (${checked.error.message}): apt-get install haproxy, or set FOYER_HAPROXY to its path`)
    if (checked.status !== 0) throw new Error(`HAProxy refused the generated config (${configFile}):\n${checked.stderr || checked.stdout}`)
  }
  try {
    writeConfig(health === 'tcp' ? 'tcp' : 'readyz')
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }

  const servers = layout.map((ports) =>
    supervise(ports.name, INSTANCE_COMMAND[0], INSTANCE_COMMAND.slice(1), {
      log,
      ready: /\[foyer\] server listening on/,
      env: {
        ...env,
        ...(dev ? {} : { NODE_ENV: 'production' }),
        PORT: String(ports.apiPort),
        FOYER_WALLET_PORT: String(ports.walletPort),
        HOST: ports.host,
        FOYER_API_ORIGIN: apiOrigin,
        FOYER_WALLET_ORIGIN: walletOrigin,
        FOYER_PUBLIC_URL: env.FOYER_PUBLIC_URL ?? apiOrigin,
        // One trusted hop: HAProxy's X-Forwarded-For entry is the client's address.
        FOYER_TRUST_PROXY: '1',
        ...instanceEnv,
      },
    }),
  )
  let haproxy = null
  const stop = async () => {
    // HAProxy first (SIGUSR1: a soft stop, it stops accepting and lets requests in flight end), then the instances
    // (SIGTERM: each closes its listeners and its database pool).
    await haproxy?.stop('SIGUSR1', 10_000)
    await Promise.all(servers.map((s) => s.stop('SIGTERM', 15_000)))
    rmSync(dir, { recursive: true, force: true })
  }
  /**
   * Restarts the instances one at a time (a new release, new settings): SIGTERM — the instance fails /readyz, stops
   * accepting and finishes what it has in hand — then the supervisor starts it again, and the next one goes only once
   * HAProxy has this one back in rotation on both listeners.
   */
  const rollingRestart = async ({ timeoutMs = 120_000 } = {}) => {
    for (const server of servers) {
      const back = server.nextReady(timeoutMs)
      log(`[deploy] rolling restart: ${server.name}`)
      server.kill('SIGTERM')
      await back
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const states = await serverStates(statsSocket)
        if (states[`api/${server.name}`] === 'UP' && states[`wallet/${server.name}`] === 'UP') break
        if (Date.now() > deadline) throw new Error(`${server.name} is not back in HAProxy's rotation after ${timeoutMs / 1000} s`)
        await new Promise((r) => setTimeout(r, 200))
      }
    }
  }
  try {
    await Promise.all(servers.map((s) => s.nextReady()))
    if (health === 'auto') {
      // 'auto': GET /readyz when the server has it (a server from before it answers 404 there), else TCP checks.
      const first = layout[0]
      const probe = async (port) => (await fetch(`http://${first.host}:${port}/readyz`).catch(() => null))?.status
      const statuses = [await probe(first.apiPort), await probe(first.walletPort)]
      if (statuses.includes(404)) {
        log(`[deploy] this server has no GET /readyz (answered ${statuses.join(' / ')}): HAProxy checks that the ports accept connections instead`)
        writeConfig('tcp')
      }
    }
    haproxy = supervise('haproxy', HAPROXY, ['-db', '-f', configFile], { log: (line) => log(line), keep: 20_000_000 })
    await waitForPort(apiPort)
    await waitForPort(walletPort)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    apiUrl: `http://localhost:${apiPort}`,
    walletUrl: `http://localhost:${walletPort}`,
    apiOrigin,
    walletOrigin,
    instances: servers,
    haproxy,
    configFile,
    /** HAProxy's request lines so far, parsed. */
    requests: () => haproxy.output().split('\n').map(parseLogLine).filter(Boolean),
    serverStates: () => serverStates(statsSocket),
    showStat: () => showStat(statsSocket),
    rollingRestart,
    stop,
  }
}
