import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { privyNames } from '../privyNames.js'
import type { PrivyNameTable } from './addTodoComments.js'
import { migrateFromPrivy } from './migrateFromPrivy.js'

const FIXTURE = fileURLToPath(new URL('./fixtures/privy-vite-app', import.meta.url))
const VERSION = (JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8')) as { version: string }).version
const X402_NOTE = 'no x402 payments in Foyer yet: call fetch and pay by hand'
// The skeleton table may not list it yet: the test says what 'missing' means without depending on the table's fill.
const table: PrivyNameTable = { ...privyNames, '@privy-io/react-auth': { ...privyNames['@privy-io/react-auth'], useX402Fetch: { status: 'missing', note: X402_NOTE } } }

const temps: string[] = []
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true })
})

/** A copy of the fixture app in a temp folder, plus the given files (path → text). */
function appCopy(extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-codemod-'))
  temps.push(dir)
  cpSync(FIXTURE, dir, { recursive: true })
  for (const [path, text] of Object.entries(extra)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

/** Every file under `dir`, path → text. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name)
      if (statSync(path).isDirectory()) walk(path)
      else files[relative(dir, path)] = readFileSync(path, 'utf8')
    }
  }
  walk(dir)
  return files
}

/** One source file migrated on its own: the text it ends up with. */
function migrateSource(text: string, path = 'src/file.tsx'): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-codemod-'))
  temps.push(dir)
  mkdirSync(dirname(join(dir, path)), { recursive: true })
  writeFileSync(join(dir, path), text)
  migrateFromPrivy({ dir, foyerVersion: VERSION, table })
  return readFileSync(join(dir, path), 'utf8')
}

// Test-only additions to the app: a name Foyer doesn't have, and every other form of module reference.
const EXTRA = {
  'src/Paywall.tsx': [
    "import { useX402Fetch, usePrivy } from '@privy-io/react-auth'",
    "import { useSmartWallets } from '@privy-io/react-auth/smart-wallets'",
    '',
    "export { getAccessToken } from '@privy-io/react-auth'",
    "export const loadSolana = () => import('@privy-io/react-auth/solana')",
    'export function usePaywall() {',
    '  const { user } = usePrivy()',
    '  const { client } = useSmartWallets()',
    '  return { user, client, fetch: useX402Fetch() }',
    '}',
    '',
  ].join('\n'),
  'src/legacy.js': "const { getAccessToken } = require('@privy-io/react-auth')\nmodule.exports = { getAccessToken }\n",
  'server/verify.ts': "import { PrivyClient } from '@privy-io/server-auth'\nexport const privy = new PrivyClient('app', 'secret')\n",
  'node_modules/@privy-io/react-auth/index.js': "export * from '@privy-io/react-auth/dist'\n",
  'dist/assets/index.js': "import('@privy-io/react-auth')\n",
  '.next/server/page.js': "require('@privy-io/react-auth')\n",
}

describe('migrateFromPrivy on a Privy 3 app (fixtures/privy-vite-app)', () => {
  const dir = appCopy(EXTRA)
  const before = snapshot(dir)
  const result = migrateFromPrivy({ dir, foyerVersion: VERSION, table })
  const read = (path: string) => readFileSync(join(dir, path), 'utf8')

  it('points Privy’s entries at Foyer’s and leaves no @privy-io import in the app’s code', () => {
    expect(read('src/App.tsx')).toContain("import { useLogin, usePrivy } from 'foyer/privy'\n")
    expect(read('src/WalletActions.tsx')).toContain("import { useSendTransaction, useSignMessage, useWallets } from 'foyer/privy'\n")
    expect(read('src/SolanaCard.tsx')).toContain("import { useSignMessage, useWallets } from 'foyer/privy/solana'\n")
    for (const path of ['src/App.tsx', 'src/WalletActions.tsx', 'src/SolanaCard.tsx', 'src/providers.tsx', 'src/wagmiConfig.ts', 'src/main.tsx']) {
      expect(read(path), path).not.toMatch(/from '@privy-io\//)
    }
  })

  it('turns PrivyProvider into FoyerProvider, import and JSX, keeping appId, clientId and config', () => {
    const providers = read('src/providers.tsx')
    expect(providers).toContain("import { FoyerProvider, type PrivyClientConfig } from 'foyer/privy'\n")
    expect(providers).toContain(
      '    <FoyerProvider appId={import.meta.env.VITE_PRIVY_APP_ID} clientId={import.meta.env.VITE_PRIVY_CLIENT_ID} config={privyConfig}>\n',
    )
    expect(providers).toContain('    </FoyerProvider>\n')
    expect(providers).not.toContain('PrivyProvider')
    // The config object is untouched: the compat provider reads Privy's keys.
    expect(providers).toContain("    ethereum: { createOnLogin: 'users-without-wallets' },\n")
  })

  it("moves @privy-io/wagmi to wagmi's own and adds Foyer's connector to createConfig", () => {
    expect(read('src/providers.tsx')).toContain("import { WagmiProvider } from 'wagmi'\n")
    expect(read('src/wagmiConfig.ts')).toBe(
      before['src/wagmiConfig.ts']!
        .replace("import { createConfig } from '@privy-io/wagmi'", "import { createConfig } from 'wagmi'\nimport { foyer } from 'foyer/wagmi'")
        .replace('    [sepolia.id]: http(),\n  },\n', '    [sepolia.id]: http(),\n  },\n  connectors: [foyer()],\n'),
    )
  })

  it('trades @privy-io/react-auth and @privy-io/wagmi for foyer in package.json, in npm’s order', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> }
    expect(Object.keys(pkg.dependencies)).toEqual(['@tanstack/react-query', 'foyer', 'react', 'react-dom', 'viem', 'wagmi'])
    expect(pkg.dependencies.foyer).toBe(`^${VERSION}`)
    expect(read('package.json').endsWith('}\n')).toBe(true)
  })

  it('rewrites re-exports, import(), require() and the smart-wallets entry', () => {
    const paywall = read('src/Paywall.tsx')
    expect(paywall).toContain("import { useSmartWallets } from 'foyer/privy/smart-wallets'\n")
    expect(paywall).toContain("export { getAccessToken } from 'foyer/privy'\n")
    expect(paywall).toContain("import('foyer/privy/solana')")
    expect(read('src/legacy.js')).toBe("const { getAccessToken } = require('foyer/privy')\nmodule.exports = { getAccessToken }\n")
    // The app's 6 (providers.tsx has two: Privy's and @privy-io/wagmi's) and the 5 of the test's files.
    expect(result.importsRewritten).toBe(11)
  })

  it("keeps a 'missing' name's import, with a TODO comment above it, and lists it", () => {
    const paywall = read('src/Paywall.tsx')
    expect(paywall.startsWith(`// TODO(foyer): useX402Fetch: ${X402_NOTE}\nimport { useX402Fetch, usePrivy } from 'foyer/privy'\n`)).toBe(true)
    expect(read('server/verify.ts')).toMatch(/^\/\/ TODO\(foyer\): @privy-io\/server-auth: verify Foyer's access tokens with verifyFoyerRequest from 'foyer\/server'.*\nimport \{ PrivyClient \} from '@privy-io\/server-auth'\n/)
    expect(result.todos).toEqual([
      { path: 'server/verify.ts', line: 1, text: expect.stringMatching(/^@privy-io\/server-auth: verify Foyer's access tokens/) },
      { path: 'src/Paywall.tsx', line: 1, text: `useX402Fetch: ${X402_NOTE}` },
    ])
  })

  it('leaves node_modules, dist, .next and files without Privy alone', () => {
    const after = snapshot(dir)
    for (const path of ['node_modules/@privy-io/react-auth/index.js', 'dist/assets/index.js', '.next/server/page.js', 'src/main.tsx', 'index.html', 'vite.config.ts']) {
      expect(after[path], path).toBe(before[path])
    }
    expect(result.changed.map((file) => file.path)).toEqual(['package.json', 'server/verify.ts', 'src/App.tsx', 'src/Paywall.tsx', 'src/SolanaCard.tsx', 'src/WalletActions.tsx', 'src/legacy.js', 'src/providers.tsx', 'src/wagmiConfig.ts'])
  })

  it('changes nothing when run again, and still lists the TODOs left', () => {
    const once = snapshot(dir)
    const again = migrateFromPrivy({ dir, foyerVersion: VERSION, table })
    expect(again.changed).toEqual([])
    expect(again.importsRewritten).toBe(0)
    expect(snapshot(dir)).toEqual(once)
    expect(again.todos).toEqual(result.todos)
  })
})

describe('migrateFromPrivy --dry-run', () => {
  it('answers the changes and writes nothing', () => {
    const dir = appCopy(EXTRA)
    const before = snapshot(dir)
    const result = migrateFromPrivy({ dir, dryRun: true, foyerVersion: VERSION, table })
    expect(result.changed.length).toBe(9)
    expect(snapshot(dir)).toEqual(before)
    // What a real run would write.
    const real = migrateFromPrivy({ dir, foyerVersion: VERSION, table })
    expect(real.changed.map(({ path, after }) => ({ path, after }))).toEqual(result.changed.map(({ path, after }) => ({ path, after })))
  })
})

describe('migrateFromPrivy on the forms a Privy app takes', () => {
  it('keeps an alias of PrivyProvider and renames only what it imports', () => {
    expect(migrateSource("import { PrivyProvider as Auth } from '@privy-io/react-auth'\nexport const App = () => <Auth appId=\"x\" />\n")).toBe(
      "import { FoyerProvider as Auth } from 'foyer/privy'\nexport const App = () => <Auth appId=\"x\" />\n",
    )
  })

  it('renames a namespace’s PrivyProvider, typeof uses, and keeps a local re-export’s public name', () => {
    expect(
      migrateSource(
        [
          'import * as Privy from "@privy-io/react-auth";',
          'import { PrivyProvider } from "@privy-io/react-auth";',
          'type Props = React.ComponentProps<typeof PrivyProvider>;',
          'const providers = { PrivyProvider };',
          'export const A = (p: Props) => <Privy.PrivyProvider {...p} />;',
          'export { PrivyProvider };',
          '',
        ].join('\n'),
      ),
    ).toBe(
      [
        'import * as Privy from "foyer/privy";',
        'import { FoyerProvider } from "foyer/privy";',
        'type Props = React.ComponentProps<typeof FoyerProvider>;',
        'const providers = { PrivyProvider: FoyerProvider };',
        'export const A = (p: Props) => <Privy.FoyerProvider {...p} />;',
        'export { FoyerProvider as PrivyProvider };',
        '',
      ].join('\n'),
    )
  })

  it('splits @privy-io/wagmi: wagmi’s names move, useSetActiveWallet stays with a TODO', () => {
    const out = migrateSource(
      "import { createConfig, useSetActiveWallet, WagmiProvider } from '@privy-io/wagmi';\nexport const config = createConfig({ chains: [mainnet], transports })\n",
      'src/wagmi.ts',
    )
    expect(out).toBe(
      [
        "import { createConfig, WagmiProvider } from 'wagmi';",
        "// TODO(foyer): useSetActiveWallet: @privy-io/wagmi's useSetActiveWallet has no Foyer counterpart: the embedded wallet is wagmi's foyer() connector (connect it with wagmi's useConnect, pick an account with useSwitchAccount)",
        "import { useSetActiveWallet } from '@privy-io/wagmi';",
        "import { foyer } from 'foyer/wagmi';",
        'export const config = createConfig({ chains: [mainnet], transports, connectors: [foyer()] })',
        '',
      ].join('\n'),
    )
  })

  it('adds foyer() to the connectors a config already has, however they are written', () => {
    const head = "import { createConfig as make } from '@privy-io/wagmi'\n"
    expect(migrateSource(`${head}make({ connectors: [injected()] })\n`, 'a.ts')).toBe("import { createConfig as make } from 'wagmi'\nimport { foyer } from 'foyer/wagmi'\nmake({ connectors: [foyer(), injected()] })\n")
    expect(migrateSource(`${head}make({ connectors: [] })\n`, 'b.ts')).toContain('make({ connectors: [foyer()] })')
    expect(migrateSource(`${head}make({ connectors })\n`, 'c.ts')).toContain('make({ connectors: [foyer(), ...connectors] })')
    expect(migrateSource(`${head}make({ connectors: base })\n`, 'd.ts')).toContain('make({ connectors: [foyer(), ...base] })')
    expect(migrateSource(`${head}make({})\n`, 'e.ts')).toContain('make({ connectors: [foyer()] })')
    expect(migrateSource(`${head}make({\n    chains,\n    ssr: true\n})\n`, 'f.ts')).toContain('make({\n    chains,\n    ssr: true,\n    connectors: [foyer()]\n})')
    // A config built elsewhere: a person adds the connector.
    expect(migrateSource(`${head}export const c = make(options)\n`, 'g.ts')).toBe(
      "import { createConfig as make } from 'wagmi'\n// TODO(foyer): createConfig: add foyer() from 'foyer/wagmi' to this config's connectors (Foyer's embedded wallet reaches wagmi through it)\nexport const c = make(options)\n",
    )
  })

  it('uses the foyer connector already imported instead of importing it twice', () => {
    expect(migrateSource("import { foyer as embedded } from 'foyer/wagmi'\nimport { createConfig } from '@privy-io/wagmi'\ncreateConfig({ chains })\n", 'a.ts')).toBe(
      "import { foyer as embedded } from 'foyer/wagmi'\nimport { createConfig } from 'wagmi'\ncreateConfig({ chains, connectors: [embedded()] })\n",
    )
  })

  it('rewrites test mocks, types imported with import(), and indents a TODO inside a block', () => {
    expect(migrateSource("vi.mock('@privy-io/react-auth', () => ({}))\ntype U = import('@privy-io/react-auth').User\n", 'a.test.ts')).toBe(
      "vi.mock('foyer/privy', () => ({}))\ntype U = import('foyer/privy').User\n",
    )
    expect(migrateSource("async function f() {\n  const m = await import('@privy-io/react-auth/farcaster')\n}\n", 'b.ts')).toBe(
      "async function f() {\n  // TODO(foyer): @privy-io/react-auth/farcaster: Foyer has no counterpart to this entry (Foyer's: foyer/privy, foyer/privy/solana, foyer/privy/smart-wallets)\n  const m = await import('@privy-io/react-auth/farcaster')\n}\n",
    )
  })

  it('marks a missing name used through a namespace import, once', () => {
    const source = "import * as Privy from '@privy-io/react-auth'\nexport const f = () => Privy.useX402Fetch()\n"
    const once = migrateSource(source, 'a.ts')
    expect(once).toBe(`// TODO(foyer): useX402Fetch: ${X402_NOTE}\nimport * as Privy from 'foyer/privy'\nexport const f = () => Privy.useX402Fetch()\n`)
    expect(migrateSource(once, 'b.ts')).toBe(once)
  })

  it('keeps a "use client" directive first and leaves strings and comments that mention Privy', () => {
    const source = "'use client'\n// Privy's '@privy-io/react-auth' used to live here\nimport { usePrivy } from '@privy-io/react-auth'\nconst label = '@privy-io/react-auth'\n"
    expect(migrateSource(source)).toBe("'use client'\n// Privy's '@privy-io/react-auth' used to live here\nimport { usePrivy } from 'foyer/privy'\nconst label = '@privy-io/react-auth'\n")
  })
})
