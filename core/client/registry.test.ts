import { describe, expect, it, vi } from 'vitest'
import { PluginError } from '../errors/index.js'
import { definePlugin } from './plugin.js'
import { createRegistry, withBroughtPlugins } from './registry.js'

const load = async () => ({ default: () => null })

describe('createRegistry', () => {
  it('indexes screens as pluginId/key and api calls as pluginId.name', () => {
    const registry = createRegistry([
      definePlugin({ id: 'email', kind: 'login', screens: { code: { load } }, api: { init: { path: '/api/v1/passwordless/init' } } }),
    ])
    expect(registry.screen('email/code').pluginId).toBe('email')
    expect(registry.api.get('email.init')?.path).toBe('/api/v1/passwordless/init')
  })

  it("loads a plugin's api given as a loader once, starting with its first screen load, and finds its calls after", async () => {
    const loadApi = vi.fn(async () => ({ init: { path: '/api/v1/passwordless/init' } }))
    const registry = createRegistry([definePlugin({ id: 'email', kind: 'login', screens: { code: { load } }, api: loadApi })])
    expect(loadApi).not.toHaveBeenCalled()
    expect(registry.api.get('email.init')).toBeUndefined()
    await registry.screen('email/code').load()
    expect(loadApi).toHaveBeenCalledTimes(1)
    await expect(registry.apiCall('email.init')).resolves.toMatchObject({ path: '/api/v1/passwordless/init', pluginId: 'email' })
    await expect(registry.apiCall('email.other')).resolves.toBeUndefined()
    expect(loadApi).toHaveBeenCalledTimes(1)
  })

  it("refuses a loaded api's call without a path at the call, as a table's at registration", async () => {
    const registry = createRegistry([definePlugin({ id: 'email', kind: 'login', api: async () => ({ init: {} as never }) })])
    await expect(registry.apiCall('email.init')).rejects.toThrow(/Plugin "email": api call "init" has no path/)
  })

  it('rejects duplicate plugin ids with a PluginError naming the plugin', () => {
    const p = definePlugin({ id: 'email', kind: 'login' })
    expect(() => createRegistry([p, p])).toThrow(PluginError)
    expect(() => createRegistry([p, p])).toThrow(/Plugin "email": is registered twice/)
  })

  it('rejects a missing screen with the list of known screens', () => {
    const registry = createRegistry([definePlugin({ id: 'email', kind: 'login', screens: { code: { load } } })])
    expect(() => registry.screen('sms/code')).toThrow(/No screen "sms\/code" is registered \(known screens: email\/code\)/)
  })

  it('rejects non-kebab ids, factories passed uncalled, entries without meta and duplicate login methods', () => {
    expect(() => createRegistry([{ id: 'Email', kind: 'login' }])).toThrow(/kebab-case/)
    expect(() => createRegistry([(() => ({})) as never])).toThrow(/did you pass the factory/)
    expect(() => createRegistry([{ id: 'a', kind: 'login', entry: { load } }])).toThrow(/no meta/)
    const a = { id: 'a', kind: 'login' as const, meta: { label: 'A', loginMethod: 'x' }, entry: { load } }
    expect(() => createRegistry([a, { ...a, id: 'b' }])).toThrow(/login method "x" is already provided by plugin "a"/)
  })

  it('takes several landing entries from one plugin, each with its login method', () => {
    const registry = createRegistry([
      {
        id: 'oauth',
        kind: 'login',
        entries: [
          { loginMethod: 'google', meta: { label: 'Google', group: 'social', serverFlag: 'google' }, entry: { load } },
          { loginMethod: 'github', meta: { label: 'GitHub', group: 'social', serverFlag: 'github' }, entry: { load } },
        ],
      },
    ])
    expect(registry.entries.map((e) => [e.pluginId, e.loginMethod, e.meta.serverFlag])).toEqual([
      ['oauth', 'google', 'google'],
      ['oauth', 'github', 'github'],
    ])
    expect(() =>
      createRegistry([{ id: 'a', kind: 'login', entries: [{ loginMethod: 'x', meta: { label: 'X' }, entry: { load } }, { loginMethod: 'x', meta: { label: 'X' }, entry: { load } }] }]),
    ).toThrow(/login method "x" is already provided/)
  })

  it('orders landing entries by meta.order and collects hooks in plugin order', () => {
    const calls: string[] = []
    const registry = createRegistry([
      { id: 'a', kind: 'login', meta: { label: 'A', order: 2 }, entry: { load }, hooks: { onLoginSuccess: () => void calls.push('a') } },
      { id: 'b', kind: 'login', meta: { label: 'B', order: 1 }, entry: { load }, hooks: { onLoginSuccess: () => void calls.push('b') } },
    ])
    expect(registry.entries.map((e) => e.pluginId)).toEqual(['b', 'a'])
    for (const hook of registry.hooks('onLoginSuccess')) void hook({} as never)
    expect(calls).toEqual(['a', 'b'])
  })
})

describe('loadTexts', () => {
  it("loads a plugin's texts once with its screens and entries, hands them over before the screen resolves, and retries a failed load", async () => {
    const added: Array<Readonly<Record<string, string>>> = []
    let fail = true
    const loadTexts = vi.fn(async () => {
      if (fail) throw new Error('offline')
      return { 'w.title': 'Wallet' }
    })
    const registry = createRegistry(
      [definePlugin({ id: 'w', kind: 'wallet', meta: { label: 'W' }, entry: { load }, screens: { a: { load, title: 'w.title' }, b: { load } }, loadTexts })],
      (table) => void added.push(table),
    )
    await expect(registry.screen('w/a').load()).rejects.toThrow('offline')
    fail = false
    const module = await registry.screen('w/a').load()
    expect(module.default).toBeTypeOf('function')
    expect(added).toEqual([{ 'w.title': 'Wallet' }])
    await registry.screen('w/b').load()
    await registry.entries[0]!.entry.load()
    expect(loadTexts).toHaveBeenCalledTimes(2)
    expect(added).toHaveLength(1)
    expect(registry.screen('w/a').title).toBe('w.title')
  })

  it('leaves screens as they are without loadTexts or a place to add them', () => {
    const screen = { load }
    expect(createRegistry([definePlugin({ id: 'a', kind: 'login', screens: { s: screen } })], () => {}).screen('a/s').load).toBe(load)
    expect(createRegistry([definePlugin({ id: 'b', kind: 'login', screens: { s: screen }, loadTexts: async () => ({}) })]).screen('b/s').load).toBe(load)
  })
})

describe('flow hook order', () => {
  const hookPlugin = (id: string, hooks: { before?: string[]; after?: string[] } = {}) =>
    definePlugin({ id, kind: 'feature', hooks: { ...hooks, onLoginSuccess: () => {} } })
  const order = (plugins: ReturnType<typeof hookPlugin>[]) => {
    const registry = createRegistry(plugins)
    return registry.hooks('onLoginSuccess').map((hook) => plugins.find((p) => p.hooks.onLoginSuccess === hook)!.id)
  }

  it("runs terms before wallet creation whatever the host's order, and keeps the host's order elsewhere", () => {
    const wallet = hookPlugin('embedded-wallet', { after: ['terms', 'mfa'] })
    expect(order([wallet, hookPlugin('analytics'), hookPlugin('terms')])).toEqual(['analytics', 'terms', 'embedded-wallet'])
    expect(order([hookPlugin('terms'), wallet])).toEqual(['terms', 'embedded-wallet'])
    // `before` says the same from the other side.
    expect(order([hookPlugin('b'), hookPlugin('a', { before: ['b'] })])).toEqual(['a', 'b'])
  })

  it('refuses a cycle, naming the plugins in it', () => {
    expect(() => order([hookPlugin('a', { after: ['b'] }), hookPlugin('b', { after: ['a'] })])).toThrow('hook order has a cycle among a, b')
  })
})

describe('plugins a plugin brings (`plugins`)', () => {
  const brought = definePlugin({ id: 'wallet-transactions', kind: 'feature', screens: { send: { load } } })
  const wallet = definePlugin({ id: 'embedded-wallet', kind: 'wallet', plugins: [brought] })

  it('registers them right after the plugin that brings them, screens and all', () => {
    const registry = createRegistry([wallet, definePlugin({ id: 'email', kind: 'login' })])
    expect(registry.plugins.map((p) => p.id)).toEqual(['embedded-wallet', 'wallet-transactions', 'email'])
    expect(registry.screen('wallet-transactions/send')).toBeDefined()
  })

  it("keeps the host's own plugin of the same id (listed anywhere) instead of the brought one", () => {
    const own = definePlugin({ id: 'wallet-transactions', kind: 'feature' })
    expect(withBroughtPlugins([wallet, own])).toEqual([wallet, own])
    expect(withBroughtPlugins([own, wallet])).toEqual([own, wallet])
    // Twice through (the kernel expands, then the registry): the same list.
    expect(withBroughtPlugins(withBroughtPlugins([wallet]))).toEqual([wallet, brought])
  })
})
