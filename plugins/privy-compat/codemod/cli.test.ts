import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../../core/server/cli/main.js'
import { TS_MORPH_MISSING, migrateFromPrivyCommand } from './cli.js'

// The command as a user runs it, `foyer migrate-from-privy <dir>`: through the CLI's main(), which reaches the codemod
// by the package's own entry (`foyer/privy/codemod`), as the built bin does.
const FIXTURE = fileURLToPath(new URL('./fixtures/privy-vite-app', import.meta.url))
const temps: string[] = []
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true })
})

function appCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-codemod-cli-'))
  temps.push(dir)
  cpSync(FIXTURE, dir, { recursive: true })
  return dir
}

async function run(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await main(argv, { out: (line) => out.push(line), err: (line) => err.push(line) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('foyer migrate-from-privy', () => {
  it('migrates the app and prints the files changed and the imports rewritten', async () => {
    const dir = appCopy()
    const { code, out, err } = await run('migrate-from-privy', dir)
    expect({ code, err }).toEqual({ code: 0, err: '' })
    expect(out).toContain(`Migrated ${dir} to Foyer: 6 files changed, 6 imports rewritten.`)
    expect(out).toContain('\n  src/providers.tsx\n')
    expect(out).toContain('Next: npm install')
    expect(readFileSync(join(dir, 'src/providers.tsx'), 'utf8')).toContain('<FoyerProvider ')
    const again = await run('migrate-from-privy', dir)
    expect(again.out).toBe(`Nothing to change in ${dir}: no Privy import or dependency left to rewrite.`)
  })

  it('--dry-run prints a unified diff and writes nothing', async () => {
    const dir = appCopy()
    const before = readFileSync(join(dir, 'src/wagmiConfig.ts'), 'utf8')
    const { code, out } = await run('migrate-from-privy', '--dry-run', dir)
    expect(code).toBe(0)
    expect(out).toContain("--- a/src/wagmiConfig.ts\n+++ b/src/wagmiConfig.ts\n@@ -2,7 +2,8 @@\n")
    expect(out).toContain("-import { createConfig } from '@privy-io/wagmi'\n+import { createConfig } from 'wagmi'\n+import { foyer } from 'foyer/wagmi'\n")
    expect(out).toContain('+  connectors: [foyer()],\n')
    expect(out).toContain('Dry run: would change 6 files (6 imports rewritten); nothing was written.')
    expect(readFileSync(join(dir, 'src/wagmiConfig.ts'), 'utf8')).toBe(before)
  })

  it('lists the TODOs it left, with file and line', async () => {
    const dir = appCopy()
    writeFileSync(join(dir, 'src/server.ts'), "export const x = 1\nimport { PrivyClient } from '@privy-io/server-auth'\n")
    const { out } = await run('migrate-from-privy', dir)
    expect(out).toMatch(/\n1 TODO\(foyer\) comment needs a person:\n {2}src\/server\.ts:2 {2}@privy-io\/server-auth: verify Foyer's access tokens/)
  })

  it('exits 2 with a clear message on a missing folder or bad arguments', async () => {
    const missing = join(tmpdir(), 'foyer-codemod-no-such-folder')
    expect(await run('migrate-from-privy', missing)).toEqual({ code: 2, out: '', err: expect.stringMatching(new RegExp(`^foyer migrate-from-privy: no such folder: ${missing}\n\nUsage: foyer migrate-from-privy <dir> \\[--dry-run\\]$`)) })
    const file = join(appCopy(), 'package.json')
    expect(await run('migrate-from-privy', file)).toMatchObject({ code: 2, err: expect.stringContaining(`not a folder: ${file}`) })
    expect(await run('migrate-from-privy')).toMatchObject({ code: 2, err: expect.stringContaining('name the app’s folder') })
    expect(await run('migrate-from-privy', 'a', 'b')).toMatchObject({ code: 2, err: expect.stringContaining('one folder, not 2') })
    expect(await run('migrate-from-privy', '--force', '.')).toMatchObject({ code: 2, err: expect.stringContaining('unknown option --force') })
  })

  it('is in the CLI’s usage', async () => {
    const { out } = await run('help')
    expect(out).toContain('migrate-from-privy <dir> [--dry-run]')
  })

  it('says how to install ts-morph when the host has none, and exits 1', async () => {
    const err: string[] = []
    const load = () => Promise.reject(Object.assign(new Error("Cannot find package 'ts-morph' imported from /app/node_modules/foyer/dist/plugins/privy-compat/codemod/migrateFromPrivy.js"), { code: 'ERR_MODULE_NOT_FOUND' }))
    const code = await migrateFromPrivyCommand([appCopy()], { out: () => {}, err: (line) => err.push(line) }, { load })
    expect(code).toBe(1)
    expect(err).toEqual([TS_MORPH_MISSING])
    expect(TS_MORPH_MISSING).toBe('foyer migrate-from-privy needs ts-morph: npm install --save-dev ts-morph')
  })
})
