#!/usr/bin/env node
import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { APP_SECRET_USAGE, appSecretCommand } from './appSecretCommand.js'
import { migrateToPostgres } from './migrateToPostgres.js'
import { openCommandServices } from './openCommandServices.js'
import { openServerDb } from './openServerDb.js'
import { rotateSigningKeyCommand } from './rotateSigningKey.js'

const COMMANDS = `  rotate-signing-key [--lead-seconds N]   Store a new token signing key that signs N seconds from now (default 600,
                                          at least 360) and retire replaced keys whose tokens have all expired.
  migrate-to-postgres [--from DIR]        Copy the PGlite folder DIR (default FOYER_DATA_DIR or ./.foyer-data) into the
                                          PostgreSQL database DATABASE_URL. Start the server once on DATABASE_URL with
                                          the same plugins first (it makes the tables), and stop both.
  migrate-from-privy <dir> [--dry-run]    Rewrite the Privy app in <dir> to run on Foyer: its imports, PrivyProvider,
                                          @privy-io/wagmi and package.json; what needs a person gets a TODO(foyer)
                                          comment. --dry-run prints the diff and writes nothing. Needs ts-morph
                                          (npm install --save-dev ts-morph).
${APP_SECRET_USAGE}
  webhook add|list|remove|deliveries|replay
                                          Manage an app's webhook endpoints and see or replay their deliveries
                                          (foyer webhook for the details). Needs FOYER_WEBHOOK_KEK in production.
  users import <appId> <file> [--dry-run] Import users in bulk from a .jsonl or .json file (Privy's import shape;
                                          foyer users for the details). Re-running a file creates nothing twice.
  admin add|list|remove                   The admin console's operators (foyer admin for the details): add <email>
                                          [--role owner|viewer] makes the admin app's user with that e-mail one.`

const NOTE = `All but migrate-from-privy use the server's database: DATABASE_URL, else the PGlite folder FOYER_DATA_DIR (default ./.foyer-data),
which only one process may open: stop the server first when it uses PGlite.`

/** The usage text: `commands`' lines (a bin's own, e.g. `start`) before the kernel's. */
const usageOf = (commands: readonly CliCommand[]) => `Usage: foyer <command>\n\nCommands:\n${commands.map((c) => `${c.usage}\n`).join('')}${COMMANDS}\n\n${NOTE}`

/** Writes of a run (stdout, stderr), so tests can read them. */
export interface CliIo {
  out(line: string): void
  err(line: string): void
}

/**
 * A command a bin adds to the kernel's (the package's bin adds `start`, which composes the plugins: core can't).
 * `usage` is its line(s) in `foyer help`, indented as the kernel's.
 */
export interface CliCommand {
  name: string
  usage: string
  run(args: readonly string[], io: CliIo): Promise<number>
}

/**
 * `foyer <command> [options]`: runs the command and answers the exit code (2: unknown command or bad options).
 * `commands` are a bin's own, tried first and listed first in the usage.
 */
export async function main(argv: readonly string[], io: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) }, commands: readonly CliCommand[] = []): Promise<number> {
  const [command, ...rest] = argv
  const USAGE = usageOf(commands)
  const own = commands.find((c) => c.name === command)
  if (own) return own.run(rest, io)
  if (command === 'help' || command === '--help' || command === '-h') {
    io.out(USAGE)
    return 0
  }
  if (command === 'rotate-signing-key') {
    let leadSeconds: number | undefined
    for (let i = 0; i < rest.length; i++) {
      const arg = rest[i]!
      const value = arg.startsWith('--lead-seconds=') ? arg.slice('--lead-seconds='.length) : arg === '--lead-seconds' ? rest[++i] : undefined
      if (value === undefined || !/^\d+$/.test(value)) {
        io.err(`foyer rotate-signing-key: unknown or incomplete option ${arg}\n\n${USAGE}`)
        return 2
      }
      leadSeconds = Number(value)
    }
    try {
      await rotateSigningKeyCommand({ ...(leadSeconds !== undefined ? { leadSeconds } : {}), print: io.out })
      return 0
    } catch (error) {
      io.err(`foyer rotate-signing-key: ${(error as Error).message}`)
      return 1
    }
  }
  if (command === 'migrate-to-postgres') {
    const from = rest[0] === '--from' ? rest[1] : rest[0]?.startsWith('--from=') ? rest[0].slice('--from='.length) : rest.length ? null : undefined
    const databaseUrl = process.env.DATABASE_URL
    if (from === null || (rest[0] === '--from' && (!from || rest.length > 2)) || (rest[0] !== '--from' && rest.length > 1)) {
      io.err(`foyer migrate-to-postgres: unknown or incomplete option ${rest.join(' ')}\n\n${USAGE}`)
      return 2
    }
    if (!databaseUrl) {
      io.err('foyer migrate-to-postgres: set DATABASE_URL to the PostgreSQL database to move into')
      return 2
    }
    try {
      const dataDir = from ?? process.env.FOYER_DATA_DIR ?? './.foyer-data'
      const report = await migrateToPostgres({ dataDir, databaseUrl })
      io.out(`Moved ${report.rows} rows from ${dataDir} into PostgreSQL:`)
      for (const [table, rows] of Object.entries(report.tables)) if (rows) io.out(`  ${table}: ${rows}`)
      io.out('Start the server with DATABASE_URL set; keep the PGlite folder until you have checked it.')
      return 0
    } catch (error) {
      io.err(`foyer migrate-to-postgres: ${(error as Error).message}`)
      return 1
    }
  }
  if (command === 'app-secret') return appSecretCommand(rest, io)
  if (command === 'migrate-from-privy') {
    // The codemod belongs to the privy-compat plugin; core reaches it through the package's public entry, by the
    // package's own name (Node resolves a package's self-reference through its "exports", from src and dist alike).
    const { migrateFromPrivyCommand } = await import('foyer/privy/codemod')
    return migrateFromPrivyCommand(rest, io)
  }
  if (command === 'webhook') {
    // The webhooks plugin's command, reached like the codemod: through the package's public entry, never a relative import.
    const webhooks = await import('foyer/plugins/webhooks/server')
    return webhooks.webhookCommand(rest, io, { openDb: () => openServerDb({ plugins: [webhooks.webhooksServer()] }) })
  }
  if (command === 'users') {
    // The management plugin's command, reached the same way; created users' events go to the webhooks outbox too.
    const management = await import('foyer/plugins/management/server')
    const webhooks = await import('foyer/plugins/webhooks/server')
    const plugins = [management.managementServer(), webhooks.webhooksServer()]
    return management.usersCommand(rest, io, { open: () => openCommandServices(plugins) })
  }
  if (command === 'admin') {
    // The admin console's command, reached the same way; operators' events go to the webhooks outbox too.
    const admin = await import('foyer/plugins/admin-console/server')
    const webhooks = await import('foyer/plugins/webhooks/server')
    const plugins = [admin.adminConsoleServer(), webhooks.webhooksServer()]
    return admin.adminCommand(rest, io, { open: () => openCommandServices(plugins) })
  }
  io.err(`${command ? `foyer: unknown command ${command}` : 'foyer: no command'}\n\n${USAGE}`)
  return 2
}

/** Run as a program (`foyer …`, through npm's bin link too), not imported. */
function invokedDirectly(): boolean {
  try {
    return process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href
  } catch {
    return false
  }
}
if (invokedDirectly()) process.exitCode = await main(process.argv.slice(2))
