import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PNG } from 'pngjs'

/** Where the committed baselines are: test/e2e/screenshots/<name>.png (and, after a mismatch, .actual and .diff beside). */
export const SCREENSHOTS_DIR = fileURLToPath(new URL('../screenshots', import.meta.url))

/** A pixel differs when one of its channels moved by more than this share of the range (pixelmatch's default 0.1). */
export const CHANNEL_THRESHOLD = 0.1
/** The share of pixels that may differ before a screenshot fails (font hinting, a sub-pixel shift of an edge). */
export const MAX_DIFF_RATIO = 0.005

/** How two same-size images differ: the count of differing pixels, and a diff image (the baseline faded, differences red). */
export function diffPngs(expected: PNG, actual: PNG): { differing: number; diff: PNG } {
  const diff = new PNG({ width: expected.width, height: expected.height })
  const limit = CHANNEL_THRESHOLD * 255
  let differing = 0
  for (let i = 0; i < expected.data.length; i += 4) {
    let moved = false
    for (let c = 0; c < 4; c++) if (Math.abs(expected.data[i + c]! - actual.data[i + c]!) > limit) moved = true
    const grey = 255 - Math.round((255 - (expected.data[i]! + expected.data[i + 1]! + expected.data[i + 2]!) / 3) * 0.2)
    diff.data[i] = moved ? 255 : grey
    diff.data[i + 1] = moved ? 0 : grey
    diff.data[i + 2] = moved ? 0 : grey
    diff.data[i + 3] = 255
    if (moved) differing++
  }
  return { differing, diff }
}

/**
 * Compares `png` (a screenshot) with the baseline `<name>.png` in `dir`. With no baseline, or FOYER_UPDATE_SCREENSHOTS=1, writes
 * it and answers 'written'. Otherwise answers 'matched', or throws with the share of pixels that differ after writing
 * `<name>.actual.png` and `<name>.diff.png` beside the baseline (git ignores those).
 */
export function expectScreenshot(name: string, png: Buffer, dir = SCREENSHOTS_DIR): 'written' | 'matched' {
  mkdirSync(dir, { recursive: true })
  const baseline = join(dir, `${name}.png`)
  const actualPath = join(dir, `${name}.actual.png`)
  const diffPath = join(dir, `${name}.diff.png`)
  rmSync(actualPath, { force: true })
  rmSync(diffPath, { force: true })
  if (process.env.FOYER_UPDATE_SCREENSHOTS === '1' || !existsSync(baseline)) {
    writeFileSync(baseline, png)
    console.log(`[screenshots] wrote the baseline ${name}.png`)
    return 'written'
  }
  const expected = PNG.sync.read(readFileSync(baseline))
  const actual = PNG.sync.read(png)
  if (expected.width !== actual.width || expected.height !== actual.height) {
    writeFileSync(actualPath, png)
    throw new Error(`${name}: ${actual.width}×${actual.height} px, the baseline is ${expected.width}×${expected.height} px (see ${name}.actual.png)`)
  }
  const { differing, diff } = diffPngs(expected, actual)
  const ratio = differing / (expected.width * expected.height)
  if (ratio > MAX_DIFF_RATIO) {
    writeFileSync(actualPath, png)
    writeFileSync(diffPath, PNG.sync.write(diff))
    throw new Error(`${name}: ${(ratio * 100).toFixed(2)} % of the pixels differ from the baseline (at most ${MAX_DIFF_RATIO * 100} %); see ${name}.actual.png and ${name}.diff.png`)
  }
  return 'matched'
}
