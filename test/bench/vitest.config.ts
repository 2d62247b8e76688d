import { defineConfig } from 'vitest/config'
// @ts-expect-error plain ESM helper without types
import { foyerAliases } from '../../scripts/aliases.mjs'

/** Vitest config for the render-count benchmark only (not part of `npm test`). */
export default defineConfig({
  resolve: { alias: foyerAliases },
  test: {
    projects: [{ extends: true, test: { name: 'bench', include: ['test/bench/**/*.measure.tsx'], environment: 'node', testTimeout: 60_000 } }],
  },
})
