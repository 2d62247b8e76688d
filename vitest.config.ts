import { defineConfig } from 'vitest/config'
// @ts-expect-error plain ESM helper without types
import { foyerAliases } from './scripts/aliases.mjs'

export default defineConfig({
  resolve: { alias: foyerAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['core/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', 'ui/**/*.test.{ts,tsx}', 'examples/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
