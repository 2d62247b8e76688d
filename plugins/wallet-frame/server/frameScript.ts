import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerContext } from '../../../core/server/index.js'
import { frameStyles } from '../frame/pages/frameStyles.js'
import { builtCopies, createStaticAsset, type StaticAsset } from '../../../core/server/staticAsset.js'

// The wallet frame's server/ folder (this file's).
const here = dirname(fileURLToPath(import.meta.url))
/** Where the package keeps the built frame: the kernel, the built-in plugins' halves, their chunks and a manifest. */
export const BUILT_FRAME_DIR = join(here, '..', 'frame-assets')
/** The built frame kernel's script (the page's module). */
export const BUILT_FRAME_SCRIPT = join(BUILT_FRAME_DIR, 'foyer-frame.js')
const ENTRY = join(here, '..', 'frame', 'main.ts')
const KERNEL = 'foyer-frame'
/** The visible pages' scripts, beside the kernel's entry (frame/pages/): the recovery one also serves the cloud sign-in's callback. */
const PAGES = { export: 'exportPage', recovery: 'recoveryPage' } as const
/** A visible frame page with a script of its own. */
export type FramePageScript = keyof typeof PAGES
const pageEntry = (kernelEntry: string, page: FramePageScript) => join(dirname(kernelEntry), 'pages', `${PAGES[page]}.ts`)
/**
 * The kernel's own lazy modules, beside its entry: each chain's keys (Ethereum: BIP-32, secp256k1, the BIP-39 word list;
 * Solana: ed25519, the wire format), loaded for the first wallet of that chain.
 */
const MODULES = { ethereum: join('ethereum', 'ethereumKeys.ts'), solana: join('solana', 'solanaKeys.ts') } as const
/** A kernel module the hidden frame imports when it first needs it. */
export type FrameModule = keyof typeof MODULES
const moduleEntry = (kernelEntry: string, name: FrameModule) => join(dirname(kernelEntry), MODULES[name])

/** A plugin's frame half as the frame's server gets it (ctx.frameHalves). */
export type FrameHalfSource = ServerContext['frameHalves'][number]

const SCRIPT = { ext: 'js', contentType: 'text/javascript; charset=utf-8' }
const STYLE_FILE = { name: 'frame-style', ext: 'css', contentType: 'text/css; charset=utf-8' }

/**
 * The frame page's static files: the kernel's script (the page's module), the plugins' frame halves (each a module the
 * kernel imports at its first event, or, a recovery method's, the recovery page at its method's first request), the chunks they share (ES modules, imported relative to each other under
 * /assets/), and the visible pages' stylesheet (frame/pages/frameStyles.ts). No .wasm file: hash-wasm inlines its module.
 */
export interface FrameAssets {
  /** The hidden frame's script: the kernel. */
  script: StaticAsset
  /** The visible pages' scripts (a build before they had their own: the kernel, which then served every page). */
  pages: Record<FramePageScript, StaticAsset>
  /** The kernel's lazy modules' paths (the hidden frame's settings). */
  modules: Partial<Record<FrameModule, string>>
  style: StaticAsset
  /** Each frame-half event with its half's module path. */
  halves: Record<string, string>
  /** Each recovery method with its recovery half's module path (the recovery page's). */
  recoveryHalves: Record<string, string>
  /** Every asset by its path. */
  byPath: ReadonlyMap<string, StaticAsset>
}

/** One bundled file: its name (content-hashed by the bundler, except the kernel's) and bytes. */
interface FrameFile {
  name: string
  bytes: Uint8Array
}

/** What a frame build holds: its files, and which is the kernel and each plugin's half. */
export interface FrameBuild {
  files: FrameFile[]
  kernel: string
  /** The visible pages' script files. */
  pages: Partial<Record<FramePageScript, string>>
  /** The kernel's lazy modules' files. */
  modules?: Partial<Record<FrameModule, string>>
  halves: Record<string, string>
  /** Each file's static imports (what loads with it), by file name; from a bundle only. */
  imports?: Record<string, string[]>
}

/**
 * The frame page's assets, each under a content-hashed path and in brotli, gzip and identity. A source checkout
 * (npm start, tests) bundles the kernel (frame/main.ts) and every registered plugin's frame half at first use, so the
 * page never runs a stale build; the package reads what `npm run build` put in frame-assets/ (its manifest names the
 * built-in plugins' halves), and a plugin whose half isn't there gives its `built` module. Null: no frame at all.
 * `from` (tests): the source entry and the built kernel to look for.
 */
export async function loadFrameAssets(halves: readonly FrameHalfSource[] = [], from: { entry: string; built: string } = { entry: ENTRY, built: BUILT_FRAME_SCRIPT }): Promise<FrameAssets | null> {
  let build: FrameBuild
  const compressed = new Map<string, Partial<Record<'br' | 'gzip', Uint8Array>>>()
  if (existsSync(from.entry)) build = await bundleFrame(from.entry, halves)
  else if (existsSync(from.built)) {
    build = readBuiltFrame(from.built)
    for (const file of build.files) compressed.set(file.name, builtCopies(join(dirname(from.built), file.name), file.bytes))
    for (const half of halves) {
      if (build.halves[half.id]) continue
      if (!half.built || !existsSync(half.built)) throw new Error(`The frame half of plugin "${half.id}" is not built: give its self-contained module as frame.built`)
      const bytes = readFileSync(half.built)
      build.halves[half.id] = `half-${half.id}.js`
      build.files.push({ name: build.halves[half.id]!, bytes })
    }
  } else return null
  // Each file under /assets/<role>-<16 hex of its SHA-256>.js: the kernel 'frame', a page 'frame-<page>', a half
  // 'half-<plugin>' (the files import nothing from each other, so their names are free).
  const roleOf = new Map<string, string>([[build.kernel, 'frame']])
  for (const [page, file] of Object.entries(build.pages)) roleOf.set(file!, `frame-${page}`)
  for (const [name, file] of Object.entries(build.modules ?? {})) roleOf.set(file!, `kernel-${name}`)
  for (const [id, file] of Object.entries(build.halves)) roleOf.set(file, `half-${id}`)
  const assets = await Promise.all(
    build.files.map((file) => createStaticAsset({ name: roleOf.get(file.name) ?? file.name.replace(/\.js$/, ''), ...SCRIPT }, file.bytes, compressed.get(file.name) ?? {})),
  )
  const byName = new Map(build.files.map((file, i) => [file.name, assets[i]!]))
  const script = byName.get(build.kernel)!
  const pageAsset = (page: FramePageScript) => (build.pages[page] ? byName.get(build.pages[page]!)! : script)
  const eventPaths: Record<string, string> = {}
  const methodPaths: Record<string, string> = {}
  for (const half of halves) {
    const file = build.halves[half.id]
    if (!file) continue
    for (const event of half.events) eventPaths[event] = byName.get(file)!.path
    for (const method of half.recovery?.methods ?? []) methodPaths[method] = byName.get(file)!.path
  }
  const style = await frameStyleAsset()
  return {
    script,
    pages: { export: pageAsset('export'), recovery: pageAsset('recovery') },
    modules: Object.fromEntries(Object.entries(build.modules ?? {}).map(([name, file]) => [name, byName.get(file!)!.path])),
    style,
    halves: eventPaths,
    recoveryHalves: methodPaths,
    byPath: new Map([...assets, style].map((asset) => [asset.path, asset])),
  }
}

/** The visible frame pages' stylesheet as a static asset. */
export const frameStyleAsset = () => createStaticAsset(STYLE_FILE, Buffer.from(frameStyles))

/** The manifest `npm run build` writes beside the built kernel. */
interface FrameManifest {
  files: string[]
  pages?: Partial<Record<FramePageScript, string>>
  modules?: Partial<Record<FrameModule, string>>
  halves: Record<string, string>
}

/** The built frame: its manifest's files (a build before frame halves has none: the kernel alone). */
function readBuiltFrame(kernelFile: string): FrameBuild {
  const dir = dirname(kernelFile)
  const manifestFile = join(dir, 'manifest.json')
  const manifest: FrameManifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as FrameManifest) : { files: [basename(kernelFile)], halves: {} }
  const kernel = basename(kernelFile)
  const names = manifest.files.includes(kernel) ? manifest.files : [kernel, ...manifest.files]
  return { files: names.map((name) => ({ name, bytes: readFileSync(join(dir, name)) })), kernel, pages: { ...manifest.pages }, modules: { ...manifest.modules }, halves: { ...manifest.halves } }
}

/**
 * Bundles the frame kernel (frame/main.ts: vault, keys, shamir, noble, bip39), the visible pages' scripts (frame/pages/)
 * and each plugin's frame half (esbuild, a dev dependency): minified ES modules for the browser, each self-contained, so
 * the kernel holds none of a page's or a half's code.
 * Not split into shared chunks: measured on this frame, esbuild's splitting made the kernel's first load 97 kB → 118 kB
 * gzip (dynamically imported modules keep every export, and the kernel then loads those chunks statically), while a
 * half duplicates only the little it shares with the kernel (the Farcaster half: ed25519, 0.7 kB → ~10 kB, loaded at
 * its first event only).
 */
export async function bundleFrame(entry: string = ENTRY, halves: readonly Pick<FrameHalfSource, 'id' | 'entry'>[] = []): Promise<FrameBuild> {
  const esbuild = await import('esbuild')
  const pageNames = Object.keys(PAGES) as FramePageScript[]
  const moduleNames = (Object.keys(MODULES) as FrameModule[]).filter((name) => existsSync(moduleEntry(entry, name)))
  const result = await esbuild.build({
    entryPoints: [
      { in: entry, out: KERNEL },
      ...pageNames.filter((page) => existsSync(pageEntry(entry, page))).map((page) => ({ in: pageEntry(entry, page), out: `${page}-page` })),
      ...moduleNames.map((name) => ({ in: moduleEntry(entry, name), out: `kernel-${name}` })),
      ...halves.map((half) => ({ in: half.entry, out: `half-${half.id}` })),
    ],
    bundle: true,
    minify: true,
    write: false,
    outdir: '/frame',
    entryNames: '[name]-[hash]',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['browser', 'source'],
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  })
  // Which output is which entry: the metafile's entryPoint of each output.
  const entryOf = new Map(Object.entries(result.metafile!.outputs).map(([out, meta]) => [basename(out), meta.entryPoint]))
  const files = result.outputFiles.map((file) => ({ name: basename(file.path), bytes: file.contents }))
  const nameOf = (source: string) => files.find((file) => entryOf.get(file.name) && resolve(entryOf.get(file.name)!) === resolve(source))?.name
  const kernelName = nameOf(entry)
  if (!kernelName) throw new Error('The frame bundle has no kernel output')
  const pages: FrameBuild['pages'] = {}
  for (const page of pageNames) {
    const name = nameOf(pageEntry(entry, page))
    if (name) pages[page] = name
  }
  const modules: NonNullable<FrameBuild['modules']> = {}
  for (const name of moduleNames) {
    const file = nameOf(moduleEntry(entry, name))
    if (file) modules[name] = file
  }
  const built: Record<string, string> = {}
  for (const half of halves) {
    const name = nameOf(half.entry)
    if (name) built[half.id] = name
  }
  const imports = Object.fromEntries(
    Object.entries(result.metafile!.outputs).map(([out, meta]) => [basename(out), meta.imports.filter((i) => i.kind === 'import-statement').map((i) => basename(i.path))]),
  )
  return { files, kernel: kernelName, pages, modules, halves: built, imports }
}

/** The files that load with `name` (it and its static imports, transitively): what a browser fetches for it. */
export function loadedWith(build: FrameBuild, name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen
  seen.add(name)
  for (const dep of build.imports?.[name] ?? []) loadedWith(build, dep, seen)
  return seen
}

/** The kernel's script alone, minified (the bench's figure of what every frame page loads first). */
export async function bundleFrameScript(entry: string = ENTRY): Promise<string> {
  const build = await bundleFrame(entry)
  return new TextDecoder().decode(build.files.find((file) => file.name === build.kernel)!.bytes)
}

/**
 * Writes the frame into `dir` (npm run build: next to the built plugin): the kernel as foyer-frame.js, every
 * `halves` module and chunk under its hashed name, a manifest.json naming them, and each file's brotli and gzip copies
 * (`.br`, `.gz`), so a server never compresses them.
 */
export async function writeFrame(dir: string, halves: readonly Pick<FrameHalfSource, 'id' | 'entry'>[]): Promise<FrameBuild> {
  mkdirSync(dir, { recursive: true })
  const build = await bundleFrame(ENTRY, halves)
  const kernelFile = basename(BUILT_FRAME_SCRIPT)
  const files = build.files.map((file) => ({ ...file, name: file.name === build.kernel ? kernelFile : file.name }))
  for (const file of files) {
    const asset = await createStaticAsset({ name: file.name, ...SCRIPT }, file.bytes)
    writeFileSync(join(dir, file.name), asset.bodies.identity)
    if (asset.bodies.br) writeFileSync(join(dir, `${file.name}.br`), asset.bodies.br)
    if (asset.bodies.gzip) writeFileSync(join(dir, `${file.name}.gz`), asset.bodies.gzip)
  }
  const manifest: FrameManifest = { files: files.map((file) => file.name), pages: build.pages, modules: build.modules, halves: build.halves }
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return { files, kernel: kernelFile, pages: build.pages, modules: build.modules, halves: build.halves }
}
