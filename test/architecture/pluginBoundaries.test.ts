import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without types
import { importGraph } from '../../scripts/importCycles.mjs'

// Issue 26, no deep imports between plugins. A plugin (a folder of plugins/) imports another plugin only through that
// plugin's public entries: index.ts (client half), server.ts (server half) or frame.ts (wallet-frame half). core/ and
// ui/ import no plugin at all. The graph is scripts/importCycles.mjs's: relative imports, re-exports, `import type`,
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

/**
 * Left exactly as they are while another engineer moves the wallet-frame kernel: every import made by the files of
 * plugins/delegated-actions/ and plugins/farcaster-signer/, and by plugins/mfa-passkey/verifyWithPasskey.ts. Only these
 * pairs; remove each one when the move lands (a pair that no longer exists fails the test).
 */
const PENDING_FRAME_KERNEL_MOVE: readonly Edge[] = [
  'plugins/delegated-actions/delegateWallet.ts → plugins/embedded-wallet/embeddedAccounts.ts',
  'plugins/delegated-actions/delegatedActionsFlow.test.tsx → plugins/embedded-wallet/frameProtocol.ts',
  'plugins/delegated-actions/revokeWallets.ts → plugins/embedded-wallet/embeddedAccounts.ts',
  'plugins/delegated-actions/screens/DelegationConsentScreen.tsx → plugins/embedded-wallet/frameProtocol.ts',
  'plugins/delegated-actions/server/delegationKey.test.ts → plugins/embedded-wallet/frame/keys/delegationEnvelope.ts',
  'plugins/delegated-actions/server/delegationKey.test.ts → plugins/embedded-wallet/frame/keys/solanaKeypair.ts',
  'plugins/delegated-actions/server/delegationRecords.ts → plugins/embedded-wallet/frame/keys/delegationEnvelope.ts',
  'plugins/delegated-actions/server/signWithDelegatedKey.ts → plugins/embedded-wallet/solanaWire.ts',
  'plugins/delegated-actions/server.test.ts → plugins/embedded-wallet/frame/keys/delegationEnvelope.ts',
  'plugins/delegated-actions/server.test.ts → plugins/embedded-wallet/frame/keys/solanaKeypair.ts',
  'plugins/delegated-actions/server.ts → plugins/embedded-wallet/delegationApi.ts',
  'plugins/delegated-actions/server.ts → plugins/embedded-wallet/frame/keys/delegationEnvelope.ts',
  'plugins/delegated-actions/server.ts → plugins/embedded-wallet/server/walletFrameOnly.ts',
  'plugins/delegated-actions/server.ts → plugins/embedded-wallet/server/walletRecords.ts',
  'plugins/farcaster-signer/farcasterSignerActions.ts → plugins/embedded-wallet/frameProtocol.ts',
  'plugins/farcaster-signer/farcasterSignerContext.ts → plugins/embedded-wallet/embeddedAccounts.ts',
  'plugins/mfa-passkey/verifyWithPasskey.ts → plugins/embedded-wallet/embeddedWalletState.ts',
  'plugins/mfa-passkey/verifyWithPasskey.ts → plugins/embedded-wallet/frameProtocol.ts',
  'plugins/mfa-passkey/verifyWithPasskey.ts → plugins/mfa/mfaCalls.ts',
  'plugins/mfa-passkey/verifyWithPasskey.ts → plugins/mfa/mfaState.ts',
]

/**
 * Not covered by PENDING_FRAME_KERNEL_MOVE, and not fixed either: the wallet frame's own files
 * (plugins/embedded-wallet/frame/) were off limits for the change that added this test, as part of the same move. The
 * frame reads the MFA calls and the passkey wire; fixing these needs `frame.ts` entries on mfa, mfa-passkey and
 * passkey, or the move itself. Remove each pair when it goes (a pair that no longer exists fails the test).
 */
const WALLET_FRAME_FILES_NOT_YET_MOVED: readonly Edge[] = [
  'plugins/embedded-wallet/frame/frameApi.ts → plugins/mfa-passkey/api.ts',
  'plugins/embedded-wallet/frame/frameApi.ts → plugins/mfa/api.ts',
  'plugins/embedded-wallet/frame/verifyMfaInFrame.ts → plugins/mfa-passkey/api.ts',
  'plugins/embedded-wallet/frame/verifyMfaInFrame.ts → plugins/mfa/api.ts',
  'plugins/embedded-wallet/frame/verifyMfaInFrame.ts → plugins/passkey/schema.ts',
  'plugins/embedded-wallet/frame/verifyMfaInFrame.ts → plugins/passkey/wire.ts',
]

const EXEMPT = new Set<Edge>([...PENDING_FRAME_KERNEL_MOVE, ...WALLET_FRAME_FILES_NOT_YET_MOVED])

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
    expect(deep.map((e) => e.edge).filter((edge) => !EXEMPT.has(edge))).toEqual([])
  })

  it('core/ and ui/ import no plugin (their tests left out: they run the kernel with real plugins)', () => {
    const intoPlugins = edges.filter(({ file, target }) => /^(core|ui)\//.test(file) && !isTest(file) && target.startsWith('plugins/'))
    expect(intoPlugins.map((e) => e.edge)).toEqual([])
  })

  it('every exempted import still exists (drop a pair from its list once it is gone)', () => {
    const present = new Set(edges.map((e) => e.edge))
    expect([...EXEMPT].filter((edge) => !present.has(edge))).toEqual([])
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
