import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
/** The built frame script the package ships (dist/plugins/embedded-wallet/frame-assets/). */
export const BUILT_FRAME_SCRIPT = join(here, '..', 'frame-assets', 'foyer-frame.js')
const ENTRY = join(here, '..', 'frame', 'main.ts')

/**
 * The frame page's script. A source checkout (npm start, tests) bundles frame/main.ts in memory at first use, so the
 * page never runs a stale build; the package reads the script `npm run build` put next to the plugin.
 */
export async function loadFrameScript(): Promise<string | null> {
  if (existsSync(ENTRY)) return bundleFrameScript()
  return existsSync(BUILT_FRAME_SCRIPT) ? readFileSync(BUILT_FRAME_SCRIPT, 'utf8') : null
}

/** Bundles frame/main.ts (viem accounts, shamir, noble, bip39) into one minified browser module (esbuild, a dev dependency). */
export async function bundleFrameScript(): Promise<string> {
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['browser', 'source'],
    legalComments: 'none',
    logLevel: 'warning',
  })
  return result.outputFiles[0]!.text
}

/** Writes the bundled frame script to `outfile` (npm run build: next to the built plugin). */
export async function writeFrameScript(outfile: string = BUILT_FRAME_SCRIPT): Promise<void> {
  mkdirSync(dirname(outfile), { recursive: true })
  writeFileSync(outfile, await bundleFrameScript())
}
