import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { frameStyles } from '../frame/frameStyles.js'
import { createStaticAsset, type StaticAsset } from './staticAsset.js'

const here = dirname(fileURLToPath(import.meta.url))
/** The built frame script the package ships (dist/plugins/embedded-wallet/frame-assets/). */
export const BUILT_FRAME_SCRIPT = join(here, '..', 'frame-assets', 'foyer-frame.js')
const ENTRY = join(here, '..', 'frame', 'main.ts')

const SCRIPT_FILE = { name: 'frame', ext: 'js', contentType: 'text/javascript; charset=utf-8' }
const STYLE_FILE = { name: 'frame-style', ext: 'css', contentType: 'text/css; charset=utf-8' }

/**
 * The frame page's static files: its script (one bundle, no lazy chunks — a plugin's frame half is bundled in — and no
 * .wasm file: hash-wasm inlines its module) and the visible pages' stylesheet (frame/frameStyles.ts, made from the
 * module the server imports, so the package needs no extra file).
 */
export interface FrameAssets {
  script: StaticAsset
  style: StaticAsset
  /** Every asset by its content-hashed path. */
  byPath: ReadonlyMap<string, StaticAsset>
}

/**
 * The frame page's assets, each under a content-hashed path and in brotli, gzip and identity. A source checkout
 * (npm start, tests) bundles frame/main.ts in memory at first use, so the page never runs a stale build, and
 * compresses it then; the package reads the script and its compressed copies `npm run build` put next to the plugin
 * (compressing in memory a copy that is missing or doesn't match). Null: neither is there. `from` (tests): the
 * source entry and the built script to look for.
 */
export async function loadFrameAssets(from: { entry: string; built: string } = { entry: ENTRY, built: BUILT_FRAME_SCRIPT }): Promise<FrameAssets | null> {
  let script: StaticAsset
  if (existsSync(from.entry)) script = await createStaticAsset(SCRIPT_FILE, Buffer.from(await bundleFrameScript(from.entry)))
  else if (existsSync(from.built)) {
    const bytes = readFileSync(from.built)
    const br = builtCopy(`${from.built}.br`, bytes, brotliDecompressSync)
    const gzip = builtCopy(`${from.built}.gz`, bytes, gunzipSync)
    script = await createStaticAsset(SCRIPT_FILE, bytes, { ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) })
  } else return null
  const style = await frameStyleAsset()
  return { script, style, byPath: new Map([[script.path, script], [style.path, style]]) }
}

/** The visible frame pages' stylesheet as a static asset. */
export const frameStyleAsset = () => createStaticAsset(STYLE_FILE, Buffer.from(frameStyles))

/** A compressed copy the build wrote, if it is there and decompresses to `bytes` (a stale copy is never served). */
function builtCopy(file: string, bytes: Buffer, decompress: (data: Buffer) => Buffer): Buffer | undefined {
  if (!existsSync(file)) return undefined
  const copy = readFileSync(file)
  try {
    return decompress(copy).equals(bytes) ? copy : undefined
  } catch {
    return undefined
  }
}

/** Bundles frame/main.ts (viem accounts, shamir, noble, bip39) into one minified browser module (esbuild, a dev dependency). */
export async function bundleFrameScript(entry: string = ENTRY): Promise<string> {
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    entryPoints: [entry],
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

/**
 * Writes the bundled frame script to `outfile` (npm run build: next to the built plugin), with its brotli and gzip
 * copies beside it (`.br`, `.gz`), so a server never compresses it.
 */
export async function writeFrameScript(outfile: string = BUILT_FRAME_SCRIPT): Promise<void> {
  mkdirSync(dirname(outfile), { recursive: true })
  const asset = await createStaticAsset(SCRIPT_FILE, Buffer.from(await bundleFrameScript()))
  writeFileSync(outfile, asset.bodies.identity)
  if (asset.bodies.br) writeFileSync(`${outfile}.br`, asset.bodies.br)
  if (asset.bodies.gzip) writeFileSync(`${outfile}.gz`, asset.bodies.gzip)
}
