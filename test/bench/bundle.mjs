// Bundle size, measured on the packed package the way a host gets it: `npm pack` (its prepack builds
// dist/), installed into fresh host apps under a temp folder (test/package/hosts), then each host entry
// of test/bench/entries built with esbuild (--bundle --minify --splitting --format=esm) and with Vite.
// Prints each host's initial JS (entry + static imports, gzip -9) minus a React-only baseline built the
// same way, and what `npm install foyer react react-dom` installs. The wallet host and the embedded-wallet plugin's
// addition are still measured from source (their lazy viem is an optional peer an e-mail-only install does not
// have); so is the wallet frame page's own script.
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

/**
 * A host entry of test/bench/entries built from source with Vite (aliases to the sources): its initial JS (gzip -9,
 * each chunk on its own) and the chunks holding viem & co.
 */
async function measureFromSource(entry) {
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
  return { initial: [...initial].reduce((sum, n) => sum + gz(byName.get(n).code), 0), chunks: initial.size, heavy: heavy.length, heavyInitial: heavy.some((c) => initial.has(c.fileName)) }
}

/**
 * The same entry bundled from source by esbuild as the issue states it (--bundle --minify --splitting --format=esm;
 * the package's `source` export condition): its initial JS (the entry's output and its static imports, gzip -9).
 */
async function esbuildFromSource(entry) {
  const { measureInitial } = await import('./esbuildInitial.mjs')
  const host = await measureInitial(entry)
  return { initial: host.gzipBytes, chunks: host.chunks }
}

/** The wallet host, built from source with Vite (aliases to the sources), and where viem & co. land. */
async function walletFromSource(baseline) {
  const wallet = await measureFromSource('walletHost.tsx')
  const own = wallet.initial - baseline.initial
  console.log(`  Injected connector + SIWE (Vite, from source):`)
  console.log(`    Foyer's own initial JS ${kb(own)} kB   (budget ≤ 60 kB)  ${own <= 60 * 1024 ? 'within budget' : 'OVER BUDGET'}`)
  console.log(`    viem / WalletConnect / Coinbase / Solana code in the initial JS: ${wallet.heavyInitial ? 'YES' : 'none'}; lazy chunks with viem: ${wallet.heavy}`)
  return own
}

/**
 * The embedded-wallet plugin's addition to an e-mail host's initial JS, from source with esbuild and Vite (its
 * EIP-1193 provider's lazy viem is an optional peer the packed e-mail hosts do not install), and the wallet frame
 * page's own script as the package ships it (bundled from the sources as `npm run build` and a source checkout's
 * server do).
 */
async function embeddedWalletFromSource(viteBaseline) {
  console.log(`  Embedded wallet (from source): e-mail + embeddedWallet() host − e-mail host, initial JS`)
  const added = {}
  for (const [bundler, measure] of [['esbuild', esbuildFromSource], ['vite', measureFromSource]]) {
    const baseline = bundler === 'vite' ? viteBaseline : await measure('baseline.tsx')
    const emailOnly = await measure('emailHost.tsx')
    const withWallet = await measure('emailEmbeddedWalletHost.tsx')
    added[bundler] = withWallet.initial - emailOnly.initial
    const own = (host) => kb(host.initial - baseline.initial)
    const lazyViem = bundler === 'vite' ? `; viem in the initial JS: ${withWallet.heavyInitial ? 'YES' : 'none'}` : ''
    console.log(`    ${bundler.padEnd(8)} +${kb(added[bundler])} kB   (budget ≤ 8 kB)  ${added[bundler] <= 8 * 1024 ? 'within budget' : 'OVER BUDGET'}   (Foyer's own initial JS ${own(emailOnly)} kB in ${emailOnly.chunks} initial chunks → ${own(withWallet)} kB in ${withWallet.chunks}${lazyViem})`)
  }
  // The same build `npm run build` writes to dist/plugins/wallet-frame/frame-assets/, from the sources: the frame
  // kernel (what every frame page loads: its script and the chunks it imports) and each plugin's frame half (what its
  // first event loads on top).
  const { bundleFrame, loadedWith } = await tsImport('../../plugins/wallet-frame/server/frameScript.ts', import.meta.url)
  const { OWN_FRAME_HALF } = await tsImport('../../plugins/embedded-wallet/server/ownFrameHalf.ts', import.meta.url)
  const { existsSync, readdirSync } = await import('node:fs')
  const plugins = join(repoRoot, 'plugins')
  const halves = [
    OWN_FRAME_HALF,
    ...readdirSync(plugins)
      // embedded-wallet's frame.ts re-exports wallet-frame's, the halves' entry: neither is a half.
      .filter((id) => id !== 'embedded-wallet' && id !== 'wallet-frame' && existsSync(join(plugins, id, 'frame.ts')))
      .map((id) => ({ id, entry: join(plugins, id, 'frame.ts') })),
  ]
  const frameBuild = await bundleFrame(join(plugins, 'wallet-frame/frame/main.ts'), halves)
  const bytesOf = new Map(frameBuild.files.map((file) => [file.name, file.bytes]))
  const sizeOf = (names) => [...names].reduce((sum, name) => ({ gz: sum.gz + gz(bytesOf.get(name)), min: sum.min + bytesOf.get(name).length }), { gz: 0, min: 0 })
  const kernelFiles = loadedWith(frameBuild, frameBuild.kernel)
  const kernel = sizeOf(kernelFiles)
  console.log(`    the wallet frame's kernel (loaded on the wallet origin only, by every frame page): ${kb(kernel.gz)} kB gzip, ${kb(kernel.min)} kB minified, in ${kernelFiles.size} files  (budget ≤ 40 kB)  ${kernel.gz <= 40 * 1024 ? 'within budget' : 'OVER BUDGET'}`)
  // Each chain's keys: a module of the kernel's own, loaded for the first wallet of that chain (what it adds then).
  for (const [name, file] of Object.entries(frameBuild.modules ?? {})) {
    const own = [...loadedWith(frameBuild, file)].filter((f) => !kernelFiles.has(f))
    console.log(`      + the kernel's ${name} keys module, at the first ${name} wallet: ${kb(sizeOf(own).gz)} kB gzip in ${own.length} files`)
  }
  const halfFigures = {}
  for (const [id, name] of Object.entries(frameBuild.halves)) {
    const own = [...loadedWith(frameBuild, name)].filter((file) => !kernelFiles.has(file))
    halfFigures[id] = sizeOf(own).gz
    console.log(`      + ${id}'s frame half, at its first event: ${kb(halfFigures[id])} kB gzip in ${own.length} files`)
  }
  const frame = { length: kernel.min }
  return { added, frameScript: kernel.gz, frameHalves: halfFigures }
}

export async function bundleBench() {
  console.log('Bundle (production builds, gzip -9)')
  // The from-source figures need no package: a failed pack (its build) still lets them print, then fails the bench.
  const packed = await packedBench().then((figures) => ({ figures }), (error) => ({ error }))
  if (packed.error) console.log('  Packed package: npm pack failed (below); the figures from source follow')
  const baseline = await measureFromSource('baseline.tsx')
  const walletOwn = await walletFromSource(baseline)
  const embeddedWallet = await embeddedWalletFromSource(baseline)
  const { everyPluginBench } = await import('./pluginFirstLoad.mjs')
  const everyPlugin = await everyPluginBench()
  if (packed.error) throw packed.error
  return { ...packed.figures, walletOwn, embeddedWallet, everyPlugin }
}
