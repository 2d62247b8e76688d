// Bundle size, measured on the packed package the way a host gets it: `npm pack` (its prepack builds
// dist/), installed into fresh host apps under a temp folder (test/package/hosts), then each host entry
// of test/bench/entries built with esbuild (--bundle --minify --splitting --format=esm) and with Vite.
// Prints each host's initial JS (entry + static imports, gzip -9) minus a React-only baseline built the
// same way, and what `npm install foyer react react-dom` installs. The wallet host is still measured from
// source (its lazy viem is an optional peer an e-mail-only install does not have).
import react from '@vitejs/plugin-react'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { tsImport } from 'tsx/esm/api'
import { build } from 'vite'
import { foyerAliases, repoRoot } from '../../scripts/aliases.mjs'

const kb = (bytes) => (bytes / 1024).toFixed(1)
const gz = (code) => gzipSync(code, { level: 9 }).length
const kit = (file) => tsImport(`../package/kit/${file}`, import.meta.url)

// The budgets for Foyer's own initial JS (kB, gzip): e-mail only, and every login method.
const BUDGETS = { 'emailHost.tsx': 30, 'allMethodsHost.tsx': 45 }
const verdict = (own, budget) => `(budget ≤ ${budget} kB)  ${own <= budget * 1024 ? 'within budget' : 'OVER BUDGET'}`

/** Packs the package, installs the e-mail-only (esbuild) and Vite hosts, and prints the packed figures. */
async function packedBench() {
  const { packFoyer } = await kit('packFoyer.ts')
  const { installHost } = await kit('installHost.ts')
  const { countPackages } = await kit('countPackages.ts')
  const { copyMeasureEntries, ownInitialJs } = await kit('initialJs.ts')
  const root = mkdtempSync(join(tmpdir(), 'foyer-bench-package-'))
  try {
    const { tarball, seconds } = await packFoyer(root)
    const [esbuildHost, viteHost] = await Promise.all([installHost('esbuild', root, tarball), installHost('vite', root, tarball)])
    const { count } = await countPackages(esbuildHost)
    console.log(`Packed package (npm pack with its prepack build: ${seconds.toFixed(0)} s)`)
    console.log(`  npm install foyer react react-dom (an e-mail-only host): ${count} packages   (Privy: 680)`)
    console.log(`  Foyer's own initial JS (host initial JS − React-only baseline, gzip -9):`)
    const figures = {}
    for (const [bundler, dir] of [['esbuild', esbuildHost], ['vite', viteHost]]) {
      copyMeasureEntries(dir)
      const { hosts } = await ownInitialJs(bundler, dir, Object.keys(BUDGETS))
      for (const [entry, budget] of Object.entries(BUDGETS)) {
        const host = hosts[entry]
        const name = entry === 'emailHost.tsx' ? 'e-mail only' : 'every login method'
        console.log(`    ${bundler.padEnd(8)} ${name.padEnd(19)} ${kb(host.own).padStart(5)} kB in ${String(host.chunks.length).padStart(2)} initial chunks (${host.allChunks} in all)   ${verdict(host.own, budget)}`)
        figures[`${bundler}:${entry}`] = host.own
      }
    }
    return { packages: count, figures }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/** The wallet host, built from source with Vite (aliases to the sources), and where viem & co. land. */
async function walletFromSource() {
  const measure = async (entry) => {
    const outDir = mkdtempSync(join(tmpdir(), 'foyer-bench-'))
    const result = await build({
      configFile: false,
      logLevel: 'silent',
      root: repoRoot,
      plugins: [react()],
      resolve: { alias: foyerAliases },
      define: { 'process.env.NODE_ENV': '"production"' },
      build: { outDir, write: false, minify: true, modulePreload: false, rollupOptions: { input: join(repoRoot, 'test/bench/entries', entry) } },
    })
    rmSync(outDir, { recursive: true, force: true })
    const output = (Array.isArray(result) ? result[0] : result).output.filter((o) => o.type === 'chunk')
    const byName = new Map(output.map((c) => [c.fileName, c]))
    const initial = new Set()
    const visit = (name) => {
      if (initial.has(name)) return
      initial.add(name)
      for (const dep of byName.get(name)?.imports ?? []) visit(dep)
    }
    for (const chunk of output) if (chunk.isEntry) visit(chunk.fileName)
    const heavyRe = /node_modules\/(viem|@solana|@walletconnect|@coinbase)\//
    const heavy = output.filter((c) => Object.keys(c.modules ?? {}).some((m) => heavyRe.test(m)))
    return { initial: [...initial].reduce((sum, n) => sum + gz(byName.get(n).code), 0), heavy: heavy.length, heavyInitial: heavy.some((c) => initial.has(c.fileName)) }
  }
  const baseline = await measure('baseline.tsx')
  const wallet = await measure('walletHost.tsx')
  const own = wallet.initial - baseline.initial
  console.log(`  Injected connector + SIWE (Vite, from source):`)
  console.log(`    Foyer's own initial JS ${kb(own)} kB   (budget ≤ 60 kB)  ${own <= 60 * 1024 ? 'within budget' : 'OVER BUDGET'}`)
  console.log(`    viem / WalletConnect / Coinbase / Solana code in the initial JS: ${wallet.heavyInitial ? 'YES' : 'none'}; lazy chunks with viem: ${wallet.heavy}`)
  return own
}

export async function bundleBench() {
  console.log('Bundle (production builds, gzip -9)')
  const packed = await packedBench()
  const walletOwn = await walletFromSource()
  return { ...packed, walletOwn }
}
