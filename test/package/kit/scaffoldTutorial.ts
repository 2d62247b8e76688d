import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './packFoyer.js'
import { run } from './run.js'
import { tutorialSteps, type TutorialStep } from './tutorialSteps.js'

/** The page the tutorial is on. */
export const GETTING_STARTED = join(repoRoot, 'docs/guide/getting-started.md')

/** npm as the tutorial's reader runs it, but unattended (npm create asks before it installs create-vite) and quiet. */
export const TUTORIAL_NPM_ENV = { npm_config_yes: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', npm_config_prefer_offline: 'true' }

/** The tutorial's blocks, in the order the page gives them: its commands, the server, the page's file, the dev server. */
export function gettingStartedSteps(): [shell: TutorialStep, server: TutorialStep, file: TutorialStep, app: TutorialStep] {
  const steps = tutorialSteps(readFileSync(GETTING_STARTED, 'utf8'))
  const kinds = steps.map((s) => s.kind).join(',')
  if (kinds !== 'shell,server,file,app') throw new Error(`Getting started's tutorial blocks are ${kinds}, not shell,server,file,app`)
  return steps as [TutorialStep, TutorialStep, TutorialStep, TutorialStep]
}

/** What the tutorial's first block made: the folder its `cd` ended in (the app) and how long it took. */
export interface ScaffoldedTutorial {
  appDir: string
  seconds: number
}

/**
 * Runs Getting started's shell block (create the app, install foyer) in an empty `<root>/getting-started`, with the
 * packed `tarball` for `foyer`. The package project's setup runs it beside the other installs (npm waits on the
 * network and the disk); test/package/gettingStarted.test.ts goes on from the folder with the page's next blocks.
 */
export async function scaffoldTutorial(root: string, tarball: string): Promise<ScaffoldedTutorial> {
  const started = Date.now()
  const [shell] = gettingStartedSteps()
  if (!/^npm install .*\bfoyer\b/m.test(shell.code)) throw new Error("Getting started's shell block has no `npm install … foyer`")
  const commands = shell.code.replace(/^(npm install .*)\bfoyer\b/m, `$1${tarball}`)
  const folder = join(root, 'getting-started')
  mkdirSync(folder)
  const where = join(root, 'getting-started.cwd')
  await run('sh', ['-ec', `${commands}\npwd > ${where}`], { cwd: folder, env: TUTORIAL_NPM_ENV, timeoutMs: 600_000 })
  const appDir = readFileSync(where, 'utf8').trim()
  if (!appDir.startsWith(`${folder}/`)) throw new Error(`Getting started's commands should end in the new app's folder under ${folder}, not ${appDir}`)
  return { appDir, seconds: (Date.now() - started) / 1000 }
}
