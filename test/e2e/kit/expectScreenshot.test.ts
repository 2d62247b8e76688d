import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { diffPngs, expectScreenshot } from './expectScreenshot.js'

/** A 20 × 10 white image; `paint` sets [x, y, grey] pixels. */
function image(paint: [number, number, number][] = []): PNG {
  const png = new PNG({ width: 20, height: 10 })
  png.data.fill(255)
  for (const [x, y, grey] of paint) png.data.fill(grey, (y * 20 + x) * 4, (y * 20 + x) * 4 + 3)
  return png
}
const bytes = (png: PNG) => PNG.sync.write(png)

describe('expectScreenshot (the layout screenshots\' comparison, pngjs only)', () => {
  const dirs: string[] = []
  const dir = () => {
    const made = mkdtempSync(join(tmpdir(), 'foyer-shots-'))
    dirs.push(made)
    return made
  }
  afterEach(() => {
    dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }))
    vi.unstubAllEnvs()
  })

  it('counts a pixel that moved by more than 10 % of a channel, not one that moved less', () => {
    expect(diffPngs(image(), image()).differing).toBe(0)
    expect(diffPngs(image(), image([[3, 3, 255 - 20]])).differing).toBe(0)
    const { differing, diff } = diffPngs(image(), image([[3, 3, 255 - 30], [4, 4, 0]]))
    expect(differing).toBe(2)
    expect([...diff.data.subarray((3 * 20 + 3) * 4, (3 * 20 + 3) * 4 + 3)]).toEqual([255, 0, 0])
  })

  it('writes a missing baseline, matches it again, and fails on a change over 0.5 % with the .actual and .diff images beside it', () => {
    const where = dir()
    expect(expectScreenshot('shot', bytes(image()), where)).toBe('written')
    expect(readFileSync(join(where, 'shot.png'))).toEqual(bytes(image()))
    expect(expectScreenshot('shot', bytes(image()), where)).toBe('matched')
    // One pixel of 200 is 0.5 %: still within the tolerance; two are not.
    expect(expectScreenshot('shot', bytes(image([[0, 0, 0]])), where)).toBe('matched')
    expect(() => expectScreenshot('shot', bytes(image([[0, 0, 0], [1, 0, 0]])), where)).toThrow('shot: 1.00 % of the pixels differ from the baseline')
    expect(existsSync(join(where, 'shot.actual.png')) && existsSync(join(where, 'shot.diff.png'))).toBe(true)
    // Another size fails too; a match afterwards removes the old failure's images.
    expect(() => expectScreenshot('shot', bytes(new PNG({ width: 10, height: 10 })), where)).toThrow('10×10 px, the baseline is 20×10 px')
    expect(expectScreenshot('shot', bytes(image()), where)).toBe('matched')
    expect(existsSync(join(where, 'shot.actual.png')) || existsSync(join(where, 'shot.diff.png'))).toBe(false)
  })

  it('FOYER_UPDATE_SCREENSHOTS=1 writes over a baseline that differs', () => {
    const where = dir()
    expectScreenshot('shot', bytes(image()), where)
    vi.stubEnv('FOYER_UPDATE_SCREENSHOTS', '1')
    expect(expectScreenshot('shot', bytes(image([[0, 0, 0], [1, 0, 0]])), where)).toBe('written')
    vi.unstubAllEnvs()
    expect(expectScreenshot('shot', bytes(image([[0, 0, 0], [1, 0, 0]])), where)).toBe('matched')
  })
})
