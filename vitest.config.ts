import { defineConfig } from 'vitest/config'
// @ts-expect-error plain ESM helper without types
import { foyerAliases } from './scripts/aliases.mjs'

/** The unit, component and server tests (the 'unit' and 'unit-isolated' projects). */
const UNIT_FILES = ['core/**/*.test.{ts,tsx}', 'testing/**/*.test.{ts,tsx}', 'standalone/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', 'ui/**/*.test.{ts,tsx}', 'examples/**/*.test.{ts,tsx}', 'test/architecture/**/*.test.ts', 'test/standins/**/*.test.ts']

export default defineConfig({
  resolve: { alias: foyerAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: ['**/node_modules/**', '**/*.isolated.test.{ts,tsx}'],
          // Files share a worker's module graph (no re-import per file: ~80 s less on two cores). Each file cleans up
          // after itself (cleanup, unstubbed globals, real timers); a file that mocks a module (vi.mock) is named
          // *.isolated.test.* and runs in the 'unit-isolated' project, where each file gets fresh modules.
          isolate: false,
          environment: 'node',
          // Test databases start from pre-initialised PGlite dumps in the OS temp folder (test/kit/pgliteTemplate.ts):
          // made before the workers start, shared by them, and the ones this run didn't use removed after it.
          globalSetup: ['test/kit/unitGlobalSetup.ts'],
          setupFiles: ['test/kit/unitSetup.ts'],
          // Both cores: most of the suite's time is CPU (PGlite, React renders), and the tests wait for states.
          // (A project's maxWorkers outranks the --maxWorkers flag, hence FOYER_UNIT_WORKERS to change it.)
          maxWorkers: Number(process.env.FOYER_UNIT_WORKERS) || 2,
          // Waits for a loaded machine, not for a test at rest: npm test runs this suite beside the package suite (pack,
          // installs, builds, Chromium), and there the same files took 3–10 times their time at rest (loginRaces 7 s →
          // 73 s, passwordRoutes 22 s → 61 s, its beforeAll past 60 s once). A hung test still fails, a minute later.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: UNIT_FILES.map((glob) => glob.replace('*.test.', '*.isolated.test.')),
          environment: 'node',
          // Run together with 'unit' (npm test passes both): Vitest wants the same worker count for projects it groups.
          maxWorkers: Number(process.env.FOYER_UNIT_WORKERS) || 2,
          globalSetup: ['test/kit/unitGlobalSetup.ts'],
          setupFiles: ['test/kit/unitSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The packed package in fresh host apps (Vite, esbuild, wagmi 2 / 3) and the examples (examples/nextjs,
          // vite-wagmi, hono-backend) under a temp folder: types, install footprint, size budget, and sign-in in
          // Chromium against the real server. The docs site's build
          // (test/docs) runs here too: this project waits on npm installs while 'unit' keeps both cores busy, so
          // its ~50–90 s of VitePress and TypeDoc fit beside the unit suite instead of lengthening it.
          name: 'package',
          include: ['test/package/**/*.test.ts', 'test/docs/**/*.test.ts'],
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
          // Two files at a time, each with its own server, app port and browser. Three overlapped well while the suite
          // was small, but with today's files the phase is CPU-bound on two cores: three kept the load at 12–16 for 34
          // minutes (5,538 s of file time in 2,035 s), and waits that hold at rest (a page load, a frame's first load)
          // ran out. Two give each file more of the machine for about the same total. FOYER_E2E_WORKERS changes it.
          maxWorkers: Number(process.env.FOYER_E2E_WORKERS) || 2,
        },
      },
    ],
  },
})
