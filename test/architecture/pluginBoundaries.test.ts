import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without types
import { importGraph } from '../../scripts/importCycles.mjs'

// Issue 26, no deep imports between plugins. A plugin (a folder of plugins/) imports another plugin only through that
// plugin's public entries: index.ts (client half), server.ts (server half) or frame.ts (wallet-frame half). core/ and
// ui/ import no plugin at all. testing/ (foyer/testing) may: it is a host's test kit, like a host it composes a server
// from plugins' server halves, through their entries. So may standalone/ (foyer/standalone, the bin's `start`): the
// whole server, every built-in plugin's server half, through their entries. The graph is scripts/importCycles.mjs's: relative imports, re-exports, `import type`,
// `import()` calls and `import('…').T` types all count.
//
// Test files: a plugin's tests follow the plugin rule like its sources (they had 9 deep imports in 7 files outside the
// folders listed below, all gone). core's and ui's tests are left out of the core/ui rule: 26 files import plugins 55
// times, because they test the kernel with real plugins (the e-mail server as the login of core's server tests, the
// login plugins' account slots in ui's); they are fixtures, not a dependency of core or ui.

type Graph = Map<string, string[]>
type Edge = `${string} → ${string}`

const PUBLIC_ENTRIES = new Set(['index.ts', 'server.ts', 'frame.ts'])
const isTest = (file: string) => /\.test\.tsx?$/.test(file)

const graph: Graph = importGraph()
const edges = [...graph].flatMap(([file, targets]) => targets.map((target) => ({ file, target, edge: `${file} → ${target}` as Edge })))
const pluginOf = (path: string) => (path.startsWith('plugins/') ? path.split('/')[1]! : null)
/** An import of another plugin's module by a plugin's file. */
const crossPlugin = edges.filter(({ file, target }) => pluginOf(file) && pluginOf(target) && pluginOf(file) !== pluginOf(target))

describe('plugin boundaries (issue 26)', () => {
  it("a plugin imports another plugin only through its index.ts, server.ts or frame.ts (tests included)", () => {
    const deep = crossPlugin.filter(({ target }) => {
      const [, , ...rest] = target.split('/')
      return rest.length !== 1 || !PUBLIC_ENTRIES.has(rest[0]!)
    })
    expect(deep.map((e) => e.edge)).toEqual([])
  })

  it('core/ and ui/ import no plugin (their tests left out: they run the kernel with real plugins)', () => {
    const intoPlugins = edges.filter(({ file, target }) => /^(core|ui)\//.test(file) && !isTest(file) && target.startsWith('plugins/'))
    expect(intoPlugins.map((e) => e.edge)).toEqual([])
  })

  it("testing/ (foyer/testing, whose default server takes the e-mail plugin's server half) imports plugins only through their entries", () => {
    const fromKit = edges.filter(({ file, target }) => file.startsWith('testing/') && target.startsWith('plugins/'))
    expect(fromKit.map((e) => e.edge)).toContain('testing/startFoyerTestServer.ts → plugins/email/server.ts')
    expect(fromKit.filter(({ target }) => target.split('/').length !== 3 || !PUBLIC_ENTRIES.has(target.split('/')[2]!)).map((e) => e.edge)).toEqual([])
  })

  it('standalone/ (foyer/standalone and the bin: every built-in plugin composed into one server) imports plugins only through their entries', () => {
    const fromStandalone = edges.filter(({ file, target }) => file.startsWith('standalone/') && target.startsWith('plugins/'))
    expect(fromStandalone.map((e) => e.edge)).toContain('standalone/standalonePlugins.ts → plugins/embedded-wallet/server.ts')
    expect(fromStandalone.filter(({ target }) => target.split('/').length !== 3 || !PUBLIC_ENTRIES.has(target.split('/')[2]!)).map((e) => e.edge)).toEqual([])
  })

  it('the scan sees the imports it judges: static, type-only, import() and import type references', () => {
    // A broken scanner (no files, no resolution) would find nothing to refuse.
    expect(graph.size).toBeGreaterThan(800)
    expect(crossPlugin.length).toBeGreaterThan(150)
    const has = (file: string, target: string) => graph.get(file)?.includes(target)
    // A static import through an entry, and a type-only one.
    expect(has('plugins/mfa-totp/index.ts', 'plugins/mfa/index.ts')).toBe(true)
    expect(has('plugins/mfa-totp/screens/EnrollTotpScreen.tsx', 'plugins/mfa/index.ts')).toBe(true)
    // import() and `typeof import('…')` (within a plugin: no plugin calls import() on another).
    expect(has('plugins/mfa/index.ts', 'plugins/mfa/mfaEnrollmentKit.ts')).toBe(true)
    expect(has('plugins/passkey/index.ts', 'plugins/passkey/passkeyKit.ts')).toBe(true)
    // Test files are scanned too.
    expect(has('plugins/mfa-passkey/server.test.ts', 'plugins/passkey/index.ts')).toBe(true)
  })
})
