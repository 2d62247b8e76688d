// Foyer's own initial JS from source with esbuild, in seconds (no `npm pack`): the same build and sum as bundle.mjs's
// esbuildFromSource (--bundle --minify --splitting --format=esm, the `source` condition; the entry's output and its static
// imports, each chunk gzip -9 on its own, minus the React-only baseline), for the budget hosts of test/bench/entries.
//
//   node test/bench/initialFromSource.mjs [entry.tsx ...] [--modules] [--leaks]
//
// --modules: each module's minified bytes in the initial chunks (esbuild's metafile; gzip does not split by module).
// --leaks:   the modules the initial chunks carry only because lazy code uses them: each host built again with every
//            dynamic import() left external (so no lazy code is bundled), and the modules whose bytes drop printed.
//            esbuild puts a module in the host's first load when any file reachable from the entry imports or
//            re-exports it (a plugin entry's `export { x } from './m.js'` counts, used or not) and some chunk, lazy
//            or not, uses it: such a module is "heavy code loading lazily" in name only.
import { build } from 'esbuild'
import { join, resolve } from 'node:path'
import { tmpdir } from 'node:os'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const gz = (code) => gzipSync(code, { level: 9 }).length
const kb = (bytes) => (bytes / 1024).toFixed(2)
const args = process.argv.slice(2)
const entries = args.filter((a) => !a.startsWith('--'))
const lazyExternal = { name: 'lazy-external', setup: (b) => b.onResolve({ filter: /.*/ }, (a) => (a.kind === 'dynamic-import' ? { path: a.path, external: true } : undefined)) }

async function measure(entry, { leaveLazyOut = false } = {}) {
  const result = await build({
    entryPoints: [join(repoRoot, 'test/bench/entries', entry)],
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
  const entryFile = Object.keys(outputs).find((f) => outputs[f].entryPoint?.endsWith(`test/bench/entries/${entry}`))
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

const baseline = await measure('baseline.tsx')
const list = entries.length ? entries : ['emailHost.tsx', 'allMethodsHost.tsx', 'emailEmbeddedWalletHost.tsx']
const hosts = {}
for (const entry of list) {
  const host = (hosts[entry] = await measure(entry))
  console.log(`${entry.padEnd(30)} ${kb(host.gzipBytes - baseline.gzipBytes).padStart(6)} kB in ${String(host.chunks).padStart(2)} initial chunks (${host.allChunks} in all)`)
}
if (hosts['emailHost.tsx'] && hosts['emailEmbeddedWalletHost.tsx']) {
  console.log(`embedded wallet: e-mail + embeddedWallet() − e-mail = +${kb(hosts['emailEmbeddedWalletHost.tsx'].gzipBytes - hosts['emailHost.tsx'].gzipBytes)} kB`)
}
const ours = ([m]) => !/node_modules\/(react|react-dom|scheduler)\//.test(m)
if (args.includes('--modules')) {
  for (const entry of list) {
    console.log(`\n${entry}: minified bytes per module in the initial chunks (React left out)`)
    for (const [m, bytes] of Object.entries(hosts[entry].modules).filter(ours).sort((a, b) => b[1] - a[1])) console.log(String(bytes).padStart(7), m)
  }
}
if (args.includes('--leaks')) {
  for (const entry of list) {
    const pageLoad = await measure(entry, { leaveLazyOut: true })
    console.log(`\n${entry}: without any lazy code bundled ${kb(pageLoad.gzipBytes - baseline.gzipBytes)} kB in ${pageLoad.chunks} chunks; modules carried for lazy code (bytes now, bytes page-load code uses):`)
    for (const [m, bytes] of Object.entries(hosts[entry].modules).filter(ours).sort((a, b) => b[1] - a[1])) {
      const used = pageLoad.modules[m] ?? 0
      if (bytes - used > 40) console.log(String(bytes).padStart(7), String(used).padStart(7), m)
    }
  }
}
