// The admin console's first load and its charts chunk, from source with esbuild (the build `npm run build` writes to
// dist/plugins/admin-console/console-assets/ and a source checkout's server bundles at first use): the entry and its
// static imports (what /admin loads), and the lazy chunk holding recharts (what the overview's charts add).
import { gzipSync } from 'node:zlib'
import { tsImport } from 'tsx/esm/api'

const kb = (bytes) => (bytes / 1024).toFixed(1)
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length
/** The budget for the console's initial JS (kB, gzip). */
const BUDGET = 150

export async function adminConsoleBench() {
  const { bundleConsole, loadedWith } = await tsImport('../../plugins/admin-console/server/consoleAssets.ts', import.meta.url)
  const build = await bundleConsole()
  const bytesOf = new Map(build.files.map((file) => [file.name, file.bytes]))
  const sizeOf = (names) => [...names].reduce((sum, name) => sum + gz(bytesOf.get(name)), 0)
  const initial = loadedWith(build, build.entry)
  const initialGz = sizeOf(initial)
  const chartFiles = build.files.filter((file) => !initial.has(file.name) && build.inputs[file.name].some((input) => input.includes('node_modules/recharts/')))
  const charts = new Set(chartFiles.flatMap((file) => [...loadedWith(build, file.name)].filter((name) => !initial.has(name))))
  const chartsGz = sizeOf(charts)
  const rechartsInitial = [...initial].some((name) => build.inputs[name].some((input) => input.includes('node_modules/recharts/')))
  console.log('Admin console (from source, esbuild with code splitting, gzip -9)')
  console.log(`  admin console initial JS (gz)   ${kb(initialGz)} kB in ${initial.size} files  (budget ≤ ${BUDGET} kB)  ${initialGz <= BUDGET * 1024 ? 'within budget' : 'OVER BUDGET'}`)
  console.log(`  admin console charts chunk (gz) ${kb(chartsGz)} kB in ${charts.size} files, lazy  (recharts in the initial JS: ${rechartsInitial ? 'YES' : 'none'})`)
  return { initial: initialGz, charts: chartsGz }
}
