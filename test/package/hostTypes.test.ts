import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { run } from './kit/run.js'

describe('types for a host compiling with skipLibCheck: false', () => {
  it("resolve for every entry point, client and server, without @types/node", async () => {
    const host = inject('hosts').vite
    const tsconfig = JSON.parse(readFileSync(join(host, 'tsconfig.json'), 'utf8')) as { compilerOptions: { skipLibCheck: boolean } }
    expect(tsconfig.compilerOptions.skipLibCheck).toBe(false)
    // A browser host: nothing in its install brings Node's types, so a .d.ts that needs them fails here.
    expect(existsSync(join(host, 'node_modules/@types/node'))).toBe(false)

    // Besides the app (src/main.tsx: provider, hooks, the e-mail plugin), a module that imports every
    // export of the package, so each published .d.ts is checked, not only the ones the app reaches.
    const dist = join(host, 'node_modules/foyer/dist')
    const plugins = readdirSync(join(dist, 'plugins'))
    const entries = ['foyer', 'foyer/ui', 'foyer/core', 'foyer/protocol', 'foyer/server', 'foyer/node', 'foyer/testing', 'foyer/privy', 'foyer/privy/solana', 'foyer/privy/smart-wallets']
    for (const id of plugins) {
      if (existsSync(join(dist, 'plugins', id, 'index.d.ts'))) entries.push(`foyer/plugins/${id}`)
      if (existsSync(join(dist, 'plugins', id, 'server.d.ts'))) entries.push(`foyer/plugins/${id}/server`)
    }
    expect(entries.length).toBeGreaterThan(20)
    writeFileSync(join(host, 'src/allEntries.ts'), entries.map((e, i) => `export * as entry${i} from '${e}'`).join('\n') + '\n')

    const { output } = await run(process.execPath, [join(host, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.', '--listFiles'], { cwd: host })
    const checked = output.split('\n').filter((f) => f.includes('/node_modules/foyer/dist/') && f.endsWith('.d.ts'))
    console.log(`[package] tsc --noEmit (skipLibCheck: false) on the Vite host: ${checked.length} of foyer's .d.ts files checked, no errors`)
    expect(checked.length).toBeGreaterThan(100)
  })
})
