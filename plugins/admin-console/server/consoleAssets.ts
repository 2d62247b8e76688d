import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { builtCopies, createStaticAsset, type StaticAsset } from '../../../core/server/staticAsset.js'
import { styles as modalStyles } from '../../../ui/theme/styles.js'
import { ADMIN_CONSOLE_PATH } from '../adminApi.js'

// The admin console's server/ folder (this file's).
const here = dirname(fileURLToPath(import.meta.url))
/** Where the package keeps the built console: its entry, its chunks, its stylesheet and a manifest. */
export const BUILT_CONSOLE_DIR = join(here, '..', 'console-assets')
/** The console's source entry (a source checkout bundles it at first use). */
export const CONSOLE_ENTRY = join(here, '..', 'console', 'main.tsx')
/** Where the console's files are served: content-hashed names under it, cached for good. */
export const CONSOLE_ASSETS_PATH = `${ADMIN_CONSOLE_PATH}/assets`

const SCRIPT = 'text/javascript; charset=utf-8'
const STYLE = 'text/css; charset=utf-8'

/** One bundled file: its name (content-hashed by the bundler) and bytes. */
interface ConsoleFile {
  name: string
  bytes: Uint8Array
}

/** What a console build holds: its files, which is the entry and its stylesheet, and each file's static imports. */
export interface ConsoleBuild {
  files: ConsoleFile[]
  /** The entry's script (main-<hash>.js). */
  entry: string
  /** The console's own stylesheet (the CSS main.tsx imports), when it has one. */
  style: string | null
  /** Each JS file's static imports (what loads with it), by file name. */
  imports: Record<string, string[]>
  /** Each JS file's source modules (paths relative to the repository), by file name: from a bundle only. */
  inputs?: Record<string, string[]>
}

/** The console page's assets: what the page links, and every file by its path. */
export interface ConsoleAssets {
  script: StaticAsset
  /** The entry's static imports (shared chunks): the page preloads them. */
  preload: StaticAsset[]
  /** The console's stylesheet. */
  style: StaticAsset | null
  /** The modal's stylesheet (ui/theme/styles.ts), linked under the id the modal looks for, so it injects no <style> (CSP: no inline style). */
  modalStyle: StaticAsset
  byPath: ReadonlyMap<string, StaticAsset>
}

/** The manifest `npm run build` writes beside the built console. */
interface ConsoleManifest {
  files: string[]
  entry: string
  style: string | null
  imports: Record<string, string[]>
}

/**
 * The console's assets, each under /admin/assets/<its bundler-hashed name> in brotli, gzip and identity. A source
 * checkout (npm start, tests) bundles console/main.tsx at first use, so the page never runs a stale build; the package
 * reads what `npm run build` put in console-assets/. Null: neither is there.
 */
export async function loadConsoleAssets(from: { entry: string; builtDir: string } = { entry: CONSOLE_ENTRY, builtDir: BUILT_CONSOLE_DIR }): Promise<ConsoleAssets | null> {
  let build: ConsoleBuild
  const compressed = new Map<string, Partial<Record<'br' | 'gzip', Uint8Array>>>()
  if (existsSync(from.entry)) build = await bundleConsole(from.entry)
  else if (existsSync(join(from.builtDir, 'manifest.json'))) {
    build = readBuiltConsole(from.builtDir)
    for (const file of build.files) compressed.set(file.name, builtCopies(join(from.builtDir, file.name), file.bytes))
  } else return null
  const assets = await Promise.all(
    build.files.map((file) =>
      createStaticAsset(
        { name: file.name, ext: '', contentType: file.name.endsWith('.css') ? STYLE : SCRIPT, path: `${CONSOLE_ASSETS_PATH}/${file.name}` },
        file.bytes,
        compressed.get(file.name) ?? {},
      ),
    ),
  )
  const byName = new Map(build.files.map((file, i) => [file.name, assets[i]!]))
  const modalStyle = await createStaticAsset({ name: 'foyer-modal', ext: 'css', contentType: STYLE }, Buffer.from(modalStyles))
  modalStyle.path = `${ADMIN_CONSOLE_PATH}${modalStyle.path}`
  const preload = [...loadedWith(build, build.entry)].filter((name) => name !== build.entry).map((name) => byName.get(name)!)
  return {
    script: byName.get(build.entry)!,
    preload,
    style: build.style ? byName.get(build.style)! : null,
    modalStyle,
    byPath: new Map([...assets, modalStyle].map((asset) => [asset.path, asset])),
  }
}

/** The files that load with `name` (it and its static imports, transitively): what a browser fetches for it. */
export function loadedWith(build: Pick<ConsoleBuild, 'imports'>, name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen
  seen.add(name)
  for (const dep of build.imports[name] ?? []) loadedWith(build, dep, seen)
  return seen
}

/** The built console: the files its manifest names. */
function readBuiltConsole(dir: string): ConsoleBuild {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ConsoleManifest
  return { files: manifest.files.map((name) => ({ name, bytes: readFileSync(join(dir, name)) })), entry: manifest.entry, style: manifest.style, imports: manifest.imports }
}

/**
 * Bundles the console (console/main.tsx: React, the Foyer SDK and its e-mail, passkey and MFA plugins, the pages) with
 * esbuild, a dev dependency: minified ES modules for the browser, split into chunks, so what the console imports
 * with import() — the charts (recharts), the modal's screens — stays out of its first load.
 */
export async function bundleConsole(entry: string = CONSOLE_ENTRY): Promise<ConsoleBuild> {
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    entryPoints: [{ in: entry, out: 'main' }],
    bundle: true,
    splitting: true,
    minify: true,
    write: false,
    outdir: '/console',
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    conditions: ['browser', 'source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  })
  const outputs = result.metafile!.outputs
  const files = result.outputFiles.map((file) => ({ name: basename(file.path), bytes: file.contents }))
  const entryOut = Object.entries(outputs).find(([, meta]) => meta.entryPoint && resolve(meta.entryPoint) === resolve(entry))
  if (!entryOut) throw new Error('The console bundle has no entry output')
  const imports = Object.fromEntries(
    Object.entries(outputs)
      .filter(([out]) => out.endsWith('.js'))
      .map(([out, meta]) => [basename(out), meta.imports.filter((i) => i.kind === 'import-statement').map((i) => basename(i.path))]),
  )
  const inputs = Object.fromEntries(Object.entries(outputs).map(([out, meta]) => [basename(out), Object.keys(meta.inputs)]))
  return { files, entry: basename(entryOut[0]), style: entryOut[1].cssBundle ? basename(entryOut[1].cssBundle) : null, imports, inputs }
}

/**
 * Writes the console into `dir` (npm run build: next to the built plugin): every file under its hashed name, each
 * one's brotli and gzip copies (`.br`, `.gz`, so a server never compresses them) and a manifest.json naming them.
 */
export async function writeConsole(dir: string, entry: string = CONSOLE_ENTRY): Promise<ConsoleBuild> {
  mkdirSync(dir, { recursive: true })
  const build = await bundleConsole(entry)
  for (const file of build.files) {
    const asset = await createStaticAsset({ name: file.name, ext: '', contentType: SCRIPT }, file.bytes)
    writeFileSync(join(dir, file.name), asset.bodies.identity)
    if (asset.bodies.br) writeFileSync(join(dir, `${file.name}.br`), asset.bodies.br)
    if (asset.bodies.gzip) writeFileSync(join(dir, `${file.name}.gz`), asset.bodies.gzip)
  }
  const manifest: ConsoleManifest = { files: build.files.map((file) => file.name), entry: build.entry, style: build.style, imports: build.imports }
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return build
}
