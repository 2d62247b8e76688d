import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { repoRoot } from './packFoyer.js'
import { run } from './run.js'

/** The bundler a host uses for a measure. */
export type Bundler = 'esbuild' | 'vite'

/** A production build's initial JavaScript: the entry chunk and everything it imports statically. */
export interface InitialJs {
  /** Gzip -9 bytes of the initial chunks, each compressed on its own as a server sends them. */
  gzipBytes: number
  /** The initial chunks, relative to the output folder. */
  chunks: string[]
  /** Every JavaScript chunk the build wrote (initial and lazy). */
  allChunks: number
}

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length

/** Copies the benchmark's host entries (test/bench/entries) into `hostDir/measure`, so they import the installed package. */
export function copyMeasureEntries(hostDir: string): void {
  cpSync(join(repoRoot, 'test/bench/entries'), join(hostDir, 'measure'), { recursive: true })
}

function initialOf(entryFile: string, importsOf: (file: string) => string[]): string[] {
  const initial = new Set<string>()
  const visit = (file: string) => {
    if (initial.has(file)) return
    initial.add(file)
    for (const dep of importsOf(file)) visit(dep)
  }
  visit(entryFile)
  return [...initial]
}

/**
 * Bundles `measure/<entry>` with esbuild exactly as the issue states it
 * (`--bundle --minify --splitting --format=esm`) and sums the initial chunks from its metafile.
 * The host's own esbuild runs it.
 */
export async function esbuildInitialJs(hostDir: string, entry: string, outName = entry.replace(/\.tsx?$/, '')): Promise<InitialJs> {
  const outDir = join(hostDir, 'measure-out', `esbuild-${outName}`)
  const metafile = `${outDir}.meta.json`
  // esbuild's install step swaps bin/esbuild for the native binary: run it directly, not through node.
  await run(join(hostDir, 'node_modules/esbuild/bin/esbuild'), [`measure/${entry}`, '--bundle', '--minify', '--splitting', '--format=esm', '--jsx=automatic', '--log-level=warning', `--outdir=${outDir}`, `--metafile=${metafile}`], { cwd: hostDir })
  const meta = JSON.parse(readFileSync(metafile, 'utf8')) as { outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[] }> }
  // Dynamic import() targets are entry points of their own in esbuild's metafile: take only ours.
  const entryFile = Object.keys(meta.outputs).find((f) => meta.outputs[f]!.entryPoint === `measure/${entry}`)
  if (!entryFile) throw new Error(`esbuild wrote no output for measure/${entry}`)
  const chunks = initialOf(entryFile, (f) => meta.outputs[f]!.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path))
  const js = Object.keys(meta.outputs).filter((f) => f.endsWith('.js'))
  return { gzipBytes: chunks.reduce((sum, f) => sum + gz(join(hostDir, f)), 0), chunks: chunks.map((f) => relative(outDir, join(hostDir, f))), allChunks: js.length }
}

/**
 * Builds `measure/<entry>` with the host's Vite (+ @vitejs/plugin-react), minified, and sums the
 * initial chunks from Vite's manifest (an entry's `imports` are its static imports).
 */
export async function viteInitialJs(hostDir: string, entry: string, outName = entry.replace(/\.tsx?$/, '')): Promise<InitialJs> {
  const outDir = join(hostDir, 'measure-out', `vite-${outName}`)
  const config = join(hostDir, `measure-${outName}.vite.config.mjs`)
  writeFileSync(
    config,
    `import react from '@vitejs/plugin-react'
export default {
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true, manifest: true, minify: true, modulePreload: false, rollupOptions: { input: ${JSON.stringify(`measure/${entry}`)} } },
}
`,
  )
  await run(process.execPath, [join(hostDir, 'node_modules/vite/bin/vite.js'), 'build', '--config', config], { cwd: hostDir })
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean; imports?: string[] }>
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)
  if (!entryKey) throw new Error(`Vite's manifest has no entry for measure/${entry}`)
  const keys = initialOf(entryKey, (k) => manifest[k]!.imports ?? [])
  const chunks = keys.map((k) => manifest[k]!.file)
  const allChunks = new Set(Object.values(manifest).map((m) => m.file).filter((f) => f.endsWith('.js'))).size
  return { gzipBytes: chunks.reduce((sum, f) => sum + gz(join(outDir, f)), 0), chunks, allChunks }
}

/** Foyer's own initial JS per host entry: each entry's initial JS minus the React-only baseline's, built the same way. */
export async function ownInitialJs(bundler: Bundler, hostDir: string, entries: string[]): Promise<{ baseline: InitialJs; hosts: Record<string, InitialJs & { own: number }> }> {
  const measure = bundler === 'esbuild' ? esbuildInitialJs : viteInitialJs
  const baseline = await measure(hostDir, 'baseline.tsx')
  const hosts: Record<string, InitialJs & { own: number }> = {}
  for (const entry of entries) {
    const host = await measure(hostDir, entry)
    hosts[entry] = { ...host, own: host.gzipBytes - baseline.gzipBytes }
  }
  return { baseline, hosts }
}
