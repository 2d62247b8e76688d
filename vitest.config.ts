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
          include: ['core/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', 'ui/**/*.test.{ts,tsx}', 'examples/**/*.test.{ts,tsx}', 'test/architecture/**/*.test.ts', 'test/standins/**/*.test.ts'],
          environment: 'node',
          // Test databases start from pre-initialised PGlite dumps in the OS temp folder (test/kit/pgliteTemplate.ts):
          // made before the workers start, shared by them, and the ones this run didn't use removed after it.
          globalSetup: ['test/kit/unitGlobalSetup.ts'],
          setupFiles: ['test/kit/unitSetup.ts'],
          // Both cores: most of the suite's time is CPU (PGlite, React renders), and the tests wait for states.
          // (A project's maxWorkers outranks the --maxWorkers flag, hence FOYER_UNIT_WORKERS to change it.)
          maxWorkers: Number(process.env.FOYER_UNIT_WORKERS) || 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The packed package in fresh host apps (Vite, Next.js, esbuild) under a temp folder: types,
          // install footprint, size budget, and sign-in in Chromium against the real server.
          name: 'package',
          include: ['test/package/**/*.test.ts'],
          globalSetup: ['test/package/globalSetup.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // Builds the example app and a migrated data folder once per run (startStack serves and copies them).
          globalSetup: ['test/e2e/kit/globalSetup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Three files at a time, each with its own server, app port and browser: an e2e file spends most of its
          // time waiting (servers, chains, timers, polling), so three overlap well even on two cores and keep the suite
          // under its 15 minutes. FOYER_E2E_WORKERS changes it.
          maxWorkers: Number(process.env.FOYER_E2E_WORKERS) || 3,
        },
      },
    ],
  },
})
