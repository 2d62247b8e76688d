import { existsSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { testFrameKernel, type FrameHalf, type RecoveryHalf } from '../../plugins/wallet-frame/frame.js'
import { serverPlugins } from '../kit/pluginHalves.js'

const plugins = fileURLToPath(new URL('../../plugins', import.meta.url))

describe("plugins' frame halves", () => {
  it('each declared half is its own folder\'s frame.ts, handling exactly the events its server half declares', async () => {
    const declared = (await serverPlugins()).filter((p) => p.frame)
    // The scan sees them (a broken scan would pass with nothing found).
    expect(declared.map((p) => p.id)).toEqual(expect.arrayContaining(['delegated-actions', 'farcaster-signer', 'embedded-wallet']))
    for (const plugin of declared) {
      // The embedded wallet's frame.ts re-exports the halves' entry (wallet-frame's, the kernel API); its own half is its
      // Ethereum signing.
      const entry = plugin.id === 'embedded-wallet' ? join(plugins, plugin.id, 'frame', 'ethereum', 'ethereumHalf.ts') : join(plugins, plugin.id, 'frame.ts')
      expect(plugin.frame!.entry, plugin.id).toBe(entry)
      if (plugin.frame!.recovery) continue // a recovery page's half: the next test
      const half = ((await import(pathToFileURL(plugin.frame!.entry).href)) as { default: FrameHalf }).default
      expect(Object.keys(half.handlers(testFrameKernel())).sort(), plugin.id).toEqual([...plugin.frame!.events].sort())
      // Named as the frame's own events are: foyer:<area>:<event>.
      for (const event of plugin.frame!.events) expect(event, plugin.id).toMatch(/^foyer:[a-z-]+:[a-z-]+$/)
    }
  })

  it("each recovery method's half is its own folder's frame.ts, serving exactly the methods its server half declares, and no event", async () => {
    const declared = (await serverPlugins()).filter((p) => p.frame?.recovery)
    expect(declared.map((p) => p.id).sort()).toEqual(expect.arrayContaining(['recovery-google-drive', 'recovery-icloud', 'recovery-password']))
    const owners = new Map<string, string>()
    for (const plugin of declared) {
      expect(plugin.frame!.entry, plugin.id).toBe(join(plugins, plugin.id, 'frame.ts'))
      expect(plugin.frame!.events, plugin.id).toEqual([])
      const half = ((await import(pathToFileURL(plugin.frame!.entry).href)) as { default: RecoveryHalf }).default
      expect(Object.keys(half.methods).sort(), plugin.id).toEqual([...plugin.frame!.recovery!.methods].sort())
      for (const method of Object.values(half.methods)) expect([typeof method.setRecovery, typeof method.recover], plugin.id).toEqual(['function', 'function'])
      for (const method of plugin.frame!.recovery!.methods) {
        expect(owners.get(method), method).toBeUndefined()
        owners.set(method, plugin.id)
      }
    }
    expect([...owners.keys()].sort()).toEqual(['google-drive', 'icloud', 'user-passcode'])
  })

  it('every frame.ts outside wallet-frame (whose frame.ts is the halves\' entry) and embedded-wallet (its re-export) is a half a server plugin declares', async () => {
    const declared = new Set((await serverPlugins()).filter((p) => p.frame).map((p) => dirname(p.frame!.entry)))
    const files = readdirSync(plugins).filter((id) => id !== 'wallet-frame' && id !== 'embedded-wallet' && existsSync(join(plugins, id, 'frame.ts')))
    expect(files.length).toBeGreaterThan(0)
    expect(files.filter((id) => !declared.has(join(plugins, id)))).toEqual([])
  })
})
