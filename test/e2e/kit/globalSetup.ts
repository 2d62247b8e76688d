import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { prepareE2eAssets } from './prepareE2eAssets.js'

/**
 * The e2e project's globalSetup: builds the example app and the data-folder template once per run, so each
 * file's startStack only copies a folder and starts the server (see startStack).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-e2e-assets-'))
  const started = Date.now()
  try {
    project.provide('foyerE2eAssets', await prepareE2eAssets(dir))
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  console.log(`[e2e] example app built and data template made in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return () => rmSync(dir, { recursive: true, force: true })
}
