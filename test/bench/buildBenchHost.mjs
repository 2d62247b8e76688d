// A production (Vite) build of a bench host entry (test/bench/entries/<entry>, which exports mount()), from the
// sources. Answers the temp folder it made; the built site is its dist/. The caller removes the folder.
import react from '@vitejs/plugin-react'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { foyerAliases, repoRoot } from '../../scripts/aliases.mjs'

export async function buildBenchHost(entry) {
  const root = mkdtempSync(join(tmpdir(), 'foyer-bench-host-'))
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>')
  writeFileSync(join(root, 'main.tsx'), `import { mount } from '${join(repoRoot, 'test/bench/entries', entry)}'\nmount()\n`)
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      root,
      plugins: [react()],
      resolve: { alias: foyerAliases },
      define: { 'process.env.NODE_ENV': '"production"' },
      build: { outDir: join(root, 'dist'), minify: true },
    })
  } catch (error) {
    rmSync(root, { recursive: true, force: true })
    throw error
  }
  return root
}
