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
import { measureInitial as measure } from './esbuildInitial.mjs'

const kb = (bytes) => (bytes / 1024).toFixed(2)
const args = process.argv.slice(2)
const entries = args.filter((a) => !a.startsWith('--'))

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
