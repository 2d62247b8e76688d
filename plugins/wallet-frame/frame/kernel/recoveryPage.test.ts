// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { frameEvents } from '../../channel/frameProtocol.js'
import { FrameFailure, isFrameFailure } from '../frameFailure.js'
import type { WalletVault } from '../vault/walletVault.js'
import type { RecoveryKeySource } from '../recovery/recoveryKeySource.js'
import { lazyRecoveryHalves, recoveryPageHandlers } from './recoveryPage.js'
import type { RecoveryHalf, RecoveryPage } from './recoveryHalf.js'

const ADDRESS = '0x' + '11'.repeat(20)
const source = { method: 'user-passcode' } as RecoveryKeySource

/** A vault that records which key-source operation ran, for which address and token. */
function fakeVault() {
  const calls: string[] = []
  const vault = {
    target: { apiUrl: 'http://api.test', appId: 'app-1' },
    setRecovery: async (address: unknown, s: RecoveryKeySource, token: unknown) => void calls.push(`set ${String(address)} ${s.method} ${String(token)}`),
    recoverWithKey: async (address: unknown, s: RecoveryKeySource, token: unknown) => void calls.push(`recover ${String(address)} ${s.method} ${String(token)}`),
  } as unknown as WalletVault
  return { vault, calls }
}

describe("the recovery page's kernel: recovery methods' halves", () => {
  it("loads only the requested method's half (once), hands it a page bound to the request's wallet and token, answers address and method", async () => {
    const loads: string[] = []
    const pages: RecoveryPage[] = []
    const half: RecoveryHalf = {
      methods: {
        'user-passcode': { setRecovery: async (page) => (pages.push(page), page.setRecovery(source)), recover: async (page) => page.recoverWithKey(source) },
      },
    }
    const methodHalf = lazyRecoveryHalves({ methods: { 'user-passcode': '/assets/half-password.js', 'google-drive': '/assets/half-drive.js' } }, async (path) => (loads.push(path), { default: half }))
    const { vault, calls } = fakeVault()
    const handlers = recoveryPageHandlers({ doc: document, vault, appName: 'App', methodHalf, settings: { 'user-passcode': { x: 1 } } })
    expect(await handlers[frameEvents.setRecovery]!({ accessToken: 't1', address: ADDRESS, recoveryMethod: 'user-passcode' })).toEqual({ address: ADDRESS, recoveryMethod: 'user-passcode' })
    // No method named: a password, as before recovery methods were plugins.
    expect(await handlers[frameEvents.recover]!({ accessToken: 't2', address: ADDRESS })).toEqual({ address: ADDRESS, recoveryMethod: 'user-passcode' })
    expect(calls).toEqual([`set ${ADDRESS} user-passcode t1`, `recover ${ADDRESS} user-passcode t2`])
    expect(loads).toEqual(['/assets/half-password.js'])
    expect(pages[0]).toMatchObject({ appId: 'app-1', appName: 'App', method: 'user-passcode', settings: { x: 1 } })
    expect(Object.keys(pages[0]!)).not.toContain('accessToken')
  })

  it("refuses a method no half serves, another origin's module, or a bad method; a half that failed to load is tried again", async () => {
    let fail = true
    const loads: string[] = []
    const methodHalf = lazyRecoveryHalves({ methods: { icloud: '/assets/half-icloud.js', evil: 'https://evil.test/x.js', proto: '//evil.test/x.js' } }, async (path) => {
      loads.push(path)
      if (fail) throw new Error('network')
      return { default: { methods: { icloud: { setRecovery: async () => {}, recover: async () => {} } } } }
    })
    const { vault } = fakeVault()
    const handlers = recoveryPageHandlers({ doc: document, vault, appName: 'App', methodHalf })
    const refused = (data: unknown) => handlers[frameEvents.setRecovery]!(data).then(() => null, (error: unknown) => error)
    for (const method of ['user-passcode', 'evil', 'proto', 'toString']) expect(await refused({ address: ADDRESS, recoveryMethod: method })).toMatchObject({ type: 'invalid_request_arguments', message: 'Unable to set recovery on wallet' })
    expect(await refused({ address: ADDRESS, recoveryMethod: 7 })).toMatchObject({ type: 'invalid_request_arguments' })
    expect(await refused({ address: ADDRESS, recoveryMethod: 'icloud' })).toMatchObject({ type: 'error', message: 'Unable to set recovery on wallet' })
    fail = false
    expect(await handlers[frameEvents.setRecovery]!({ address: ADDRESS, recoveryMethod: 'icloud' })).toEqual({ address: ADDRESS, recoveryMethod: 'icloud' })
    expect(loads).toEqual(['/assets/half-icloud.js', '/assets/half-icloud.js'])
  })

  it("isFrameFailure knows another bundle's copy of FrameFailure (a half's view of the vault's refusals)", () => {
    class CopiedFrameFailure extends Error {
      constructor(readonly type: string, message: string) {
        super(message)
        this.name = 'FrameFailure'
      }
    }
    expect(isFrameFailure(new FrameFailure('invalid_recovery_pin', 'x'))).toBe(true)
    expect(isFrameFailure(new CopiedFrameFailure('invalid_recovery_pin', 'x'))).toBe(true)
    expect(isFrameFailure(new Error('x'))).toBe(false)
    expect(isFrameFailure({ name: 'FrameFailure', type: 'error' })).toBe(false)
  })
})
