// The every-plugin host's own initial JS (esbuild, from source; issue 26's budget ≤ 60 kB) and each plugin's first-load
// cost: (e-mail host + that plugin) − (e-mail host), a host generated from test/bench/entries/everyPluginHost.tsx's
// import and factory call for that plugin. A plugin's cost there includes what it shares with other plugins (valibot,
// the wallet kernel): the sum of the column is more than the every-plugin host's figure. The last column is the
// leave-one-out delta (every-plugin host − the same host without that plugin): what only that plugin brings.
//
//   node test/bench/pluginFirstLoad.mjs        (also part of `npm run bench`)
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { entriesDir, measureInitial } from './esbuildInitial.mjs'

export const EVERY_PLUGIN_BUDGET = 60
const kb = (bytes) => (bytes / 1024).toFixed(1)

/** everyPluginHost.tsx's plugins: id, import line and factory call, in the host's order. */
function everyPlugin(source) {
  const imports = new Map([...source.matchAll(/^import \{ (\w+) \} from 'foyer\/plugins\/([\w-]+)'$/gm)].map(([line, factory, id]) => [factory, { id, line }]))
  const list = /const plugins = \[([\s\S]*?)\n\]/.exec(source)[1]
  return [...list.matchAll(/(\w+)\((?:[^()]|\([^()]*\))*\)/g)].map(([call, factory]) => ({ ...imports.get(factory), call }))
}

/** A host like everyPluginHost.tsx with the given plugins. */
function host(source, plugins) {
  const lines = source.split('\n').filter((l) => !/^import \{ \w+ \} from 'foyer\/plugins\//.test(l))
  const head = lines.findIndex((l) => l.startsWith('const plugins = ['))
  const tail = lines.findIndex((l, i) => i > head && l === ']')
  return [...plugins.map((p) => p.line), ...lines.slice(0, head), `const plugins = [${plugins.map((p) => p.call).join(', ')}]`, ...lines.slice(tail + 1)].join('\n')
}

export async function everyPluginBench({ table = true } = {}) {
  const source = readFileSync(join(entriesDir, 'everyPluginHost.tsx'), 'utf8')
  const plugins = everyPlugin(source)
  const baseline = (await measureInitial('baseline.tsx')).gzipBytes
  const all = await measureInitial('everyPluginHost.tsx')
  const own = all.gzipBytes - baseline
  console.log(`  Every plugin (${plugins.length}; esbuild, from source): Foyer's own initial JS ${kb(own)} kB in ${all.chunks} initial chunks   (budget ≤ ${EVERY_PLUGIN_BUDGET} kB)  ${own <= EVERY_PLUGIN_BUDGET * 1024 ? 'within budget' : 'OVER BUDGET'}`)
  if (!table) return { own }
  const emailPlugin = plugins.find((p) => p.id === 'email')
  const emailOnly = (await measureInitial({ contents: host(source, [emailPlugin]) })).gzipBytes
  console.log(`    first-load cost per plugin, kB gz: e-mail host + the plugin − e-mail host (${kb(emailOnly - baseline)} kB); every-plugin host − the host without it`)
  const rows = []
  for (const plugin of plugins) {
    const added = plugin === emailPlugin ? emailOnly - baseline : (await measureInitial({ contents: host(source, [emailPlugin, plugin]) })).gzipBytes - emailOnly
    const alone = all.gzipBytes - (await measureInitial({ contents: host(source, plugins.filter((p) => p !== plugin)) })).gzipBytes
    rows.push({ id: plugin.id, added, alone })
  }
  for (const { id, added, alone } of rows.sort((a, b) => b.added - a.added)) {
    console.log(`      ${id.padEnd(20)} ${(id === 'email' ? '(' + kb(added) + ')' : '+' + kb(added)).padStart(7)}   ${kb(alone).padStart(5)}`)
  }
  return { own, plugins: Object.fromEntries(rows.map((r) => [r.id, r.added])) }
}

if (import.meta.url === `file://${process.argv[1]}`) await everyPluginBench()
