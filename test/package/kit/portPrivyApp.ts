import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './packFoyer.js'
import { run } from './run.js'

const FIXTURE = join(repoRoot, 'plugins/privy-compat/codemod/fixtures/privy-vite-app')
const NPM_INSTALL = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']

/** A Privy app ported as docs/migrate-from-privy.md says, and installed: what test/package/privyPort.test.ts checks. */
export interface PrivyPort {
  /** The ported app (its node_modules installed). */
  app: string
  /** Where the packed foyer and ts-morph were installed to run the codemod. */
  tools: string
  /** The codemod's output, and the app's package.json as the codemod left it (before foyer pointed at the tarball). */
  codemodOutput: string
  portedManifest: { dependencies: Record<string, string> }
  /** Seconds per step. */
  timings: Record<string, number>
}

async function timed<T>(timings: Record<string, number>, name: string, work: () => Promise<T>): Promise<T> {
  const since = Date.now()
  try {
    return await work()
  } finally {
    timings[name] = (Date.now() - since) / 1000
  }
}

/**
 * Copies the codemod's fixture (a Privy 3 Vite app with wagmi 2) to `root/privy-port/app`, runs `npx foyer
 * migrate-from-privy` on it from the packed package (installed with its optional peer ts-morph in a tools folder of its
 * own: installing foyer into the Privy app first would also install Privy's SDK), points its `foyer` at the tarball
 * and runs a plain `npm install`. The package project's globalSetup runs it beside the host installs.
 */
export async function portPrivyApp(root: string, tarball: string): Promise<PrivyPort> {
  const timings: Record<string, number> = {}
  const app = join(root, 'privy-port', 'app')
  const tools = join(root, 'privy-port', 'tools')
  cpSync(FIXTURE, app, { recursive: true })
  mkdirSync(tools, { recursive: true })
  writeFileSync(join(tools, 'package.json'), '{ "private": true }\n')
  await timed(timings, 'codemod tools install', () => run('npm', [...NPM_INSTALL, tarball, 'ts-morph'], { cwd: tools, timeoutMs: 300_000 }))
  const { output: codemodOutput } = await timed(timings, 'codemod', () => run('npx', ['foyer', 'migrate-from-privy', app], { cwd: tools }))
  const manifestPath = join(app, 'package.json')
  const portedManifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as PrivyPort['portedManifest']
  writeFileSync(manifestPath, `${JSON.stringify({ ...portedManifest, dependencies: { ...portedManifest.dependencies, foyer: `file:${tarball}` } }, null, 2)}\n`)
  await timed(timings, 'app npm install', () => run('npm', NPM_INSTALL, { cwd: app, timeoutMs: 400_000 }))
  return { app, tools, codemodOutput, portedManifest, timings }
}
