import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './packFoyer.js'
import { run } from './run.js'

/** The host app templates, one folder each under test/package/hosts. */
export type HostName = 'vite' | 'esbuild' | 'next' | 'wagmi2' | 'wagmi3'

/**
 * Copies a host template to `root/<name>` (never inside the repository), points its `foyer`
 * dependency at the packed tarball and installs it from the npm cache where it can
 * (`--prefer-offline`). `extraDependencies` adds packages (name → version) a caller needs beyond the
 * template, e.g. viem for a wallet bundle in the benchmark.
 */
export async function installHost(name: HostName, root: string, tarball: string, extraDependencies: Record<string, string> = {}): Promise<string> {
  const dir = join(root, name)
  cpSync(join(repoRoot, 'test/package/hosts', name), dir, { recursive: true })
  const manifestPath = join(dir, 'package.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { dependencies: Record<string, string> }
  manifest.dependencies = { ...manifest.dependencies, foyer: `file:${tarball}`, ...extraDependencies }
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeoutMs: 400_000 })
  return dir
}
