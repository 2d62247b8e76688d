import { existsSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { testFrameKernel, type FrameHalf } from '../../plugins/embedded-wallet/frame.js'
import { serverPlugins } from '../kit/pluginHalves.js'

const plugins = fileURLToPath(new URL('../../plugins', import.meta.url))

describe("plugins' frame halves", () => {
  it('each declared half is its own folder\'s frame.ts, handling exactly the events its server half declares', async () => {
    const declared = (await serverPlugins()).filter((p) => p.frame)
    // The scan sees them (a broken scan would pass with nothing found).
    expect(declared.map((p) => p.id)).toEqual(expect.arrayContaining(['delegated-actions', 'farcaster-signer', 'embedded-wallet']))
    for (const plugin of declared) {
      // The embedded wallet's frame.ts is the halves' entry (the kernel API); its own half is its Ethereum signing.
      const entry = plugin.id === 'embedded-wallet' ? join(plugins, plugin.id, 'frame', 'ethereum', 'ethereumHalf.ts') : join(plugins, plugin.id, 'frame.ts')
      expect(plugin.frame!.entry, plugin.id).toBe(entry)
      const half = ((await import(pathToFileURL(plugin.frame!.entry).href)) as { default: FrameHalf }).default
      expect(Object.keys(half.handlers(testFrameKernel())).sort(), plugin.id).toEqual([...plugin.frame!.events].sort())
      // Named as the frame's own events are: foyer:<area>:<event>.
      for (const event of plugin.frame!.events) expect(event, plugin.id).toMatch(/^foyer:[a-z-]+:[a-z-]+$/)
    }
  })

  it('every frame.ts outside embedded-wallet (whose frame.ts is the halves\' entry) is a half a server plugin declares', async () => {
    const declared = new Set((await serverPlugins()).filter((p) => p.frame).map((p) => dirname(p.frame!.entry)))
    const files = readdirSync(plugins).filter((id) => id !== 'embedded-wallet' && existsSync(join(plugins, id, 'frame.ts')))
    expect(files.length).toBeGreaterThan(0)
    expect(files.filter((id) => !declared.has(join(plugins, id)))).toEqual([])
  })
})
