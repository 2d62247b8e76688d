import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { Project, ts, type SourceFile } from 'ts-morph'
import { privyNames } from '../privyNames.js'
import { addTodoComments, TODO_PREFIX, type PrivyNameTable } from './addTodoComments.js'
import { rewriteImports } from './rewriteImports.js'
import { rewritePackageJson } from './rewritePackageJson.js'
import { rewriteProvider } from './rewriteProvider.js'
import { rewriteWagmiConfig } from './rewriteWagmiConfig.js'
import { applyTextEdits, type TextEdit } from './applyTextEdits.js'

export interface MigrateFromPrivyParameters {
  /** The app's folder: its sources and package.json files are rewritten in place. */
  dir: string
  /** Compute the changes, write nothing. */
  dryRun?: boolean
  /** The version `foyer` gets in package.json (`^<version>`). */
  foyerVersion: string
  /** Privy's names and Foyer's status for each; default `privyNames`. */
  table?: PrivyNameTable
}

/** A file the migration changes (or, in a dry run, would change). */
export interface ChangedFile {
  /** Relative to `dir`, with `/`. */
  path: string
  before: string
  after: string
}

/** A `// TODO(foyer): …` comment (or a package.json dependency) left for a person. */
export interface MigrationTodo {
  path: string
  /** 1-based. */
  line: number
  text: string
}

export interface MigrateFromPrivyReturnType {
  changed: ChangedFile[]
  /** Module specifiers pointed elsewhere (imports, re-exports, `import()`, `require()`, mocks). */
  importsRewritten: number
  /** Every TODO(foyer) comment in the files the migration looked at, new or from an earlier run. */
  todos: MigrationTodo[]
}

/** Folders never rewritten: installed packages, build output, tool caches. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', 'out', 'coverage', '.next', '.git', '.turbo', '.vercel'])
const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/
/** A file without any of these has nothing to rewrite and isn't parsed. */
const MENTIONS = ['@privy-io/', 'PrivyProvider', TODO_PREFIX]

/**
 * Moves a Privy 3 app onto Foyer's Privy-compatible entries: in each .ts/.tsx/.js/.jsx file under `dir`,
 * `@privy-io/wagmi`'s wrappers become wagmi's own with Foyer's connector (`rewriteWagmiConfig`), `PrivyProvider`
 * becomes `FoyerProvider` (`rewriteProvider`), Privy's entries become Foyer's (`rewriteImports`) and what needs a
 * person gets a TODO comment (`addTodoComments`); each package.json trades Privy's packages for `foyer`. Running it
 * again changes nothing.
 */
export function migrateFromPrivy({ dir, dryRun = false, foyerVersion, table = privyNames }: MigrateFromPrivyParameters): MigrateFromPrivyReturnType {
  const project = new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: true, jsx: ts.JsxEmit.Preserve },
  })
  const changed: ChangedFile[] = []
  const todos: MigrationTodo[] = []
  let importsRewritten = 0
  for (const absolute of filesUnder(dir)) {
    const path = relative(dir, absolute).split(sep).join('/')
    const before = readFileSync(absolute, 'utf8')
    let after = before
    if (path.endsWith('package.json')) {
      after = rewritePackageJson(before, foyerVersion) ?? before
      todos.push(...leftoverPrivyDependencies(path, after))
    } else {
      if (!MENTIONS.some((mention) => before.includes(mention))) continue
      // Each step parses the text the previous one left, so it sees (and its edits apply to) the current code.
      const steps: ((file: SourceFile) => TextEdit[])[] = [
        (file) => tally(rewriteWagmiConfig(file)),
        rewriteProvider,
        (file) => tally(rewriteImports(file)),
        (file) => addTodoComments(file, table),
      ]
      for (const step of steps) {
        const file = project.createSourceFile(`/app/${path}`, after, { overwrite: true })
        after = applyTextEdits(after, step(file))
      }
      todos.push(...todoComments(path, after))
    }
    if (after !== before) {
      changed.push({ path, before, after })
      if (!dryRun) writeFileSync(absolute, after)
    }
  }
  return { changed, importsRewritten, todos }

  function tally(result: { edits: TextEdit[]; rewritten: number }): TextEdit[] {
    importsRewritten += result.rewritten
    return result.edits
  }
}

/** Source files and package.json files under `dir`, in a stable order, outside the skipped folders (no symlinks followed). */
function filesUnder(dir: string): string[] {
  const files: string[] = []
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...filesUnder(path))
    } else if (entry.isFile() && (entry.name === 'package.json' || SOURCE_FILE.test(entry.name))) {
      files.push(path)
    }
  }
  return files
}

function todoComments(path: string, text: string): MigrationTodo[] {
  return text.split('\n').flatMap((line, index) => {
    const at = line.indexOf(`// ${TODO_PREFIX}`)
    return at >= 0 ? [{ path, line: index + 1, text: line.slice(at + 3 + TODO_PREFIX.length).trim() }] : []
  })
}

/** Privy packages still in a package.json after the rewrite: one TODO each, at its line. */
function leftoverPrivyDependencies(path: string, text: string): MigrationTodo[] {
  return text.split('\n').flatMap((line, index) => {
    const name = /^\s*"(@privy-io\/[^"]+)"\s*:/.exec(line)?.[1]
    return name ? [{ path, line: index + 1, text: `${name}: Foyer has no counterpart to this package; remove it once nothing imports it` }] : []
  })
}
