import { describe, expect, it, vi } from 'vitest'
import { createFoyer } from './createFoyer.js'
import { definePlugin, type FoyerPlugin } from './plugin.js'
import { createMemoryStorage } from './storage.js'

const make = (plugins: FoyerPlugin[]) =>
  createFoyer({ appId: 'test_app_0000000000000001', apiUrl: 'http://api.test', plugins, storage: createMemoryStorage(), fetch: vi.fn() as never })

describe("the kernel's hook actions (a plugin's functions on a focused ui hook)", () => {
  it("collects each loaded plugin's functions for the named hook, made once per kernel with that kernel", () => {
    const made = vi.fn()
    const a = definePlugin({
      id: 'a',
      kind: 'wallet',
      hookActions: { useSolanaWallets: (foyer) => (made(foyer), { fromA: () => `a made it for ${foyer.appId}` }) },
    })
    const b = definePlugin({ id: 'b', kind: 'feature', hookActions: { useSolanaWallets: () => ({ fromB: () => 'b' }) } })
    const foyer = make([a, b])
    const actions = foyer.hookActions('useSolanaWallets') as Record<string, () => string>
    expect(Object.keys(actions)).toEqual(['fromA', 'fromB'])
    expect(actions.fromA!()).toBe('a made it for test_app_0000000000000001')
    expect(actions.fromB!()).toBe('b')
    expect(foyer.hookActions('useSolanaWallets')).toBe(actions)
    expect(made).toHaveBeenCalledExactlyOnceWith(foyer)
    expect(Object.isFrozen(actions)).toBe(true)
  })

  it('is empty when no loaded plugin adds any (the hook then simply lacks them)', () => {
    const foyer = make([definePlugin({ id: 'plain', kind: 'feature', actions: () => ({ createWallet: () => 1 }) })])
    expect(foyer.hookActions('useSolanaWallets')).toEqual({})
  })

  it('refuses a function two plugins add to the same hook, naming the second plugin', () => {
    const adds = (id: string) => definePlugin({ id, kind: 'wallet', hookActions: { useSolanaWallets: () => ({ sameName: () => id }) } })
    const foyer = make([adds('first'), adds('second')])
    let thrown: unknown
    try {
      foyer.hookActions('useSolanaWallets')
    } catch (error) {
      thrown = error
    }
    expect(thrown).toMatchObject({ code: 'PLUGIN_ERROR', message: expect.stringMatching(/second.*"sameName" is already on useSolanaWallets\(\)/) })
  })
})
