import { initdbDumpFile, removeTemplatesUnusedSince } from './pgliteTemplate.js'

/**
 * Global setup of the unit project: makes the initdb dump before the workers start (so they don't both
 * spend seconds on it) and hands it to every server a test builds itself (FOYER_PGLITE_TEMPLATE; servers
 * from createTestServer start from pre-migrated dumps). After the run, the dumps it didn't use go, so
 * the temp folder keeps only the current migration sets.
 */
export default async function unitGlobalSetup() {
  const started = Date.now()
  process.env.FOYER_PGLITE_TEMPLATE = await initdbDumpFile()
  return () => removeTemplatesUnusedSince(started - 1000)
}
