import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './freePort.js'
import { startFoyerServer } from './startFoyerServer.js'

const root = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * What the build carries where the stack's API URL and app id go: a stack's static server replaces them
 * with its own, so one build serves every stack (each on its own ports, with its own env).
 */
export const appPlaceholders = {
  apiUrl: 'http://foyer-e2e-api-url.invalid',
  appId: 'foyer_e2e_app_id_placeholder',
} as const

/** The once-per-run inputs of every stack. */
export interface E2eAssets {
  /** examples/react-app built by `vite build` (index.html + assets/). */
  appDir: string
  /** A data folder the Foyer server initialised and migrated, then closed: each stack starts on a copy. */
  dataTemplate: string
}

/** Builds the example app and makes the data-folder template, side by side, under `dir`. */
export async function prepareE2eAssets(dir: string): Promise<E2eAssets> {
  const appDir = join(dir, 'app')
  const dataTemplate = join(dir, 'data-template')
  mkdirSync(dir, { recursive: true })
  await Promise.all([buildExampleApp(appDir), makeDataTemplate(dataTemplate)])
  return { appDir, dataTemplate }
}

/**
 * `vite build` of examples/react-app with its own config: a handful of chunks instead of the dev server's
 * hundreds of modules per page load. NODE_ENV=development keeps React's development build, so the app
 * behaves as `npm start` serves it (StrictMode's double effects, which tests rely on to catch doubled
 * connects and signatures, and React's warnings).
 */
function buildExampleApp(outDir: string): Promise<void> {
  const args = ['node_modules/vite/bin/vite.js', 'build', '--config', 'examples/react-app/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']
  const env = { ...process.env, NODE_ENV: 'development', FOYER_API_URL: appPlaceholders.apiUrl, FOYER_DEV_APP_ID: appPlaceholders.appId }
  return new Promise((resolve, reject) => {
    let output = ''
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build of examples/react-app failed (${code}):\n${output}`))))
  })
}

/**
 * A fresh data folder costs seconds of initdb and migrations on every start. The server makes one here,
 * once, and closes it cleanly; a stack's server then opens a copy, as `npm start` reopens ./.foyer-data.
 */
async function makeDataTemplate(dataDir: string): Promise<void> {
  const [port, appPort] = [await freePort(), await freePort()]
  const server = await startFoyerServer({ PORT: String(port), APP_PORT: String(appPort), FOYER_DATA_DIR: dataDir })
  await server.stop()
}
