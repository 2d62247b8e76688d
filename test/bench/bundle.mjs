// Production builds of a React-only host and the same host with FoyerProvider + e-mail plugin;
// prints initial JS (entry + static imports) and all chunks, gzipped, and Foyer's own share.
import react from '@vitejs/plugin-react'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { foyerAliases, repoRoot } from '../../scripts/aliases.mjs'

const kb = (bytes) => (bytes / 1024).toFixed(1)
const gz = (code) => gzipSync(code, { level: 9 }).length

async function measure(entry) {
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
  const size = (names) => names.reduce((sum, n) => sum + gz(byName.get(n).code), 0)
  const lazy = output.filter((c) => !initial.has(c.fileName))
  const heavyRe = /node_modules\/(viem|@solana|@walletconnect|@coinbase)\//
  const heavy = output.filter((c) => Object.keys(c.modules ?? {}).some((m) => heavyRe.test(m)))
  const heavyInitial = heavy.some((c) => initial.has(c.fileName))
  return { initial: size([...initial]), all: size(output.map((c) => c.fileName)), chunks: output.length, lazy: lazy.map((c) => [c.fileName, gz(c.code)]), heavy: heavy.length, heavyInitial }
}

export async function bundleBench() {
  const baseline = await measure('baseline.tsx')
  const host = await measure('emailHost.tsx')
  const all = await measure('allMethodsHost.tsx')
  const wallet = await measure('walletHost.tsx')
  const own = host.initial - baseline.initial
  const allOwn = all.initial - baseline.initial
  console.log('Bundle (production build, gzip -9)')
  console.log(`  React-only baseline, initial JS:            ${kb(baseline.initial)} kB`)
  console.log(`  FoyerProvider + e-mail plugin, initial JS:  ${kb(host.initial)} kB`)
  console.log(`  Foyer's own initial JS:                     ${kb(own)} kB   (budget ≤ 30 kB)  ${own <= 30 * 1024 ? 'within budget' : 'OVER BUDGET'}`)
  console.log(`  all chunks: ${kb(host.all)} kB in ${host.chunks} chunks; lazy chunks (loaded when the modal opens):`)
  for (const [name, bytes] of host.lazy) console.log(`    ${name.padEnd(48)} ${kb(bytes)} kB`)
  console.log(`  chunks containing viem / Solana / WalletConnect / Coinbase code: ${host.heavy}`)
  console.log(`  Every login method (e-mail, SMS, OAuth ×9, passkey, Telegram, Farcaster, custom JWT, guest):`)
  console.log(`    initial JS ${kb(all.initial)} kB; Foyer's own ${kb(allOwn)} kB   (budget ≤ 45 kB)  ${allOwn <= 45 * 1024 ? 'within budget' : 'OVER BUDGET'}`)
  console.log(`    all chunks ${kb(all.all)} kB in ${all.chunks} chunks; largest lazy: ${all.lazy.sort((a, b) => b[1] - a[1]).slice(0, 4).map(([n, b]) => `${n.replace(/^assets\//, '')} ${kb(b)} kB`).join(', ')}`)
  console.log(`    chunks containing viem / Solana / WalletConnect / Coinbase code: ${all.heavy}`)
  const walletOwn = wallet.initial - baseline.initial
  console.log(`  Injected connector + SIWE:`)
  console.log(`    initial JS ${kb(wallet.initial)} kB; Foyer's own ${kb(walletOwn)} kB   (budget ≤ 60 kB)  ${walletOwn <= 60 * 1024 ? 'within budget' : 'OVER BUDGET'}`)
  console.log(`    viem / WalletConnect / Coinbase / Solana code in the initial JS: ${wallet.heavyInitial ? 'YES' : 'none'}; lazy chunks with viem: ${wallet.heavy}`)
  return { baseline: baseline.initial, host: host.initial, own, all: host.all, allOwn, walletOwn }
}
