#!/usr/bin/env node
import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { rotateSigningKeyCommand } from './rotateSigningKey.js'

const USAGE = `Usage: foyer <command>

Commands:
  rotate-signing-key [--lead-seconds N]   Store a new token signing key that signs N seconds from now (default 600,
                                          at least 360) and retire replaced keys whose tokens have all expired.

The database is the server's: DATABASE_URL, else the PGlite folder FOYER_DATA_DIR (default ./.foyer-data), which
only one process may open: stop the server first when it uses PGlite.`

/** Writes of a run (stdout, stderr), so tests can read them. */
export interface CliIo {
  out(line: string): void
  err(line: string): void
}

/** `foyer <command> [options]`: runs the command and answers the exit code (2: unknown command or bad options). */
export async function main(argv: readonly string[], io: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) }): Promise<number> {
  const [command, ...rest] = argv
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
