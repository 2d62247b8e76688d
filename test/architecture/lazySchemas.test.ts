import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without types
import { measureInitial } from '../bench/esbuildInitial.mjs'

describe('lazy schemas', () => {
  it("the every-plugin host's first load (esbuild) holds no plugin api.ts or schema.ts and no valibot: they load with the first call", async () => {
    const { modules } = (await measureInitial('everyPluginHost.tsx')) as { modules: Record<string, number> }
    expect(Object.keys(modules).filter((m) => /node_modules\/valibot\/|^plugins\/[^/]+\/(api|schema)\.ts$/.test(m))).toEqual([])
  })
})
