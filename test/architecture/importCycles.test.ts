import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without types
import { importCycles } from '../../scripts/importCycles.mjs'

/**
 * Where no import cycle may come back: the server kernel, every plugin's server half (server.ts and its
 * server/ folder), and the plugins already freed of theirs. The client kernel and ui are being reworked
 * and join this list once theirs are gone; until then their cycles are printed, not failed.
 */
const guarded = (file: string) =>
  file.startsWith('core/server/') ||
  /^plugins\/[^/]+\/server(\.ts|\/)/.test(file) ||
  file.startsWith('plugins/telegram/') ||
  file.startsWith('plugins/siws/')

describe('import cycles', () => {
  it('none in core/server, the plugins’ server halves, telegram or siws (the others are listed)', () => {
    const cycles = importCycles() as string[][]
    for (const cycle of cycles.filter((c) => !c.some(guarded))) {
      console.log(`import cycle, not yet guarded (${cycle.length} files):\n  ${cycle.join('\n  ')}`)
    }
    expect(cycles.filter((cycle) => cycle.some(guarded))).toEqual([])
  })
})
