// `foyer/privy/codemod`: the `foyer migrate-from-privy` command. The CLI (core/server/cli/main.ts) reaches it through
// this public entry, by the package's own name, so core never imports a plugin by path. Loading it costs nothing:
// ts-morph (an optional peer) loads only when the command runs.
export { MIGRATE_FROM_PRIVY_USAGE, TS_MORPH_MISSING, migrateFromPrivyCommand, type MigrateFromPrivyCommandOptions, type MigrateFromPrivyIo } from './cli.js'
export type { ChangedFile, MigrateFromPrivyParameters, MigrateFromPrivyReturnType, MigrationTodo } from './migrateFromPrivy.js'
