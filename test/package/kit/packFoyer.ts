import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { run } from './run.js'

/** The repository root (the package being packed). */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

/** The packed package and how long packing took. */
export interface PackedFoyer {
  tarball: string
  seconds: number
}

/**
 * `npm pack` of the working tree into `dest`. Its `prepack` script builds dist/ first, exactly as on a
 * fresh clone, so this also checks that packing alone produces a complete package.
 */
export async function packFoyer(dest: string): Promise<PackedFoyer> {
  const started = Date.now()
  // The build is CPU-bound (tsc, two esbuild bundles): on a loaded 2-core machine it has taken over 400 s.
  await run('npm', ['pack', '--pack-destination', dest, '--no-audit', '--no-fund'], { cwd: repoRoot, timeoutMs: 900_000 })
  const tarball = readdirSync(dest).find((f) => /^foyer-.*\.tgz$/.test(f))
  if (!tarball) throw new Error(`npm pack left no foyer-*.tgz in ${dest}`)
  return { tarball: join(dest, tarball), seconds: (Date.now() - started) / 1000 }
}
