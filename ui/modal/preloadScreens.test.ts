import { describe, expect, it } from 'vitest'
import { createRegistry } from '../../core/client/registry.js'
import type { Foyer } from '../../core/client/types.js'
import { preloadScreens } from './Modal.js'

/** A screen whose load is counted under `name`. */
const counted = (loads: string[], name: string, extra: Record<string, unknown> = {}) => ({ load: async () => (loads.push(name), { default: () => null }), ...extra })

describe('preloadScreens', () => {
  it("loads the enabled methods' entries, then their plugins' screens marked preload; nothing of a method that is off", async () => {
    const loads: string[] = []
    const registry = createRegistry([
      {
        id: 'code-method',
        kind: 'login',
        meta: { label: 'Code' },
        entry: counted(loads, 'code entry'),
        screens: { code: counted(loads, 'code screen', { preload: true }), link: counted(loads, 'link screen') },
      },
      { id: 'off-method', kind: 'login', meta: { label: 'Off' }, entry: counted(loads, 'off entry'), screens: { code: counted(loads, 'off code', { preload: true }) } },
    ] as never)
    const foyer = { registry, $config: { peek: () => ({ loginMethods: ['code-method'], overflowMethods: [] }) } } as unknown as Foyer
    await preloadScreens(foyer)
    expect(loads).toEqual(['code entry', 'code screen'])
  })
})
