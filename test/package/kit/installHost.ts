import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './packFoyer.js'
import { run } from './run.js'

/** The host apps: test templates under test/package/hosts, and the examples a developer copies (examples/). */
const folders = {
  vite: 'test/package/hosts/vite',
  esbuild: 'test/package/hosts/esbuild',
  wagmi2: 'test/package/hosts/wagmi2',
  wagmi3: 'test/package/hosts/wagmi3',
  nextjs: 'examples/nextjs',
  'vite-wagmi': 'examples/vite-wagmi',
  'hono-backend': 'examples/hono-backend',
} as const
export type HostName = keyof typeof folders

/** What a developer's run of an example may leave beside its sources: never copied. */
const LOCAL_OUTPUT = /(^|[/\\])(node_modules|\.next|dist|next-env\.d\.ts)$/

/**
 * Copies a host template or example (its sources only) to `root/<name>` (never inside the repository), points its `foyer`
 * dependency at the packed tarball and installs it from the npm cache where it can
 * (`--prefer-offline`). `extraDependencies` adds packages (name → version) a caller needs beyond the
 * template, e.g. viem for a wallet bundle in the benchmark.
 */
export async function installHost(name: HostName, root: string, tarball: string, extraDependencies: Record<string, string> = {}): Promise<string> {
  const dir = join(root, name)
  cpSync(join(repoRoot, folders[name]), dir, { recursive: true, filter: (source) => !LOCAL_OUTPUT.test(source) })
  const manifestPath = join(dir, 'package.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { dependencies: Record<string, string> }
  manifest.dependencies = { ...manifest.dependencies, foyer: `file:${tarball}`, ...extraDependencies }
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeoutMs: 400_000 })
  return dir
}
