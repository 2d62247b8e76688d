import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { APP_ID_LENGTH } from '../../../core/protocol/index.js'
import type { ImportResult } from '../importSchema.js'
import { importUsers, type ImportDeps } from './importUsers.js'

/** Usage of `foyer users`. */
export const USERS_USAGE = `  users import <appId> <file> [--dry-run]  Import users (Privy's import shape: { linked_accounts, custom_metadata? }
                                          a user) from a .jsonl file (one user a line) or a .json file (an array,
                                          or { "users": [...] }). Each user comes in whole or not at all; a user
                                          whose accounts already belong to one user is reported as existing, so a
                                          re-run creates nothing twice. Wallets come in as external wallets (their
                                          keys stay with their owners). --dry-run reports and writes nothing.`

/** Writes of a run (stdout, stderr). */
export interface UsersCommandIo {
  out(line: string): void
  err(line: string): void
}

/** What the command writes with (core's CLI opens the server's database and services with this plugin's tables). */
export interface UsersCommandDeps {
  open(): Promise<ImportDeps & { close(): Promise<void> }>
  /** Rows per import call (and progress line). Default 1000. */
  chunkSize?: number
}

/** A line of a .jsonl file that is not JSON: kept as a row so the numbering holds, reported as invalid. */
const NOT_JSON = Symbol('not JSON')

/** The file's users, a chunk at a time: a .jsonl file is streamed line by line, a .json file read whole. */
async function* chunksOf(file: string, size: number): AsyncGenerator<unknown[]> {
  if (/\.(jsonl|ndjson)$/i.test(file)) {
    let chunk: unknown[] = []
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })
    for await (const line of lines) {
      if (!line.trim()) continue
      try {
        chunk.push(JSON.parse(line))
      } catch {
        chunk.push(NOT_JSON)
      }
      if (chunk.length === size) {
        yield chunk
        chunk = []
      }
    }
    if (chunk.length) yield chunk
    return
  }
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'))
  const users = Array.isArray(parsed) ? parsed : (parsed as { users?: unknown } | null)?.users
  if (!Array.isArray(users)) throw new Error('a .json file holds an array of users or { "users": [...] }')
  for (let i = 0; i < users.length; i += size) yield users.slice(i, i + size)
}

const reportLine = (r: ImportResult) => `row ${r.index}: ${r.status}${r.error ? ` ${r.error.field ? `${r.error.field}: ` : ''}${r.error.message}` : ''}`

/**
 * `foyer users import <appId> <file> [--dry-run]`: answers the exit code (2: bad usage, 1: failed; 0 once the file is
 * read, whatever its rows' fates, which the output lists). Events of the created users go to the audit log and the
 * webhooks outbox, actor `cli`.
 */
export async function usersCommand(args: readonly string[], io: UsersCommandIo, deps: UsersCommandDeps): Promise<number> {
  const dryRun = args.includes('--dry-run')
  const [sub, appId, file, ...extra] = args.filter((a) => a !== '--dry-run')
  if (sub !== 'import' || !appId || !file || extra.length) {
    io.err(`foyer users: expected import <appId> <file> [--dry-run]\n\nUsage:\n${USERS_USAGE}`)
    return 2
  }
  if (appId.length !== APP_ID_LENGTH || !/^[\x21-\x7e]+$/.test(appId)) {
    io.err(`foyer users: "${appId}" is not an app id (${APP_ID_LENGTH} characters, as in the apps config)`)
    return 2
  }
  const started = performance.now()
  const totals = { rows: 0, created: 0, existing: 0, conflicts: 0, invalid: 0 }
  let services: Awaited<ReturnType<UsersCommandDeps['open']>> | undefined
  try {
    services = await deps.open()
    const claimed = new Map<string, number>()
    for await (const chunk of chunksOf(file, deps.chunkSize ?? 1000)) {
      const report = await importUsers(services, appId, chunk.map((row) => (row === NOT_JSON ? undefined : row)), { dryRun, firstIndex: totals.rows, actor: 'cli', claimed })
      for (const r of report.results) {
        if (chunk[r.index - totals.rows] === NOT_JSON) r.error = { message: 'Not JSON' }
        if (r.status === 'conflict' || r.status === 'invalid') io.out(reportLine(r))
      }
      totals.rows += chunk.length
      totals.created += report.created
      totals.existing += report.existing
      totals.conflicts += report.conflicts
      totals.invalid += report.invalid
      io.err(`… ${totals.rows} rows`)
    }
    const seconds = (performance.now() - started) / 1000
    io.out(
      `${dryRun ? 'Dry run (nothing written): ' : ''}${totals.rows} rows for app ${appId}: ${totals.created} ${dryRun ? 'would be created' : 'created'}, ${totals.existing} existing, ${totals.conflicts} conflict(s), ${totals.invalid} invalid, in ${seconds.toFixed(1)} s (${Math.round(totals.rows / Math.max(seconds, 0.001))} rows/s)`,
    )
    return 0
  } catch (error) {
    io.err(`foyer users import: ${(error as Error).message}`)
    io.err(`The first ${totals.rows} rows are done (later ones may be too, each whole): running the same file again reports them as existing.`)
    return 1
  } finally {
    await services?.close()
  }
}
