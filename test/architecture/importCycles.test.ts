import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without types
import { importCycles } from '../../scripts/importCycles.mjs'

describe('import cycles', () => {
  it('none among core, plugins and ui (type-only and lazy imports count too)', () => {
    expect(importCycles()).toEqual([])
  })
})
