import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { unifiedDiff } from './unifiedDiff.js'

/** The command's synopsis, as `foyer help` shows it too. */
export const MIGRATE_FROM_PRIVY_USAGE = 'Usage: foyer migrate-from-privy <dir> [--dry-run]'

/** What a host without ts-morph is told: the codemod's parser is an optional peer, not a dependency of every host. */
export const TS_MORPH_MISSING = 'foyer migrate-from-privy needs ts-morph: npm install --save-dev ts-morph'

/** Where the command writes (stdout, stderr), so tests can read it. */
export interface MigrateFromPrivyIo {
  out(line: string): void
  err(line: string): void
}

export interface MigrateFromPrivyCommandOptions {
  /** Loads the codemod, and with it ts-morph; a test swaps it to see what a host without ts-morph gets. */
  load?: () => Promise<typeof import('./migrateFromPrivy.js')>
}

/**
 * `foyer migrate-from-privy <dir> [--dry-run]`: rewrites the Privy app in `dir` to run on Foyer and prints what it did
 * (with `--dry-run`, the diff it would apply). Answers the exit code: 0 done, 1 ts-morph missing or a failure, 2 bad
 * arguments or no such folder.
 */
export async function migrateFromPrivyCommand(args: readonly string[], io: MigrateFromPrivyIo, options: MigrateFromPrivyCommandOptions = {}): Promise<number> {
  let dryRun = false
  const folders: string[] = []
  for (const arg of args) {
    if (arg === '--dry-run') dryRun = true
    else if (arg === '--help' || arg === '-h') {
      io.out(`${MIGRATE_FROM_PRIVY_USAGE}\n\nRewrites the Privy app in <dir> to run on Foyer: its imports, PrivyProvider, @privy-io/wagmi and package.json.\n--dry-run prints the diff and writes nothing.`)
      return 0
    } else if (arg.startsWith('-')) {
      io.err(`foyer migrate-from-privy: unknown option ${arg}\n\n${MIGRATE_FROM_PRIVY_USAGE}`)
      return 2
    } else folders.push(arg)
  }
  if (folders.length !== 1) {
    io.err(`foyer migrate-from-privy: ${folders.length === 0 ? 'name the app’s folder' : `one folder, not ${folders.length}`}\n\n${MIGRATE_FROM_PRIVY_USAGE}`)
    return 2
  }
  const dir = resolve(folders[0]!)
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    io.err(`foyer migrate-from-privy: ${existsSync(dir) ? 'not a folder' : 'no such folder'}: ${folders[0]}\n\n${MIGRATE_FROM_PRIVY_USAGE}`)
    return 2
  }

  let codemod: Awaited<ReturnType<NonNullable<MigrateFromPrivyCommandOptions['load']>>>
  try {
    codemod = await (options.load ?? (() => import('./migrateFromPrivy.js')))()
  } catch (error) {
    io.err(missingTsMorph(error) ? TS_MORPH_MISSING : `foyer migrate-from-privy: ${(error as Error).message}`)
    return 1
  }
  let result: ReturnType<typeof codemod.migrateFromPrivy>
  try {
    result = codemod.migrateFromPrivy({ dir, dryRun, foyerVersion: runningFoyerVersion() })
  } catch (error) {
    io.err(`foyer migrate-from-privy: ${(error as Error).message}`)
    return 1
  }

  const { changed, importsRewritten, todos } = result
  if (dryRun) for (const file of changed) io.out(unifiedDiff(file.path, file.before, file.after) + '\n')
  const files = `${changed.length} ${changed.length === 1 ? 'file' : 'files'}`
  const imports = `${importsRewritten} ${importsRewritten === 1 ? 'import' : 'imports'}`
  if (changed.length === 0) io.out(`Nothing to change in ${folders[0]}: no Privy import or dependency left to rewrite.`)
  else if (dryRun) io.out(`Dry run: would change ${files} (${imports} rewritten); nothing was written.`)
  else io.out(`Migrated ${folders[0]} to Foyer: ${files} changed, ${imports} rewritten.`)
  for (const file of changed) io.out(`  ${file.path}`)
  if (todos.length) {
    io.out(`${todos.length} TODO(foyer) ${todos.length === 1 ? 'comment needs' : 'comments need'} a person:`)
    for (const todo of todos) io.out(`  ${todo.path}:${todo.line}  ${todo.text}`)
  }
  if (changed.length && !dryRun) io.out('Next: npm install, then run the Foyer server and point the app at it (docs/migrate-from-privy.md).')
  return 0
}

/** Whether loading the codemod failed because ts-morph isn't installed (Node's and Vite's wording both). */
function missingTsMorph(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /ts-morph/.test(message) && /cannot find|failed to (?:load|resolve)|not found/i.test(message)
}

/** The version of the `foyer` package this code runs from (its package.json, from sources or from dist/). */
function runningFoyerVersion(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
      if (pkg.name === 'foyer' && pkg.version) return pkg.version
    }
    if (dirname(dir) === dir) throw new Error('cannot find the foyer package’s package.json')
  }
}
