import { describe, expect, inject, it } from 'vitest'
import { copyMeasureEntries, ownInitialJs, type Bundler } from './kit/initialJs.js'

// Issue 9: an e-mail-only host's own initial JS, gzipped, with each bundler.
const BUDGET_KB = 30
const kb = (bytes: number) => (bytes / 1024).toFixed(1)

describe("an e-mail-only host's own initial JS, built from the packed package", () => {
  // Each bundler builds in the host app that installed it.
  it.each<Bundler>(['esbuild', 'vite'])(`with %s stays within ${BUDGET_KB} kB gzipped`, async (bundler) => {
    const dir = inject('hosts')[bundler]
    copyMeasureEntries(dir)
    const { baseline, hosts } = await ownInitialJs(bundler, dir, ['emailHost.tsx'])
    const email = hosts['emailHost.tsx']!
    console.log(
      `[package] ${bundler}: React-only baseline ${kb(baseline.gzipBytes)} kB; FoyerProvider + email() ${kb(email.gzipBytes)} kB in ${email.chunks.length} initial chunks (${email.allChunks} in all); Foyer's own ${kb(email.own)} kB (budget ${BUDGET_KB} kB)`,
    )
    // The lazy parts exist: the modal and its screens are chunks of their own, not in the initial ones.
    expect(email.allChunks).toBeGreaterThan(email.chunks.length + 5)
    expect(email.chunks.filter((c) => /(^|\/)(Modal|LandingScreen|EmailEntry|EmailCodeScreen)-/.test(c))).toEqual([])
    expect(email.own).toBeGreaterThan(0)
    expect(email.own, `Foyer's own initial JS with ${bundler}: ${kb(email.own)} kB`).toBeLessThanOrEqual(BUDGET_KB * 1024)
  })
})
