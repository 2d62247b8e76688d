import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { promisify } from 'node:util'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './freePort.js'
import { appPlaceholders, prepareE2eAssets, type E2eAssets } from './prepareE2eAssets.js'
import { serveApp, type ServedApp } from './serveApp.js'
import { startFoyerServer } from './startFoyerServer.js'

export { freePort } from './freePort.js'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const defaultAppId = 'foyer_dev_app_00000000001'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by test/e2e/kit/globalSetup.ts for the e2e project. */
    foyerE2eAssets: E2eAssets
  }
}

/** The running server + example app on free ports (or on PORT / APP_PORT when `env` sets them). */
export interface Stack {
  appUrl: string
  apiUrl: string
  /** The wallet frame's origin (the server's second listener). */
  walletUrl: string
  /** `npm start`'s second app (a cross-app provider), in devServer stacks. */
  providerAppUrl?: string
  appId: string
  /** Output of the server (and the app's server) so far, for failure messages. */
  log(): string
  stop(): Promise<void>
  /**
   * SIGKILLs the Foyer server (a crash: no clean close of its database) and starts it again on the same data
   * folder and ports; resolves once it listens. Not in `devServer` stacks.
   */
  crashServer(): Promise<void>
}

/** Options of startStack. */
export interface StartStackOptions {
  /**
   * Run `node scripts/start.mjs` (`npm start`: the server plus the example app in Vite's dev server) instead
   * of the server plus the once-per-run build of the example app. Slower per page; one test keeps it honest.
   */
  devServer?: boolean
  /**
   * With `devServer`: the dev app exactly as `npm start` configures it (no FOYER_DEV_APP of the kit's: wallets are created
   * at login, passwords allowed), plus the local stack and the second app on ports of the stack's own.
   */
  outOfTheBox?: boolean
}

let localAssets: Promise<E2eAssets> | undefined

/** The build and data template from the e2e project's globalSetup; made here, once per process, elsewhere. */
async function e2eAssets(): Promise<E2eAssets> {
  try {
    const { inject } = await import('vitest')
    const provided = inject('foyerE2eAssets')
    if (provided) return provided
  } catch {
    // Not inside a Vitest worker: fall through.
  }
  localAssets ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-e2e-assets-'))
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
    return prepareE2eAssets(dir)
  })().catch((error) => {
    localAssets = undefined
    throw error
  })
  return localAssets
}

/**
 * A new data folder holding a copy of the run's initialised one (what every stack's server starts on). The caller
 * removes it (in an after hook or a finally): an 'exit' listener would not do, as Vitest ends its workers with a signal.
 */
export async function freshDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-e2e-'))
  await promisify(execFile)('cp', ['-R', `${(await e2eAssets()).dataTemplate}/.`, dir])
  return dir
}

/**
 * Starts the Foyer server (examples/server/main.ts, as `npm start` does) on a copy of a freshly initialised
 * data folder, and serves the built example app on the port the dev app allows, with this stack's API URL
 * and app id. `env` goes to the server over this process's environment (FOYER_DEV_APP, PORT, APP_PORT, …).
 */
export async function startStack(env: Record<string, string> = {}, options: StartStackOptions = {}): Promise<Stack> {
  // A free port can be taken by someone else before the server binds it (seconds later, with other files'
  // browsers and servers running beside this one): then the stack starts again on new ports, unless pinned.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStackOnce(env, options)
    } catch (error) {
      const pinned = env.PORT !== undefined && env.APP_PORT !== undefined
      if (pinned || attempt === 3 || !/EADDRINUSE|is in use/.test(String(error))) throw error
    }
  }
}

async function startStackOnce(env: Record<string, string>, options: StartStackOptions): Promise<Stack> {
  const merged = { ...process.env, ...env }
  const port = Number(env.PORT ?? (await freePort()))
  const appPort = Number(env.APP_PORT ?? (await freePort()))
  const walletPort = Number(env.FOYER_WALLET_PORT ?? (await freePort()))
  const apiUrl = `http://localhost:${port}`
  const walletUrl = `http://localhost:${walletPort}`
  const appId = merged.FOYER_DEV_APP_ID ?? defaultAppId
  const ownDataDir = env.FOYER_DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'foyer-e2e-'))
  const dataDir = env.FOYER_DATA_DIR ?? ownDataDir!
  const removeDataDir = () => ownDataDir && rmSync(ownDataDir, { recursive: true, force: true })
  // Embedded wallets stay off at login unless a test asks (the dev app creates one for every new user).
  const devApp = { 'embedded-wallet': { create_on_login: 'off' }, ...(env.FOYER_DEV_APP ? (JSON.parse(env.FOYER_DEV_APP) as object) : {}) }
  const serverEnv = {
    ...env,
    ...(options.outOfTheBox ? {} : { FOYER_DEV_APP: JSON.stringify(devApp) }),
    PORT: String(port),
    APP_PORT: String(appPort),
    FOYER_WALLET_PORT: String(walletPort),
    FOYER_DATA_DIR: dataDir,
  }

  if (options.devServer) {
    try {
      // npm start's local stack and second app on ports of this stack's own (the Solana RPC's WebSocket is its port + 1).
      const ports: Record<string, string> = {}
      for (const name of ['FOYER_ANVIL_PORT', 'FOYER_BUNDLER_PORT', 'FOYER_PAYMASTER_PORT', 'FOYER_FAUCET_PORT', 'FOYER_SOLANA_PORT', 'FOYER_PROVIDER_APP_PORT']) ports[name] = String(await freePort())
      const providerAppUrl = `http://localhost:${ports.FOYER_PROVIDER_APP_PORT}`
      return await startDevStack({ ...ports, ...serverEnv }, { apiUrl, walletUrl, appUrl: `http://localhost:${appPort}`, appId, providerAppUrl, removeDataDir })
    } catch (error) {
      removeDataDir()
      throw error
    }
  }

  let app: ServedApp | undefined
  try {
    const assets = await e2eAssets()
    // cp(1) copies the template's ~1000 files several times faster than fs.cpSync.
    if (ownDataDir) await promisify(execFile)('cp', ['-R', `${assets.dataTemplate}/.`, ownDataDir])
    let appLog = ''
    app = await serveApp(assets.appDir, {
      port: appPort,
      // The app talks to FOYER_API_URL when set, as examples/react-app/vite.config.ts does.
      replace: { [appPlaceholders.apiUrl]: merged.FOYER_API_URL ?? apiUrl, [appPlaceholders.appId]: appId },
      onLog: (line) => (appLog += `${line}\n`),
    })
    let server = await startFoyerServer(serverEnv)
    let earlierLog = ''
    const served = app
    return {
      appUrl: served.url,
      apiUrl,
      walletUrl,
      appId,
      log: () => earlierLog + server.log() + appLog,
      async crashServer() {
        await server.kill()
        earlierLog += `${server.log()}\n[startStack] server killed (SIGKILL) and started again\n`
        server = await startFoyerServer(serverEnv)
      },
      async stop() {
        // The data folder is deleted next, so nothing is gained by letting the server close it cleanly.
        await Promise.all([server.kill(), served.close()])
        removeDataDir()
      },
    }
  } catch (error) {
    await app?.close()
    removeDataDir()
    throw error
  }
}

/** `node scripts/start.mjs` in its own process group, resolved at its 'Foyer is running' banner. */
async function startDevStack(
  env: Record<string, string>,
  stack: { apiUrl: string; walletUrl: string; appUrl: string; appId: string; providerAppUrl: string; removeDataDir: () => void },
): Promise<Stack> {
  let output = ''
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const stop = async () => {
    signalGroup(child, 'SIGTERM')
    // start.mjs stops its two children on SIGTERM; wait until the whole group is gone, not a fixed time.
    const deadline = Date.now() + 15_000
    while (groupAlive(child) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    signalGroup(child, 'SIGKILL')
    stack.removeDataDir()
  }
  await new Promise<void>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer)
      void stop().then(() => reject(new Error(`npm start ${why}:\n${output}`)))
    }
    const timer = setTimeout(() => fail('did not start in 180 s'), 180_000)
    child.stdout!.on('data', () => {
      if (!output.includes('Foyer is running')) return
      clearTimeout(timer)
      child.removeAllListeners('exit')
      resolve()
    })
    child.once('exit', (code) => fail(`exited with ${code}`))
  })
  const crashServer = () => Promise.reject(new Error('crashServer: not in a devServer stack'))
  return { apiUrl: stack.apiUrl, walletUrl: stack.walletUrl, appUrl: stack.appUrl, appId: stack.appId, providerAppUrl: stack.providerAppUrl, log: () => output, stop, crashServer }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal)
  } catch {
    // The group is already gone.
  }
}

function groupAlive(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 0)
    return true
  } catch {
    return false
  }
}
