// Foyer's own initial JS of a host entry built from source with esbuild: --bundle --minify --splitting --format=esm, the
// `source` condition; the entry's output and its static imports, each chunk gzip -9 on its own. Shared by
// initialFromSource.mjs and bundle.mjs's every-plugin figures.
import { build } from 'esbuild'
import { join, resolve } from 'node:path'
import { tmpdir } from 'node:os'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
export const entriesDir = join(repoRoot, 'test/bench/entries')
const gz = (code) => gzipSync(code, { level: 9 }).length
const lazyExternal = { name: 'lazy-external', setup: (b) => b.onResolve({ filter: /.*/ }, (a) => (a.kind === 'dynamic-import' ? { path: a.path, external: true } : undefined)) }

/**
 * `entry`: a file name under test/bench/entries, or `{ contents }`: an entry's source, resolved from that folder.
 * `leaveLazyOut`: every dynamic import() left external (no lazy code bundled).
 */
export async function measureInitial(entry, { leaveLazyOut = false } = {}) {
  const fromSource = typeof entry !== 'string'
  const result = await build({
    ...(fromSource
      ? { stdin: { contents: entry.contents, resolveDir: entriesDir, sourcefile: 'generatedHost.tsx', loader: 'tsx' } }
      : { entryPoints: [join(entriesDir, entry)] }),
    absWorkingDir: repoRoot,
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    jsx: 'automatic',
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    outdir: join(tmpdir(), 'foyer-initial-from-source'),
    metafile: true,
    logLevel: 'error',
    plugins: leaveLazyOut ? [lazyExternal] : [],
  })
  const outputs = result.metafile.outputs
  const code = new Map(result.outputFiles.map((f) => [f.path, f.contents]))
  const entryFile = Object.keys(outputs).find((f) => (fromSource ? outputs[f].entryPoint?.endsWith('test/bench/entries/generatedHost.tsx') : outputs[f].entryPoint?.endsWith(`test/bench/entries/${entry}`)))
  const initial = new Set()
  const visit = (file) => {
    if (initial.has(file)) return
    initial.add(file)
    for (const i of outputs[file].imports) if (i.kind === 'import-statement') visit(i.path)
  }
  visit(entryFile)
  const modules = {}
  for (const f of initial) for (const [m, { bytesInOutput }] of Object.entries(outputs[f].inputs)) modules[m] = (modules[m] ?? 0) + bytesInOutput
  return {
    gzipBytes: [...initial].reduce((sum, f) => sum + gz(code.get(resolve(repoRoot, f))), 0),
    chunks: initial.size,
    allChunks: Object.keys(outputs).filter((f) => f.endsWith('.js')).length,
    modules,
  }
}
